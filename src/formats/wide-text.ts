// UTF-16 and UTF-32 text with no byte-order mark: under charset 'auto' its
// NULs pass as ASCII, so no URI in it is found. The input is read as given,
// with a warning that names the charset which reads it: nothing is lost
// without a word. The command's binary-file notice uses the same test.

import type { FormatContext } from './types.js';

/** What a head of bytes with NULs looks like: text in a wide charset with no BOM, or 'binary'. */
export type WideKind = 'binary' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/** The bytes looked at: grep's block for its binary-file test. */
export const BINARY_BLOCK = 8192;

/**
 * UTF-32LE (or BE) when nearly every four bytes are a character's and then
 * three NULs (mostly ASCII text in UTF-32 without a BOM), UTF-16LE (or BE)
 * when nearly every second byte is a NUL and nearly no other one is, else
 * 'binary'.
 */
export function binaryKind(head: Uint8Array): WideKind {
  const n = Math.min(head.length, BINARY_BLOCK) & ~3;
  const nuls = [0, 0, 0, 0]; // NULs at each place of a group of four
  for (let i = head.indexOf(0); i !== -1 && i < n; i = head.indexOf(0, i + 1)) nuls[i & 3]!++;
  return kindOf(nuls, n);
}

/** binaryKind of `n` bytes (a multiple of 4) whose NULs at each place of a group of four are `nuls`. */
function kindOf(nuls: readonly number[], n: number): WideKind {
  if (n < 16) return 'binary';
  const [a, b, c, d] = nuls as [number, number, number, number];
  const quads = n / 4;
  const most = (count: number): boolean => count >= 0.9 * quads;
  const few = (count: number): boolean => count <= 0.02 * quads;
  if (most(b) && most(c) && most(d) && few(a)) return 'utf-32le';
  if (most(a) && most(b) && most(c) && few(d)) return 'utf-32be';
  if (most(b) && most(d) && few(a) && few(c)) return 'utf-16le';
  if (most(a) && most(c) && few(b) && few(d)) return 'utf-16be';
  return 'binary';
}

/** Does the head start with a UTF-16 or UTF-32 BOM (which 'auto' reads)? */
export function startsWithWideBom(head: Uint8Array): boolean {
  return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) ||
    (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff);
}

/**
 * Charset 'auto', bytes in: the NULs of the first BINARY_BLOCK bytes, counted
 * by their place in a group of four, and the first four bytes (a BOM), to be
 * judged once. Nothing is held: an input with no NUL costs one native search.
 */
export class WideTextCheck {
  readonly #nuls = [0, 0, 0, 0];
  readonly #first = new Uint8Array(4);
  #seen = 0;
  #done = false;

  /** Look at the next bytes; true once the judgement is made (the check can be dropped). */
  look(ctx: FormatContext, bytes: Uint8Array): boolean {
    const n = Math.min(bytes.length, BINARY_BLOCK - this.#seen);
    if (this.#seen < 4) this.#first.set(bytes.subarray(0, Math.min(n, 4 - this.#seen)), this.#seen);
    for (let i = bytes.indexOf(0); i !== -1 && i < n; i = bytes.indexOf(0, i + 1)) this.#nuls[(this.#seen + i) & 3]!++;
    this.#seen += n;
    if (this.#seen >= BINARY_BLOCK) this.end(ctx);
    return this.#done;
  }

  /** The input ended, or the block is full: warn when it reads as wide text with no BOM. */
  end(ctx: FormatContext): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#nuls.every((k) => k === 0) || startsWithWideBom(this.#first.subarray(0, Math.min(this.#seen, 4)))) return;
    const kind = kindOf(this.#nuls, this.#seen & ~3);
    if (kind === 'binary') return;
    ctx.warn({ code: 'wide-text-no-bom', message: `the input reads as ${kind.toUpperCase()} text with no byte-order mark, which charset 'auto' does not detect: give charset '${kind}'`, line: 1 });
  }
}
