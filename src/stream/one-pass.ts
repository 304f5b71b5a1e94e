// Process-wide settings for a program that makes one pass over its input in
// a fresh process, as the urisift command does. Much of such a run goes by
// before V8's optimizing compiler has settled, and, on Linux, in page faults
// that glibc's default malloc thresholds cause. A library must not change
// the process it is loaded into, so nothing here runs on import: the
// program calls tuneForOnePass() once, when it starts (bench/README.md, "The
// first pass and the command").

import { createRequire } from 'node:module';

/** What tuneForOnePass() changed. */
export interface OnePassSettings {
  /** TurboFan's inlining budget was lowered to 200 (false when node's command line gives one, or on a later call). */
  readonly inliningBudget: boolean;
  /** The 4 MiB block that raises glibc's malloc thresholds was allocated (Linux; false elsewhere, or on a later call). */
  readonly mallocBlock: boolean;
}

const INLINING = '--max-inlined-bytecode-size-cumulative';
const BUDGET = 200;
const BLOCK = 4 << 20;

let tuned = false;

/**
 * Tune this process for one pass over its input. Process-wide and for the
 * process's life, so for a program's own use, not a library's; a second
 * call changes nothing. It
 *
 * - lowers TurboFan's inlining budget (`--max-inlined-bytecode-size-cumulative`,
 *   V8's default 920) to 200, unless node's command line sets it (node
 *   takes no such flag from NODE_OPTIONS): each compile is cheaper, and
 *   whole runs of the command over 32 MiB of real text took 8–15% less
 *   time. V8 reads it when it optimizes a function, so setting it once
 *   code runs is in time;
 * - on Linux, allocates one 4 MiB block that is never touched. glibc gives
 *   freed memory at the top of its heap back to the system past 128 KiB,
 *   and serves blocks of 128 KiB or more with mmap, so the buffers of
 *   reading and decoding, freed in batches by each garbage collection,
 *   fault their pages in again and again; a page fault is dear on a virtual
 *   machine. Freeing an mmap'd block raises both thresholds to its size
 *   (glibc's dynamic threshold), and the first collection frees this one. A
 *   process that stays up may then keep up to 8 MiB more freed memory for
 *   reuse. Under musl, or elsewhere, it is an untouched allocation.
 */
export function tuneForOnePass(): OnePassSettings {
  if (tuned) return { inliningBudget: false, mallocBlock: false };
  tuned = true;
  const inliningBudget = !givenToNode(INLINING);
  // node:v8 is loaded here, not imported: a program that never calls this does not pay for loading it.
  if (inliningBudget) (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(`${INLINING}=${BUDGET}`);
  const mallocBlock = process.platform === 'linux';
  if (mallocBlock) Buffer.allocUnsafeSlow(BLOCK);
  return { inliningBudget, mallocBlock };
}

/** Does node's command line set V8 flag `flag` (V8 takes `_` for `-`)? */
function givenToNode(flag: string): boolean {
  return process.execArgv.some((a) => a.replace(/_/g, '-').startsWith(flag));
}
