// Whole-pipeline throughput on each corpus:
//   fs.createReadStream → createExtractStream() → consume the Found objects
// against the floor of any streaming text tool:
//   fs.createReadStream → a bare UTF-8 decoding Transform (StringDecoder) → consume
// both with stream/promises pipeline, interleaved, best of N after a warm-up;
// and two floors in the same passes (bench/lib/floors.ts): the bare pipeline
// also pushing as many objects as urisift finds, and a toy extractor that
// only finds "://" runs. No extractor behind a Transform beats the first,
// and none that finds the URIs beats the second by much.
//
// Then the first pass of fresh processes (bench/lib/fresh-pass.ts) against
// the best warmed pass.
//
//   npx tsx bench/pipeline.ts [--runs 6] [--corpus mail.mbox] [--set real|generated|both] [--fresh 3] [--no-forced]
import fs from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { createExtractStream, extract } from '../dist/index.js';
import { corpusLabel, selectCorpora } from './real-corpora.js';
import { freshPass } from './lib/fresh-pass.js';
import { pushOnlyStream, toyExtractStream } from './lib/floors.js';
import { MiB, fmtMs, fmtNum, fmtRatio, gc, isMain, log, mdTable, mibPerSec, now, passFail, helpIfAsked } from './lib/util.js';

/** Pipeline targets by corpus label (bench/README.md). */
const TARGETS: Record<string, number> = { 'real/prose.txt': 0.6, 'real/mail.mbox': 0.6, 'real/access.log': 0.5 };

/** The baseline: bytes in, strings out (objectMode), nothing else. */
export function decodeStream(): Transform {
  const decoder = new StringDecoder('utf8');
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, cb) {
      const s = decoder.write(chunk);
      if (s.length > 0) this.push(s);
      cb();
    },
    flush(cb) {
      const s = decoder.end();
      if (s.length > 0) this.push(s);
      cb();
    },
  });
}

/** An objectMode sink that counts what it is given. */
export function counter(): { sink: Writable; count: () => number } {
  let n = 0;
  const sink = new Writable({
    objectMode: true,
    highWaterMark: 1024,
    write(_obj: unknown, _enc, cb) {
      n++;
      cb();
    },
    writev(chunks, cb) {
      n += chunks.length;
      cb();
    },
  });
  return { sink, count: () => n };
}

/** One pass of read → `stage` → count; returns the time and what reached the sink. */
async function timePass(file: string, stage: () => Transform, forceGc: boolean): Promise<{ ms: number; count: number }> {
  const { sink, count } = counter();
  if (forceGc) gc();
  const t0 = now();
  await pipeline(fs.createReadStream(file), stage(), sink);
  return { ms: now() - t0, count: count() };
}

const timeExtract = (file: string, forceGc: boolean) => timePass(file, () => createExtractStream(), forceGc);
const timeDecode = (file: string, forceGc: boolean) => timePass(file, decodeStream, forceGc);
/** The same pipeline with the memo off: every URI parsed and copied, as if none repeated. */
const timeNoMemo = (file: string, forceGc: boolean) => timePass(file, () => createExtractStream({ memo: 0 }), forceGc);

/** The floors: the bare pipeline pushing `found` objects over the file's 64 KiB reads, and the toy extractor. */
const timePushOnly = (file: string, bytes: number, found: number) => timePass(file, () => pushOnlyStream(found, Math.ceil(bytes / 65536)), false);
const timeToy = (file: string) => timePass(file, toyExtractStream, false);

interface Best { ours: number; base: number; noMemo: number; pushOnly: number; toy: number; found: number }

/** Best times of `runs` interleaved passes of each pipeline (memo off and the floors too, in the steady run). */
async function measure(file: string, bytes: number, runs: number, forceGc: boolean, expect: number): Promise<Best> {
  const times: Record<'ours' | 'base' | 'noMemo' | 'pushOnly' | 'toy', number[]> = { ours: [], base: [], noMemo: [], pushOnly: [], toy: [] };
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const a = await timeExtract(file, forceGc);
    const b = await timeDecode(file, forceGc);
    times.ours.push(a.ms);
    times.base.push(b.ms);
    found = a.count;
    let more = '';
    if (!forceGc) {
      const c = await timeNoMemo(file, forceGc);
      const d = await timePushOnly(file, bytes, expect);
      const e = await timeToy(file);
      times.noMemo.push(c.ms);
      times.pushOnly.push(d.ms);
      times.toy.push(e.ms);
      more = `, memo off ${fmtMs(c.ms)}, push only ${fmtMs(d.ms)}, toy ${fmtMs(e.ms)} (${fmtNum(e.count)} found)`;
    }
    log(`  pass ${i + 1}${forceGc ? ' (GC forced)' : ''}: extract stream ${fmtMs(a.ms)} (${fmtNum(a.count)} found), decode only ${fmtMs(b.ms)}${more}`);
  }
  const best = (xs: number[]) => (xs.length === 0 ? NaN : Math.min(...xs));
  return { ours: best(times.ours), base: best(times.base), noMemo: best(times.noMemo), pushOnly: best(times.pushOnly), toy: best(times.toy), found };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' }, corpus: { type: 'string', multiple: true }, set: { type: 'string' }, fresh: { type: 'string' },
      'no-forced': { type: 'boolean' },
    },
    strict: false,
  });
  const runs = typeof values.runs === 'string' ? Number(values.runs) : 6;
  const only = Array.isArray(values.corpus) ? values.corpus.map(String) : undefined;
  const fresh = typeof values.fresh === 'string' ? Number(values.fresh) : 3;
  const corpora = selectCorpora(values.set).filter((c) => only === undefined || only.includes(c.name));

  const rows: string[][] = [];
  for (const c of corpora) {
    const label = corpusLabel(c);
    log(`pipeline: ${label}`);
    // Warm-up: one pass of each (also pulls the file into the page cache).
    await timeDecode(c.file, false);
    const warm = await timeExtract(c.file, false);
    const steady = await measure(c.file, c.bytes, runs, false, warm.count);
    // The same with a full GC forced before every pass. A pipeline leaves no
    // garbage worth clearing, and a forced full GC makes V8 throw away code
    // optimized for the objects it frees (each pass then recompiles the hot
    // functions), so the target is judged on the steady run; this column
    // shows how much that costs.
    const forced = values['no-forced'] === true ? undefined : await measure(c.file, c.bytes, runs, true, warm.count);
    const firsts: number[] = [];
    const tunedFirsts: number[] = [];
    for (let i = 0; i < fresh; i++) {
      firsts.push(freshPass(c.file).ms);
      tunedFirsts.push(freshPass(c.file, true).ms);
    }
    log(`  fresh processes' first passes: ${firsts.map(fmtMs).join(', ')}; after tuneForOnePass(): ${tunedFirsts.map(fmtMs).join(', ')}`);
    const first = Math.min(...firsts);
    const tunedFirst = Math.min(...tunedFirsts);
    // Chunking must not change the output: compare with extract() on the whole text.
    const uris = extract(fs.readFileSync(c.file, 'utf8')).map((f) => f.uri);
    const whole = uris.length;
    const repeated = whole === 0 ? 0 : 1 - new Set(uris).size / whole; // the most a memo could take
    if (whole !== steady.found) log(`  ${c.name}: the stream found ${fmtNum(steady.found)}, extract(text) ${fmtNum(whole)}`);
    const oursRate = mibPerSec(c.bytes, steady.ours);
    const baseRate = mibPerSec(c.bytes, steady.base);
    const ratio = oursRate / baseRate;
    const target = TARGETS[label] ?? 0.5;
    rows.push([
      label,
      (c.bytes / MiB).toFixed(1),
      oursRate.toFixed(1),
      baseRate.toFixed(1),
      fmtRatio(ratio),
      `${passFail(ratio >= target)} (≥ ${target}×)`,
      forced === undefined ? '—' : fmtRatio(forced.base / forced.ours),
      fmtRatio(steady.base / steady.noMemo),
      fmtRatio(steady.base / steady.pushOnly),
      fmtRatio(steady.base / steady.toy),
      `${fmtRatio(steady.ours / steady.toy)} ${passFail(steady.ours <= 1.3 * steady.toy)}`,
      `${fmtRatio(first / steady.ours)} ${passFail(first <= 1.3 * steady.ours)}`,
      fmtRatio(tunedFirst / steady.ours),
      `${(100 * repeated).toFixed(0)}%`,
      fmtNum(steady.found),
      whole === steady.found ? 'same' : `**${fmtNum(whole)}**`,
    ]);
  }
  const out: string[] = [];
  out.push('### Pipeline: read → createExtractStream() → consume');
  out.push('');
  out.push(`Against read → StringDecoder Transform → consume, same run; best of ${runs} interleaved passes after a warm-up. Targets: ≥ 0.6× on the real-text prose and mail, ≥ 0.5× on the real-text log (and on the generated corpora); our time within 1.3× of the toy floor's; a fresh process's first pass within 1.3× of the best warmed pass (best of ${fresh} processes; next to it, processes that call \`tuneForOnePass()\` first, as the CLI does, interleaved with them). Then the ratio with a full GC forced before every pass (see bench/README.md), and with the memo off (\`memo: 0\`: every URI parsed and copied, as in a text whose URIs never repeat), next to the share of URIs that repeat one found before. The two floors, in the same passes (bench/lib/floors.ts): "push only" is the bare pipeline also pushing as many objects as urisift finds, with nothing found, which no extractor behind a Transform can beat; "toy" finds only \`scheme://\` runs with \`indexOf\` and a character table, with no rules, no validation and no line or column.`);
  out.push('');
  out.push(mdTable(['corpus', 'MiB', 'extract stream MiB/s', 'decode-only MiB/s', 'ratio', 'target', 'ratio, GC forced', 'ratio, memo off', 'floor: push only', 'floor: toy', 'time ÷ toy (≤ 1.3×)', 'fresh first pass ÷ warm (≤ 1.3×)', 'the same, after tuneForOnePass()', 'URIs repeated', 'found', 'extract(text) found'], rows));
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

if (isMain(import.meta.url)) await main();
