// Log mode against text mode and linkify-it, and its memory on big streams:
//   1. throughput on bench/corpora/access.log: read → createExtractStream({ mode }) → consume,
//      log mode against text mode (without and with a base), best of N interleaved
//      passes after a warm-up; and extract(text, { mode: 'log' }) against linkify-it's
//      match(text) on the same text read as one string;
//   2. memory and linear time, each case in a fresh plain `node` process (no tsx)
//      whose input comes from a generator in that process, never held whole:
//      (a) a generated access log (combined lines, with nginx error, JSON and syslog
//      lines mixed in) at --log-mib and at an eighth of it; (b) one line of prose
//      and links of --line-mib and an eighth of it. Peak RSS (resourceUsage().maxRSS)
//      under --limit, and t(big)/t(small) near 8 (linear).
// Exit 1 when a case finds nothing, or RSS or time is out of bounds.
//
//   npx tsx bench/logs.ts [--runs 5] [--log-mib 1024] [--line-mib 200] [--limit 150] [--part speed,memory] [--quick]
//     (--quick: --runs 1 --log-mib 128 --line-mib 32)
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { LinkifyIt } from 'linkify-it';
import { createExtractStream, extract, type ExtractOptions } from '../dist/index.js';
import { ensureCorpora } from './corpora.js';
import { counter } from './pipeline.js';
import { BENCH_DIR, MiB, fmtMs, fmtNum, fmtRatio, gc, isMain, log, machineLine, mdTable, mibPerSec, now, pairedRatio, passFail, resultOfChild, benchOptions } from './lib/util.js';

const BASE = 'https://www.example.org/';
const DIST = pathToFileURL(path.join(path.dirname(BENCH_DIR), 'dist', 'index.js')).href;

async function streamPass(file: string, options: ExtractOptions): Promise<{ ms: number; found: number }> {
  const { sink, count } = counter();
  const t0 = now();
  await pipeline(fs.createReadStream(file), createExtractStream(options), sink);
  return { ms: now() - t0, found: count() };
}

/** Part 1a: log mode ÷ text mode through the Node stream, with and without a base. */
async function speed(file: string, bytes: number, runs: number, failures: string[]): Promise<string> {
  const rows: string[][] = [];
  for (const base of [undefined, BASE]) {
    const opt = (mode: 'log' | 'text'): ExtractOptions => (base === undefined ? { mode } : { mode, base });
    await streamPass(file, opt('text')); // warm-up (and the page cache)
    await streamPass(file, opt('log'));
    const best = { log: { ms: Infinity, found: 0 }, text: { ms: Infinity, found: 0 } };
    const rounds = { log: [] as number[], text: [] as number[] };
    for (let i = 0; i < runs; i++) {
      for (const mode of ['log', 'text'] as const) {
        const r = await streamPass(file, opt(mode));
        rounds[mode].push(r.ms);
        if (r.ms < best[mode].ms) best[mode] = r;
      }
      log(`  ${base === undefined ? 'no base' : 'base'} pass ${i + 1}: log ${fmtMs(best.log.ms)} best, text ${fmtMs(best.text.ms)} best`);
    }
    const ratio = best.text.ms / best.log.ms;
    if (best.log.found === 0) failures.push('log mode found nothing');
    rows.push([
      base === undefined ? 'none' : `\`${base}\``, mibPerSec(bytes, best.log.ms).toFixed(1), mibPerSec(bytes, best.text.ms).toFixed(1),
      `**${fmtRatio(ratio)}**`, passFail(ratio >= 0.7), fmtRatio(pairedRatio(rounds.text, rounds.log)), fmtNum(best.log.found), fmtNum(best.text.found),
    ]);
  }
  return `#### 1a. Log mode ÷ text mode: read → createExtractStream({ mode }) → consume\n\n\`access.log\`, ${(bytes / MiB).toFixed(1)} MiB. Best of ${runs} interleaved passes after a warm-up. With a base, log mode resolves every request target; text mode reads the same quoted words as relative references. Target ≥ 0.7×, judged on the best passes; next to it the median of the rounds' ratios (each round's two passes side by side), which a slow minute moves less.\n\n${mdTable(
    ['base', 'log MiB/s', 'text MiB/s', 'log ÷ text', 'target ≥ 0.7×', 'median of rounds', 'found (log)', 'found (text)'],
    rows,
  )}\n`;
}

/** Part 1b: extract(text, { mode: 'log' }) ÷ linkify-it on the same string. */
function linkify(file: string, runs: number, failures: string[]): string {
  const text = fs.readFileSync(file, 'utf8');
  const bytes = Buffer.byteLength(text);
  const l = new LinkifyIt();
  const warm = text.slice(0, text.lastIndexOf('\n', 4 * MiB) + 1);
  extract(warm, { mode: 'log' });
  l.match(warm);
  const best = { log: Infinity, linkify: Infinity, text: Infinity };
  const rounds = { log: [] as number[], linkify: [] as number[], text: [] as number[] };
  const found = { log: 0, linkify: 0, text: 0 };
  for (let i = 0; i < runs; i++) {
    for (const k of ['log', 'linkify', 'text'] as const) {
      gc();
      const t0 = now();
      const n = k === 'linkify' ? (l.match(text) ?? []).length : extract(text, { mode: k }).length;
      const ms = now() - t0;
      rounds[k].push(ms);
      best[k] = Math.min(best[k], ms);
      found[k] = n;
    }
    log(`  extract pass ${i + 1}: log ${fmtMs(best.log)}, text ${fmtMs(best.text)}, linkify-it ${fmtMs(best.linkify)} (best)`);
  }
  const ratio = best.linkify / best.log;
  if (found.log === 0) failures.push('extract log found nothing');
  const row = (name: string, k: 'log' | 'text' | 'linkify', n: number): string[] => [
    name, mibPerSec(bytes, best[k]).toFixed(1), fmtNum(n), k === 'linkify' ? '1.00×' : fmtRatio(best.linkify / best[k]), k === 'linkify' ? '1.00×' : fmtRatio(pairedRatio(rounds.linkify, rounds[k])),
  ];
  return `#### 1b. extract(text, { mode: 'log' }) ÷ linkify-it's match(text)\n\nThe same file as one string, best of ${runs} interleaved passes (gc() before each). Target: log mode ≥ 4× linkify-it, judged on the best passes: **${fmtRatio(ratio)}** (${passFail(ratio >= 4)}); the median of the rounds' ratios next to it.\n\n${mdTable(
    ['', 'MiB/s', 'found', '÷ linkify-it', '÷ linkify-it, median of rounds'],
    [row('urisift log mode', 'log', found.log), row('urisift text mode', 'text', found.text), row('linkify-it', 'linkify', found.linkify)],
  )}\n`;
}

/**
 * The child: plain node, ESM, input from a generator in 64 KiB Buffers.
 * argv: dist URL, input ('log' | 'line'), MiB, mode ('log' | 'text' | 'none').
 */
const CHILD = `
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const [dist, input, mib, mode] = process.argv.slice(1);
const { createExtractStream } = await import(dist);
const total = Number(mib) * 1048576;
function* logLines() {
  let made = 0, i = 0, parts = [], size = 0;
  while (made < total) {
    i++;
    const ip = (i * 7919) % 223 + '.' + (i % 251) + '.' + ((i >> 8) % 251) + '.' + (i % 13);
    let line;
    if (i % 20 === 7) line = '2024/03/10 00:00:00 [error] 12#12: *' + i + ' open() "/var/www/html/p' + (i % 500) + '" failed (2: No such file or directory), client: ' + ip + ', server: www.example.org, request: "GET /p' + (i % 500) + ' HTTP/1.1", host: "www.example.org", referrer: "https://www.example.org/from/' + (i % 300) + '"';
    else if (i % 20 === 13) line = '{"time":"2024-03-10T00:00:00Z","remote_addr":"' + ip + '","request":"GET /api/v' + (i % 3) + '/items/' + i + ' HTTP/1.1","status":200,"http_referer":"https://app.example.com/view/' + (i % 700) + '","msg":"see https://docs.example.com/e/' + (i % 90) + ' for details"}';
    else if (i % 20 === 17) line = 'Mar 10 00:00:00 web01 app[' + (i % 999) + ']: fetched https://cdn' + (i % 9) + '.example.net/asset/' + (i % 4000) + '.js in ' + (i % 300) + 'ms';
    else line = ip + ' - - [10/Mar/2024:00:00:00 +0000] "GET /wiki/page' + (i % 5000) + '?id=' + i + ' HTTP/1.1" ' + (i % 9 ? 200 : 404) + ' ' + (i % 100000) + ' "' + (i % 4 ? 'https://www.example.org/ref/' + (i % 1000) : '-') + '" "' + (i % 7 ? 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' : 'Mozilla/5.0 (compatible; Bot/2.1; +http://bot' + (i % 11) + '.example.com/bot.html)') + '"';
    parts.push(line);
    size += line.length + 1;
    if (size >= 65536) {
      const b = Buffer.from(parts.join('\\n') + '\\n');
      made += b.length;
      parts = [];
      size = 0;
      yield b;
    }
  }
}
function* oneLine() {
  let made = 0, i = 0;
  while (made < total) {
    let s = '';
    while (s.length < 65536) { i++; s += 'words and more words, see http://long' + (i % 97) + '.example/p/' + i + ' and "quoted" text 10:30 a:b '; }
    const b = Buffer.from(s);
    made += b.length;
    yield b;
  }
  yield Buffer.from(' end http://end-of-line.example/last\\n');
}
const source = Readable.from(input === 'line' ? oneLine() : logLines(), { objectMode: false });
let found = 0, bytes = 0, last = '';
const warnings = {};
source.on('data', (b) => { bytes += b.length; });
const sink = new Writable({ objectMode: true, highWaterMark: 1024, write(f, _e, cb) { found++; last = f.uri; cb(); } });
const t0 = performance.now();
if (mode === 'none') await pipeline(source, new Writable({ write: (_c, _e, cb) => cb() }));
else await pipeline(source, createExtractStream({ mode, base: 'https://www.example.org/', onWarning: (w) => { warnings[w.code] = (warnings[w.code] ?? 0) + (w.count ?? 1); } }), sink);
const ms = performance.now() - t0;
process.stdout.write('RESULT ' + JSON.stringify({ ms, bytes, found, last, warnings, peakRssMiB: process.resourceUsage().maxRSS / 1024 }) + '\\n');
`;

interface ChildResult { ms: number; bytes: number; found: number; last: string; warnings: Record<string, number>; peakRssMiB: number }

function child(input: 'log' | 'line', mib: number, mode: 'log' | 'text' | 'none', timeoutS: number): Promise<ChildResult | string> {
  return resultOfChild<ChildResult>(['--input-type=module', '-e', CHILD, DIST, input, String(mib), mode], timeoutS);
}

const fmtWarn = (w: Record<string, number>): string => Object.entries(w).map(([k, v]) => `${k} ${fmtNum(v)}`).join(', ') || '—';

/** Part 2: each input at `mib` and `mib / 8`, log mode, text mode and the generator alone, each in a fresh process. */
async function memory(cases: Array<{ name: string; input: 'log' | 'line'; mib: number; what: string }>, limit: number, failures: string[]): Promise<string> {
  const rows: string[][] = [];
  for (const c of cases) {
    const small = Math.max(1, Math.round(c.mib / 8));
    const res: Record<string, ChildResult | string> = {};
    for (const mode of ['log', 'text', 'none'] as const) {
      for (const mib of [small, c.mib]) {
        log(`memory ${c.name}: ${mode} at ${mib} MiB`);
        const r = await child(c.input, mib, mode, 1200);
        res[`${mode}${mib}`] = r;
        log(typeof r === 'string' ? `  ${r}` : `  ${fmtMs(r.ms)}, ${fmtNum(r.found)} found, peak RSS ${r.peakRssMiB.toFixed(1)} MiB`);
      }
    }
    for (const mode of ['log', 'text', 'none'] as const) {
      const big = res[`${mode}${c.mib}`]!;
      const sm = res[`${mode}${small}`]!;
      if (typeof big === 'string' || typeof sm === 'string') {
        failures.push(`${c.name} ${mode}: ${typeof big === 'string' ? big : sm}`);
        rows.push([c.name, mode, `**${typeof big === 'string' ? big : sm}**`, '', '', '', '', '', '', '**FAIL**']);
        continue;
      }
      const growth = big.ms / sm.ms;
      const ideal = big.bytes / sm.bytes;
      const problems: string[] = [];
      if (mode !== 'none' && big.found === 0) problems.push('found nothing');
      if (mode !== 'none' && c.input === 'line' && !big.last.includes('end-of-line.example')) problems.push('missed the end of the line');
      if (mode === 'log' && big.peakRssMiB >= limit) problems.push(`RSS ≥ ${limit} MiB`);
      if (mode === 'log' && growth > ideal * 1.25) problems.push('superlinear');
      if (problems.length > 0) failures.push(`${c.name} ${mode}: ${problems.join(', ')}`);
      const text = res[`text${c.mib}`];
      rows.push([
        c.name, mode === 'none' ? 'generator only' : mode, (big.bytes / MiB).toFixed(0), mibPerSec(big.bytes, big.ms).toFixed(1),
        mode === 'log' && typeof text !== 'string' ? fmtRatio(text!.ms / big.ms) : '—',
        mode === 'log' ? `**${big.peakRssMiB.toFixed(1)}**` : big.peakRssMiB.toFixed(1),
        `${growth.toFixed(2)} (ideal ${ideal.toFixed(2)})`, mode === 'none' ? '—' : fmtNum(big.found), mode === 'none' ? '—' : fmtWarn(big.warnings),
        problems.length > 0 ? `**FAIL: ${problems.join(', ')}**` : mode === 'log' ? `pass (< ${limit} MiB, linear)` : '—',
      ]);
    }
  }
  const what = cases.map((c) => `- **${c.name}**: ${c.what}`).join('\n');
  return `#### 2. Memory and linear time: generated streams, each run in a fresh plain \`node\` process\n\n${what}\n\nThe input is made by a generator inside the measured process in ~64 KiB Buffers (never held whole) and piped through \`createExtractStream({ mode, base })\`. Peak RSS is \`process.resourceUsage().maxRSS\` (node itself and the library included); "t(big) ÷ t(small)" is the time at the full size over the time at an eighth of it (linear ≈ the byte ratio, flagged over 1.25×). "generator only" drains the same stream with no extractor: the floor. Target: log mode's peak RSS < ${limit} MiB and linear.\n\n${mdTable(
    ['case', 'mode', 'MiB', 'MiB/s', 'speed vs text', 'peak RSS MiB', 't(big) ÷ t(small)', 'found', 'warnings', 'check'],
    rows,
  )}\n`;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { quick, num, parts: partList } = benchOptions(argv, ['runs', 'log-mib', 'line-mib', 'limit', 'part']);
  const runs = num('runs', 5, 1);
  const limit = num('limit', 150);
  const parts = partList(['speed', 'memory']);
  const cmd = `npm run build && npx tsx bench/logs.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`;
  const out: string[] = [`### Logs: log mode against text mode and linkify-it, and memory\n\n${machineLine()}${quick ? ' — **quick settings**' : ''}. \`${cmd}\`\n`];
  const failures: string[] = [];
  const t0 = now();
  if (parts.includes('speed')) {
    const access = ensureCorpora().find((c) => c.name === 'access.log')!;
    log(`log vs text: ${access.name}`);
    out.push(await speed(access.file, access.bytes, runs, failures));
    log(`log vs linkify-it: ${access.name}`);
    out.push(linkify(access.file, runs, failures));
  }
  if (parts.includes('memory')) {
    const logMib = num('log-mib', 1024, 128);
    const lineMib = num('line-mib', 200, 32);
    out.push(await memory([
      { name: `2a. ${fmtNum(logMib)} MiB log`, input: 'log', mib: logMib, what: `combined access lines (a referer on 3 in 4, a bot user agent with a URL on 1 in 7), with nginx error-log, JSON and syslog lines each on 1 in 20; base \`${BASE}\`` },
      { name: `2b. one ${fmtNum(lineMib)} MiB line`, input: 'line', mib: lineMib, what: `one line of words, quoted words, clock times and a link every ~90 characters, ending with a link to \`end-of-line.example\` (log mode reads its first MiB, then scans it as text: 'line-too-long')` },
    ], limit, failures));
  }
  out.push(failures.length === 0 ? `All checks passed (${fmtMs(now() - t0)}).\n` : `**Failed:** ${failures.join('; ')}.\n`);
  process.stdout.write(out.join('\n') + '\n');
  if (failures.length > 0) process.exitCode = 1;
}

if (isMain(import.meta.url)) await main();
