// Where the pipeline's time goes: the figures behind the README's "Why the
// pipeline target moves". Not run by `npm run bench`; each part is best of N
// in one process, so compare the numbers with each other, not across runs.
//
//   npm run build && npx tsx bench/tools/costs.ts [--part uri,text,read,memo] [--runs 10]
//
// uri:  ns per URI on synthetic access-log lines (one URI per line, quoted
//       or bare, each a memo hit or a first sighting), over the same lines
//       without a URI.
// text: decoding each corpus's 64 KiB chunks (TextDecoder, Buffer#toString,
//       transcode, isAscii + latin1, urisift's Decoder) and counting its
//       lines (indexOf and the others).
// read: what one fs.read of 64 KiB costs the main thread before it returns.
// pipe: the whole pipeline (fs.createReadStream → createExtractStream() →
//       a counting sink) with its parts timed: the scan (Extractor#write)
//       and the fs.read calls the file stream makes, best wall of N.
// memo: the share of each corpus's URIs the memo takes, against an unbounded
//       memo of the same URIs.
import fs from 'node:fs';
import path from 'node:path';
import { isAscii, isUtf8, transcode } from 'node:buffer';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Decoder, Extractor, createExtractStream, extract } from '../../dist/index.js';
import { TargetMemo } from '../../src/delimit/memo.js';
import { CORPORA_DIR, now, helpIfAsked } from '../lib/util.js';

helpIfAsked(import.meta.url);
const { values } = parseArgs({ options: { part: { type: 'string' }, runs: { type: 'string' } } });
const parts = new Set((values.part ?? 'uri,text,read,pipe,memo').split(','));
const runs = Number(values.runs ?? 10);
const CORPORA = ['access.log', 'mail.mbox', 'prose.txt'];

/** Best time of `runs` calls of `f`, after one warm-up call. */
function best(f: () => unknown): number {
  f();
  let ms = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    f();
    ms = Math.min(ms, now() - t0);
  }
  return ms;
}

function chunks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65536) out.push(bytes.subarray(i, i + 65536));
  return out;
}

function scanAll(input: Buffer[]): number {
  const ex = new Extractor();
  let n = 0;
  for (const c of input) n += ex.write(c).length;
  return n + ex.end().length;
}

const BOTS = ['+http://www.semrush.com/bot.html', '+http://www.google.com/bot.html', '+http://www.bing.com/bingbot.htm',
  '+http://yandex.com/bots', 'http://ahrefs.com/robot/'];
const LINES = 200_000;
const FIELDS: [string, (i: number) => string][] = [
  ['no URI', () => '"-" "Go-http-client/1.1"'],
  ['quoted, memo hit', (i) => `"https://www.example.org/reader/p${i % 50}" "Go-http-client/1.1"`],
  ['quoted, first sighting', (i) => `"https://www.example.org/reader/p${i}" "Go-http-client/1.1"`],
  ['bare, memo hit', (i) => `"-" "Mozilla/5.0 (compatible; Bot/7.0; ${BOTS[i % BOTS.length]})"`],
  ['bare, first sighting', (i) => `"-" "Mozilla/5.0 (compatible; Bot/7.0; +http://bot.example/p${i}.html)"`],
];

function uriCosts(): void {
  const line = (field: string): string => `1.2.3.4 - - [10/Mar/2024:00:00:00 +0000] "GET /a HTTP/1.1" 200 1 ${field}\n`;
  const ms = FIELDS.map(([, f]) => {
    const input = chunks(Buffer.from(Array.from({ length: LINES }, (_, i) => line(f(i))).join('')));
    return best(() => scanAll(input));
  });
  console.log(`uri: ns per line over ${LINES.toLocaleString()} synthetic log lines (scan alone), and per URI over "no URI"`);
  FIELDS.forEach(([name], k) => {
    const perLine = (ms[k]! * 1e6) / LINES;
    const perUri = ((ms[k]! - ms[0]!) * 1e6) / LINES;
    console.log(`  ${name.padEnd(24)} ${perLine.toFixed(0).padStart(5)} ns/line${k === 0 ? '' : `  ${perUri.toFixed(0).padStart(5)} ns/URI`}`);
  });
}

function textCosts(): void {
  console.log('text: ms per corpus, 64 KiB chunks');
  for (const name of CORPORA) {
    const input = chunks(fs.readFileSync(path.join(CORPORA_DIR, name)));
    const ascii = input.filter((c) => isAscii(c)).length;
    // Each decoder's strings are dropped as they come, as in the pipeline.
    const decode = (f: (c: Buffer) => string) => () => input.reduce((n, c) => n + f(c).length, 0);
    const td = new TextDecoder('utf-8', { ignoreBOM: true });
    const texts = input.map((c) => td.decode(c, { stream: true }));
    const count = (f: (s: string) => number) => () => texts.reduce((n, s) => n + f(s), 0);
    const rows: [string, number][] = [
      ['TextDecoder', best(decode((c) => td.decode(c, { stream: true })))],
      ["Buffer#toString('utf8')", best(decode((c) => c.toString('utf8')))],
      ['isUtf8 + transcode', best(decode((c) => (isUtf8(c) ? transcode(c, 'utf8', 'utf16le').toString('utf16le') : '')))],
      ['Decoder (urisift, auto)', best(() => { const d = new Decoder(); return input.reduce((n, c) => n + d.write(c).length, 0); })],
      ["isAscii + toString('latin1')", best(decode((c) => (isAscii(c) ? c.toString('latin1') : '')))],
      ["lines: indexOf('\\n')", best(count(indexOfCount))],
      ["lines: split('\\n')", best(count((s) => s.split('\n').length - 1))],
      ['lines: match(/\\n/g)', best(count((s) => s.match(/\n/g)?.length ?? 0))],
      ['lines: charCodeAt loop', best(count(loopCount))],
    ];
    console.log(`  ${name} (${ascii} of ${input.length} chunks all ASCII, ${count(indexOfCount)().toLocaleString()} line breaks)`);
    for (const [what, ms] of rows) console.log(`    ${what.padEnd(30)} ${ms.toFixed(1).padStart(6)} ms`);
  }
}

function indexOfCount(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

function loopCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** The part of fs.read that runs on the main thread before the call returns. */
async function readCost(): Promise<void> {
  const file = path.join(CORPORA_DIR, 'access.log');
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(65536);
  let inCall = 0;
  let calls = 0;
  const t0 = now();
  await new Promise<void>((resolve, reject) => {
    const next = (pos: number): void => {
      const s = now();
      fs.read(fd, buf, 0, buf.length, pos, (err, n) => {
        if (err !== null) reject(err);
        else if (n === 0) resolve();
        else next(pos + n);
      });
      inCall += now() - s;
      calls++;
    };
    next(0);
  });
  fs.closeSync(fd);
  console.log(`read: ${calls} reads of 64 KiB: ${((inCall * 1000) / calls).toFixed(1)} µs each in the call, ${inCall.toFixed(1)} ms in all; ${(now() - t0).toFixed(1)} ms wall`);
}

/** The pipeline's wall time, and the parts of it spent scanning and inside fs.read calls. */
async function pipeCosts(): Promise<void> {
  console.log('pipe: read → createExtractStream() → sink, best wall of runs, with its parts in that pass');
  let scan = 0;
  let inRead = 0;
  const write = Extractor.prototype.write;
  Extractor.prototype.write = function (this: Extractor, chunk: Uint8Array | string) {
    const t0 = now();
    try {
      return write.call(this, chunk);
    } finally {
      scan += now() - t0;
    }
  };
  const timedFs = {
    ...fs,
    read(...args: Parameters<typeof fs.read>): void {
      const t0 = now();
      (fs.read as (...a: unknown[]) => void)(...args);
      inRead += now() - t0;
    },
  };
  try {
    for (const name of CORPORA) {
      const file = path.join(CORPORA_DIR, name);
      let bestPass = [Infinity, 0, 0];
      for (let i = 0; i < runs; i++) {
        scan = inRead = 0;
        const sink = new Writable({ objectMode: true, highWaterMark: 1024, write: (_o, _e, cb) => cb() });
        const t0 = now();
        await pipeline(fs.createReadStream(file, { fs: timedFs }), createExtractStream(), sink);
        const wall = now() - t0;
        if (wall < bestPass[0]!) bestPass = [wall, scan, inRead];
      }
      const [wall, s, r] = bestPass as [number, number, number];
      console.log(`  ${name.padEnd(11)} wall ${wall.toFixed(0)} ms: scan ${s.toFixed(0)}, in fs.read ${r.toFixed(1)}, the rest ${(wall - s - r).toFixed(0)}`);
    }
  } finally {
    Extractor.prototype.write = write;
  }
}

/** The memo's hits (counted by wrapping recall) against an unbounded memo of the references that are their own target. */
function memoShare(): void {
  console.log('memo: share of URIs taken from the memo, against an unbounded memo');
  let hits = 0;
  const recall = TargetMemo.prototype.recall;
  TargetMemo.prototype.recall = function (this: TargetMemo, ...a: Parameters<typeof recall>) {
    const r = recall.apply(this, a);
    if (r !== undefined) hits++;
    return r;
  };
  try {
    for (const name of CORPORA) {
      const bytes = fs.readFileSync(path.join(CORPORA_DIR, name));
      hits = 0;
      const found = scanAll(chunks(bytes));
      const taken = hits;
      const seen = new Set<string>();
      let could = 0;
      for (const f of extract(bytes, { memo: 0 })) {
        const own = f.uri === f.raw && !f.repaired && f.alternates.length === 0 && f.uri.length <= 128;
        if (own && seen.has(f.uri)) could++;
        else if (own) seen.add(f.uri);
      }
      console.log(`  ${name.padEnd(11)} ${pct(taken, found)} taken, ${pct(could, found)} with an unbounded memo (${found.toLocaleString()} URIs)`);
    }
  } finally {
    TargetMemo.prototype.recall = recall;
  }
}

const pct = (a: number, b: number): string => `${((100 * a) / b).toFixed(1)}%`;

if (parts.has('uri')) uriCosts();
if (parts.has('text')) textCosts();
if (parts.has('read')) await readCost();
if (parts.has('pipe')) await pipeCosts();
if (parts.has('memo')) memoShare();
