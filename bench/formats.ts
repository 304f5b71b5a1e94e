// The input formats against text mode, on the same bytes:
//   1. mail mode on mboxes (bench/corpora/mail.mbox, a generated MIME-heavy
//      one, and bench/corpora/real/mail.mbox when it has been made):
//      read → createExtractStream({ mode }) → consume, best of N interleaved
//      passes after a warm-up in a plain node process (not this tsx one: see
//      plainPasses), and the first pass of a fresh process (best of --fresh
//      processes);
//   2. html mode on generated pages and on this machine's HTML docs, the same way;
//      feed mode on a generated WordPress feed (bench/corpora/feed.xml), the same way;
//      markdown mode on this machine's real Markdown (bench/corpora/markdown.md,
//      at most 8 MiB), the same way, its ratio shown with no target;
//      json mode on this machine's real .json files (bench/corpora/json.json), the same way;
//   2d. warc mode ÷ html mode on the same pages: pages.html and docs.html cut
//      into pages, each a response record (every fourth gzip-coded), against
//      the HTML file in html mode; and a 1 GiB WARC generated on the fly into
//      a fresh process's stdin, its peak RSS under --limit;
//   3. memory, each case in a process of its own, input generated on the fly:
//      (a) one 100 MiB message with an 80 MiB base64 attachment, (b) a 1 GiB
//      mbox, peak RSS (resourceUsage().maxRSS) under --limit; (c) a 16 MiB
//      single-line body, mail time ÷ text time at 1 and 16 MiB.
// Exit 1 when a case finds nothing, or RSS or time is out of bounds.
//
//   npx tsx bench/formats.ts [--runs 5] [--fresh 3] [--mib 32] [--mbox-mib 1024]
//     [--message-mib 100] [--attach-mib 80] [--line-mib 16] [--line-runs 3] [--limit 150]
//     [--warc-mib 1024] [--part mail,html,feed,markdown,json,warc,memory] [--quick]   (--quick: --runs 1 --fresh 1 --mib 8 --mbox-mib 64 --line-runs 1)
import fs from 'node:fs';
import path from 'node:path';
import { ensureCorpora } from './corpora.js';
import { AFTER_MARKER, attachmentStream, ensureFormatCorpora, ensureJsonCorpus, ensureMarkdownCorpus, mboxStream, type FormatCorpus } from './lib/format-inputs.js';
import type { LineResult } from './lib/formats-worker.js';
import { growthMiB, plainPass, plainPasses, type PlainResult } from './lib/plain-child.js';
import { ensureWarcOf, pagesOf, warcStream } from './lib/warc-gen.js';
import { loadTextPool } from './lib/text-pool.js';
import { REAL_DIR } from './real-corpora.js';
import { BENCH_DIR, MiB, fmtMs, fmtNum, fmtRatio, gc, isMain, log, machineLine, mdTable, mibPerSec, now, pairedRatio, passFail, resultOfChild, benchOptions } from './lib/util.js';

const WORKER = path.join(BENCH_DIR, 'lib', 'formats-worker.ts');

function childArgs(): string[] {
  const args = [...process.execArgv];
  if (!args.some((a) => a.includes('tsx'))) args.push('--import', import.meta.resolve('tsx'));
  if (!args.includes('--expose-gc')) args.push('--expose-gc');
  return args;
}

/** Run one job in a fresh process; undefined (and a note) when it fails or runs past `timeoutS`. */
function worker<T>(job: object, timeoutS: number): Promise<T | string> {
  return resultOfChild<T>([...childArgs(), WORKER, JSON.stringify(job)], timeoutS);
}

const fmtWarn = (w: Record<string, number>): string => Object.entries(w).map(([k, v]) => `${k} ${fmtNum(v)}`).join(', ') || '—';

/** Part 1 or 2: `mode` against text mode on each corpus. */
/** `target`: the least ratio the mode is held to ('none': the ratio is only shown). */
async function throughput(title: string, mode: 'mail' | 'html' | 'feed' | 'markdown' | 'json', corpora: FormatCorpus[], runs: number, fresh: number, failures: string[], target: number | 'none' = 0.5): Promise<string> {
  const rows: string[][] = [];
  for (const c of corpora) {
    log(`${mode} vs text: ${c.name} (${(c.bytes / MiB).toFixed(1)} MiB)`);
    const best = await plainPasses(c.file, [mode, 'text'], runs);
    if (typeof best === 'string') {
      failures.push(`${c.name}: steady passes: ${best}`);
      rows.push([c.name, (c.bytes / MiB).toFixed(1), `**${best}**`, '', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    log(`  best of ${runs} passes: ${mode} ${fmtMs(best[mode]!.ms)}, text ${fmtMs(best.text!.ms)}`);
    const first: Record<string, number> = { [mode]: Infinity, text: Infinity };
    const firstNote: string[] = [];
    for (let i = 0; i < fresh; i++) {
      for (const m of [mode, 'text'] as const) {
        const r = await plainPass(m, { file: c.file }, '', 300);
        if (typeof r === 'string') firstNote.push(`${m}: ${r}`);
        else first[m] = Math.min(first[m]!, r.ms);
      }
    }
    log(`  first pass of a fresh process: ${mode} ${fmtMs(first[mode]!)}, text ${fmtMs(first.text!)}`);
    const b = best[mode]!;
    const t = best.text!;
    const ratio = t.ms / b.ms;
    const ok = b.found > 0 && t.found > 0;
    if (!ok) failures.push(`${c.name}: ${mode} found ${b.found}`);
    rows.push([
      c.name, (c.bytes / MiB).toFixed(1), mibPerSec(c.bytes, b.ms).toFixed(1), mibPerSec(c.bytes, t.ms).toFixed(1),
      `**${fmtRatio(ratio)}**`, target === 'none' ? 'none' : passFail(ratio >= target), fmtRatio(pairedRatio(t.rounds, b.rounds)), fmtMs(first[mode]!), fmtMs(first.text!), fmtRatio(first.text! / first[mode]!),
      ok ? fmtNum(b.found) : `**${fmtNum(b.found)}**`, fmtNum(t.found), fmtWarn(b.warnings) + (firstNote.length > 0 ? `; **${firstNote.join(', ')}**` : ''),
    ]);
  }
  const notes = corpora.map((c) => `- \`${c.name}\`: ${c.notes}`).join('\n');
  return `#### ${title}\n\n${notes}\n\nBest of ${runs} interleaved passes after a warm-up, in a plain \`node\` process (no tsx: under it the mail and HTML readers run as tsx compiles them, 2–3× slower); "first pass" is the one pass of a fresh process (best of ${fresh} processes per mode). Ratio = ${mode} MiB/s ÷ text MiB/s on the same file, judged on the best passes (${target === 'none' ? 'no target' : `target ≥ ${target}×`}); next to it the median of the rounds' ratios (each round's two passes side by side), which a slow minute moves less.\n\n${mdTable(
    ['corpus', 'MiB', `${mode} MiB/s`, 'text MiB/s', `${mode} ÷ text`, target === 'none' ? 'target' : `target ≥ ${target}×`, 'median of rounds', `first pass: ${mode}`, 'first pass: text', 'first-pass ratio', `found (${mode})`, 'found (text)', `${mode} warnings`],
    rows,
  )}\n`;
}

/** Part 2d: warc mode on each corpus's pages as records ÷ html mode on the corpus; then a generated WARC's peak RSS. */
async function warc(corpora: FormatCorpus[], runs: number, mib: number, limit: number, failures: string[]): Promise<string> {
  const rows: string[][] = [];
  for (const c of corpora) {
    const file = c.file.replace(/\.html$/, '.warc');
    const w = ensureWarcOf(c.file, file);
    log(`warc vs html: ${c.name} (${w.pages} pages, ${(w.bytes / MiB).toFixed(1)} MiB of WARC)`);
    const best: Record<'warc' | 'html', { ms: number; found: number; warnings: Record<string, number> } | undefined> = { warc: undefined, html: undefined };
    for (let i = 0; i < runs; i++) {
      for (const [mode, f] of [['warc', file], ['html', c.file]] as const) {
        const r = await plainPasses(f, [mode], 1);
        if (typeof r === 'string') failures.push(`${c.name} ${mode}: ${r}`);
        else if (best[mode] === undefined || r[mode]!.ms < best[mode]!.ms) best[mode] = r[mode];
      }
    }
    const [b, h] = [best.warc, best.html];
    if (b === undefined || h === undefined) continue;
    if (b.found === 0) failures.push(`${c.name}: warc found nothing`);
    rows.push([c.name, String(w.pages), (w.bytes / MiB).toFixed(1), fmtMs(b.ms), fmtMs(h.ms), `**${fmtRatio(h.ms / b.ms)}**`, fmtNum(b.found), fmtNum(h.found), fmtWarn(b.warnings)]);
  }
  log(`memory: a ${mib} MiB WARC`);
  const pages = pagesOf(fs.readFileSync(corpora[0]!.file));
  const m = await plainPass('warc', { input: warcStream(pages, mib * MiB) }, '', 900);
  const memo = typeof m === 'string' ? `**${m}**` : `${fmtNum(m.bytes / MiB)} MiB in ${fmtMs(m.ms)}, ${fmtNum(m.found)} found, peak RSS **${m.peakRssMiB.toFixed(1)} MiB** (start ${m.startRssMiB.toFixed(1)}), growth ${growthMiB(m).toFixed(1)} MiB`;
  if (typeof m === 'string' || m.peakRssMiB >= limit || m.found === 0) failures.push(`warc memory: ${typeof m === 'string' ? m : `${m.peakRssMiB.toFixed(1)} MiB`}`);
  return `#### 2d. WARC mode ÷ HTML mode, the same pages

Each corpus cut after each \`</html>\` into pages, each page one \`response\` record (\`application/http\`, a 200 with \`text/html; charset=utf-8\`; every fourth page gzip-coded, as a server sends it), written to a \`.warc\` next to the corpus; warc mode on it against html mode on the corpus file, one pass each per round after a warm-up (a fresh plain \`node\` process per pass), best of ${runs} rounds. Ratio = html time ÷ warc time (the same pages; the WARC adds its headers and the gzip bodies their inflating).

${mdTable(['corpus', 'pages', 'WARC MiB', 'warc', 'html', 'warc speed ÷ html', 'found (warc)', 'found (html)', 'warc warnings'], rows)}

Memory: ${fmtNum(mib)} MiB of WARC (the first 400 pages' records, of each four the second br-coded and the fourth gzip-coded, repeated) generated on the fly into the stdin of a fresh process (\`createExtractStream({ mode: 'warc' })\`): ${memo}; target < ${limit} MiB.
`;
}

/** Part 3 (a) and (b): mail, text and the bare generator over the same stream, each in its own process. */
async function memory(cases: Array<{ name: string; input: 'attach' | 'mbox'; mib: number; attachMib: number; what: string }>, limit: number, failures: string[]): Promise<string> {
  const rows: string[][] = [];
  const pool = loadTextPool(MiB);
  for (const c of cases) {
    const res: Partial<Record<'mail' | 'text' | 'none', PlainResult | string>> = {};
    for (const mode of ['mail', 'text', 'none'] as const) {
      log(`memory ${c.name}: ${mode === 'none' ? 'generator only' : `${mode} mode`}`);
      const input = c.input === 'attach' ? attachmentStream(pool, c.mib, c.attachMib) : mboxStream(pool, c.mib * MiB).stream;
      res[mode] = await plainPass(mode, { input }, c.input === 'attach' ? AFTER_MARKER : '', 900);
      const r = res[mode];
      log(typeof r === 'string' ? `  ${r}` : `  ${fmtMs(r.ms)}, ${fmtNum(r.found)} found, peak RSS ${r.peakRssMiB.toFixed(1)} MiB, growth ${growthMiB(r).toFixed(1)} MiB`);
    }
    const text = res.text;
    for (const mode of ['mail', 'text', 'none'] as const) {
      const r = res[mode]!;
      if (typeof r === 'string') {
        rows.push([c.name, mode, `**${r}**`, '', '', '', '', '', '', '', '**FAIL**']);
        failures.push(`${c.name} ${mode}: ${r}`);
        continue;
      }
      const problems: string[] = [];
      if (mode !== 'none' && r.found === 0) problems.push('found nothing');
      if (mode !== 'none' && c.input === 'attach' && r.markers === 0) problems.push('missed the part after the attachments');
      if (mode === 'mail' && r.peakRssMiB >= limit) problems.push(`RSS ≥ ${limit} MiB`);
      const growth = growthMiB(r);
      // Under 256 MiB the heap is still settling (the floor, with no extractor, "grows" ~19 MiB over 64 MiB): shown, not judged.
      if (mode === 'mail' && growth >= 32 && c.mib >= 256) problems.push('RSS grows with the input');
      if (problems.length > 0) failures.push(`${c.name} ${mode}: ${problems.join(', ')}`);
      rows.push([
        c.name, mode === 'none' ? 'generator only' : mode, (r.bytes / MiB).toFixed(1), mibPerSec(r.bytes, r.ms).toFixed(1),
        typeof text === 'string' || mode === 'text' ? '—' : fmtRatio(text!.ms / r.ms),
        mode === 'mail' ? `**${r.peakRssMiB.toFixed(1)}**` : r.peakRssMiB.toFixed(1), r.startRssMiB.toFixed(1), Number.isFinite(growth) ? `${growth.toFixed(1)}${c.mib < 256 ? ' (not judged)' : ''}` : '—',
        mode === 'none' ? '—' : fmtNum(r.found) + (c.input === 'attach' ? ` (${r.markers} of 3 after)` : ''),
        mode === 'none' ? '—' : fmtWarn(r.warnings),
        problems.length > 0 ? `**FAIL: ${problems.join(', ')}**` : mode === 'mail' ? `pass (< ${limit} MiB)` : '—',
      ]);
    }
  }
  const what = cases.map((c) => `- **${c.name}**: ${c.what}`).join('\n');
  return `#### 3a/3b. Memory: generated streams into stdin, each mode in a fresh process\n\n${what}\n\nThe input is made on the fly by this process in fresh Buffers of ~64 KiB (never held whole) and piped to the stdin of a fresh plain \`node\` process (no tsx) that runs \`process.stdin → createExtractStream({ mode }) → count\` with the built library. Peak RSS is that process's \`process.resourceUsage().maxRSS\` at its end (its high-water mark); "start RSS" is the same once the library is loaded, before the first byte; "generator only" drains stdin with no extractor (the floor: node and the pipe). "RSS growth" is the peak of RSS sampled at every MiB of input over the second half of the input minus its peak over 5–25% (a reader that holds what it has read grows with the input). "speed vs text" = MiB/s ÷ text mode's MiB/s on the same stream. Target: mail mode's peak RSS < ${limit} MiB and growth < 32 MiB (judged on inputs of 256 MiB or more), and URIs found (for 3a, also the three links of the text part after the attachments).\n\n${mdTable(
    ['case', 'mode', 'MiB', 'MiB/s', 'speed vs text', 'peak RSS MiB', 'start RSS MiB', 'RSS growth MiB', 'found', 'warnings', `check`],
    rows,
  )}\n`;
}

/** Part 3 (c): one long line, mail against text, at 1 MiB and `mib` MiB. */
async function longLine(mib: number, runs: number, failures: string[]): Promise<string> {
  log(`long line: ${mib} MiB, mail and text`);
  const r = await worker<LineResult>({ kind: 'line', mib, runs }, 900);
  if (typeof r === 'string') {
    failures.push(`long line: ${r}`);
    return `#### 3c. One ${mib} MiB line in a message body\n\n**${r}**\n`;
  }
  const rows = r.sizes.map((s) => {
    const bad = s.foundMail === 0 || s.markerMail === 0;
    if (bad) failures.push(`long line ${s.mib} MiB: mail found ${s.foundMail}, end link ${s.markerMail}`);
    return [`${s.mib} MiB`, fmtMs(s.mail), fmtMs(s.text), `**${fmtRatio(s.text / s.mail)}**`, bad ? `**${fmtNum(s.foundMail)}**` : fmtNum(s.foundMail), fmtNum(s.foundText), s.markerMail > 0 ? 'yes' : '**no**', fmtWarn(s.warnings)];
  });
  const [a, b] = r.sizes;
  const grow = (k: 'mail' | 'text'): number => (b![k] / a![k]);
  const flag = mib * 1.25;
  for (const k of ['mail', 'text'] as const) if (grow(k) > flag) failures.push(`long line: ${k} t${mib}/t1 = ${grow(k).toFixed(1)}`);
  const verdict = (k: 'mail' | 'text'): string => `${grow(k).toFixed(1)} (${grow(k) > flag ? '**SUPERLINEAR**' : 'linear'})`;
  rows.push([`t${mib}/t1 (linear ≈ ${mib})`, verdict('mail'), verdict('text'), '', '', '', '', '']);
  return `#### 3c. One ${mib} MiB line in a message body\n\nA single-part text/plain message whose body is one line (prose and links, no newline) ending with a link to \`end-of-line.example\`, fed in 64 KiB slices; best of ${runs} interleaved passes after a warm-up, in a fresh process (peak RSS ${r.peakRssMiB.toFixed(1)} MiB). Ratio = mail speed ÷ text speed on the same bytes; t${mib}/t1 over ${fmtNum(flag)} is flagged.\n\n${mdTable(['size', 'mail', 'text', 'mail ÷ text', 'found (mail)', 'found (text)', 'end link (mail)', 'mail warnings'], rows)}\n`;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  // --quick: a smoke test (~1 min); explicit options still win.
  const { quick, num, parts: partList } = benchOptions(argv, ['runs', 'fresh', 'mib', 'mbox-mib', 'message-mib', 'attach-mib', 'line-mib', 'line-runs', 'limit', 'warc-mib', 'part']);
  const runs = num('runs', 5, 1);
  const fresh = num('fresh', 3, 1);
  const mib = num('mib', 32, 8);
  const limit = num('limit', 150);
  const parts = partList(['mail', 'html', 'feed', 'markdown', 'json', 'warc', 'memory']);
  const cmd = `npm run build && npx tsx bench/formats.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`;

  const out: string[] = [`### Formats: mail, HTML, feed, Markdown and JSON modes against text mode, and memory\n\n${machineLine()}${quick ? ' — **quick settings**' : ''}. \`${cmd}\`\n`];
  const failures: string[] = [];
  const t0 = now();
  const fc = ['mail', 'html', 'feed', 'warc'].some((p) => parts.includes(p)) ? ensureFormatCorpora(mib) : undefined;
  if (parts.includes('mail')) {
    const mbox = ensureCorpora().find((c) => c.name === 'mail.mbox')!;
    const corpora: FormatCorpus[] = [{ name: mbox.name, file: mbox.file, bytes: mbox.bytes, notes: `the pipeline bench's list-mail corpus (bench/corpora.ts; ${mbox.notes ?? 'no MIME'})` }, fc!.mime];
    const real = path.join(REAL_DIR, 'mail.mbox');
    if (fs.existsSync(real)) corpora.push({ name: 'real/mail.mbox', file: real, bytes: fs.statSync(real).size, notes: 'the real-text mbox (bench/real-corpora.ts), when it has been made' });
    gc();
    out.push(await throughput('1. Mail mode ÷ text mode, read → createExtractStream({ mode }) → consume', 'mail', corpora, runs, fresh, failures));
  }
  if (parts.includes('html')) {
    gc();
    out.push(await throughput('2. HTML mode ÷ text mode, same pipeline', 'html', [fc!.pages, ...(fc!.docs === undefined ? [] : [fc!.docs])], runs, fresh, failures));
  }
  if (parts.includes('feed')) {
    gc();
    out.push(await throughput('2b. Feed mode ÷ text mode, same pipeline', 'feed', [fc!.feed], runs, fresh, failures));
  }
  if (parts.includes('markdown')) {
    const md = ensureMarkdownCorpus(Math.min(mib, 8));
    gc();
    if (md === undefined) out.push('#### 2c. Markdown mode ÷ text mode\n\nLeft out: less than 1 MiB of Markdown on this machine.\n');
    else out.push(await throughput('2c. Markdown mode ÷ text mode, same pipeline (no target: micromark parses each block character by character)', 'markdown', [md], runs, fresh, failures, 'none'));
  }
  if (parts.includes('json')) {
    const json = ensureJsonCorpus(mib);
    gc();
    if (json === undefined) out.push('#### 2e. JSON mode ÷ text mode\n\nLeft out: less than 1 MiB of JSON on this machine.\n');
    else out.push(await throughput('2e. JSON mode ÷ text mode, same pipeline', 'json', [json], runs, fresh, failures));
  }
  if (parts.includes('warc')) {
    gc();
    out.push(await warc([fc!.pages, ...(fc!.docs === undefined ? [] : [fc!.docs])], runs, num('warc-mib', 1024, 64), limit, failures));
  }
  if (parts.includes('memory')) {
    const msg = num('message-mib', 100);
    const att = num('attach-mib', 80);
    const mbox = num('mbox-mib', 1024, 64);
    out.push(await memory([
      { name: `3a. ${msg} MiB message`, input: 'attach', mib: msg, attachMib: att, what: `one multipart/mixed message of ${msg} MiB: a text/plain part with links, an application/octet-stream attachment of ${att} MiB of base64 lines, an image/jpeg base64 attachment filling the rest, then a text/plain part with three links to \`after-attachment.example\`` },
      { name: `3b. ${fmtNum(mbox)} MiB mbox`, input: 'mbox', mib: mbox, attachMib: 0, what: `an mbox of ${fmtNum(mbox)} MiB of ordinary list mail (400 seeded messages, 80% text/plain 8bit/flowed/QP and 20% multipart/alternative, cycled)` },
    ], limit, failures));
    out.push(await longLine(num('line-mib', 16), num('line-runs', 3, 1), failures));
  }
  out.push(failures.length === 0 ? `All checks passed (${fmtMs(now() - t0)}).\n` : `**Failed:** ${failures.join('; ')}.\n`);
  process.stdout.write(out.join('\n') + '\n');
  if (failures.length > 0) process.exitCode = 1;
}

if (isMain(import.meta.url)) await main();
