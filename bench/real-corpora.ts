// Corpora made of real text on this machine (bench/lib/real-text.ts), written
// to bench/corpora/real/ (gitignored): prose.txt, mail.mbox and access.log,
// `--mib` (32) MiB each, seeded. The benches judge their targets on these;
// the generated corpora (bench/corpora.ts) are the second set.
//
// - prose.txt: whole documents in a seeded order — changelogs (the first
//   128 KiB of each, as one reads them), copyright files, READMEs, man pages —
//   separated by blank lines.
// - mail.mbox: list mail whose bodies are pieces of those documents (a
//   changelog entry, a man page section, a copyright stanza), replies quoting
//   the message before with "> ", signatures, List-* headers; CPython's email
//   test messages put in as they are, one message in 25.
// - access.log: combined log format; referers drawn from the URLs found in
//   those documents by a Zipf law (s = 1: a few pages take most of the
//   traffic), request targets their paths, bot user agents with their URLs.
//
//   npx tsx bench/real-corpora.ts [--mib 32] [--force]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extract } from '../dist/index.js';
import { type CorpusInfo, ensureCorpora } from './corpora.js';
import { type Doc, readDocs, readEmailTests, shuffle } from './lib/real-text.js';
import { CORPORA_DIR, MiB, Rng, fmtMs, fmtNum, isMain, log, mdTable, now, helpIfAsked } from './lib/util.js';
import { buildLog, buildMail, type Made } from './lib/real-build.js';

const GEN_VERSION = 2;
const SEED = 0x7ea1;
export const REAL_DIR = path.join(CORPORA_DIR, 'real');
const NAMES = ['prose.txt', 'mail.mbox', 'access.log'] as const;
type Name = (typeof NAMES)[number];

interface Manifest {
  version: number;
  seed: number;
  mib: number;
  /** Hash of the source pool: another machine's packages give other corpora. */
  pool: string;
  files: Record<string, Made>;
}

/** Prose: documents in a seeded order, long changelogs cut to their first 128 KiB, until `target` bytes. */
function buildProse(docs: readonly Doc[], target: number, r: Rng): { text: string; made: Made } {
  const parts: string[] = [];
  let bytes = 0;
  let rounds = 0;
  const kinds: Record<string, number> = {};
  while (bytes < target) {
    rounds++;
    for (const d of shuffle(docs.slice(), r)) {
      const text = d.kind === 'changelog' && d.text.length > 131072 ? d.text.slice(0, d.text.lastIndexOf('\n', 131072) + 1) : d.text;
      const n = Buffer.byteLength(text) + 1;
      parts.push(text, '\n');
      bytes += n;
      kinds[d.kind] = (kinds[d.kind] ?? 0) + n;
      if (bytes >= target) break;
    }
  }
  const share = Object.entries(kinds).map(([k, n]) => `${k} ${((100 * n) / bytes).toFixed(0)}%`).join(', ');
  return { text: cut(parts.join(''), target), made: { bytes: 0, notes: `${share}${rounds > 1 ? `; the pool was used ${rounds} times` : ''}` } };
}

/** `text` cut at the last line end at or before `target` bytes (ASCII-heavy: cut by characters first). */
function cut(text: string, target: number): string {
  let end = Math.min(text.length, target);
  while (end > 0 && Buffer.byteLength(text.slice(0, end)) > target) end -= 4096;
  const nl = text.lastIndexOf('\n', end);
  return nl > 0 ? text.slice(0, nl + 1) : text;
}

function poolHash(docs: readonly Doc[], mails: readonly string[]): string {
  const h = createHash('sha256');
  for (const d of docs) h.update(d.path).update(d.text);
  for (const m of mails) h.update(m);
  return h.digest('hex').slice(0, 12);
}

function readManifest(): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(REAL_DIR, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function upToDate(m: Manifest | undefined, mib: number): m is Manifest {
  if (m === undefined || m.version !== GEN_VERSION || m.seed !== SEED || m.mib !== mib) return false;
  return NAMES.every((n) => {
    try {
      return fs.statSync(path.join(REAL_DIR, n)).size === m.files[n]?.bytes;
    } catch {
      return false;
    }
  });
}

/** Make (or reuse) the three real-text corpora, `mib` MiB each. */
export function ensureRealCorpora(opts: { mib?: number; force?: boolean } = {}): CorpusInfo[] {
  const mib = opts.mib ?? 32;
  let manifest = readManifest();
  if (opts.force === true || !upToDate(manifest, mib)) manifest = makeAll(mib);
  const m = manifest;
  return NAMES.map((name) => ({ name, file: path.join(REAL_DIR, name), bytes: m.files[name]!.bytes, links: 0, notes: m.files[name]!.notes }));
}

function makeAll(mib: number): Manifest {
  fs.mkdirSync(REAL_DIR, { recursive: true });
  let t0 = now();
  const docs = readDocs(SEED, 24 * MiB);
  const mail = readEmailTests();
  log(`  real text: ${fmtNum(docs.length)} documents, ${mail.messages.length} email test messages (${mail.dir ?? 'none installed'}), ${fmtMs(now() - t0)}`);
  const manifest: Manifest = { version: GEN_VERSION, seed: SEED, mib, pool: poolHash(docs, mail.messages), files: {} };
  const target = mib * MiB;
  const builders: Record<Name, () => { text: string; made: Made }> = {
    'prose.txt': () => buildProse(docs, target, new Rng(SEED)),
    'mail.mbox': () => buildMail(docs, mail.messages, target, new Rng(SEED ^ 0x3a11)),
    'access.log': () => buildLog(docs, target, new Rng(SEED ^ 0x10a9)),
  };
  for (const name of NAMES) {
    t0 = now();
    const { text, made } = builders[name]();
    const file = path.join(REAL_DIR, name);
    fs.writeFileSync(file, text);
    made.bytes = fs.statSync(file).size;
    if (name === 'mail.mbox') made.notes += `; email test messages from ${mail.dir ?? 'nowhere (none installed)'}`;
    manifest.files[name] = made;
    log(`  wrote real/${name}: ${fmtNum(made.bytes)} bytes, ${fmtMs(now() - t0)}`);
  }
  fs.writeFileSync(path.join(REAL_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** The share of found URIs that repeat one found before (the most any memo could take). */
export function repeatShare(file: string): { found: number; distinct: number; share: number } {
  const uris = extract(fs.readFileSync(file)).map((f) => f.uri);
  const distinct = new Set(uris).size;
  return { found: uris.length, distinct, share: uris.length === 0 ? 0 : 1 - distinct / uris.length };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({ args: argv, options: { mib: { type: 'string' }, force: { type: 'boolean' } }, strict: false });
  const mib = typeof values.mib === 'string' ? Number(values.mib) : 32;
  log(`real corpora: ${REAL_DIR} (${mib} MiB each)`);
  const infos = ensureRealCorpora({ mib, force: values.force === true });
  const rows: string[][] = [];
  for (const c of infos) {
    const r = repeatShare(c.file);
    rows.push([c.name, (c.bytes / MiB).toFixed(1), fmtNum(r.found), fmtNum(r.distinct), `${(100 * r.share).toFixed(0)}%`, c.notes ?? '']);
  }
  const pool = readManifest()?.pool ?? '?';
  process.stdout.write(`### Real-text corpora (pool ${pool})\n\n${mdTable(['corpus', 'MiB', 'URIs found', 'distinct', 'repeated', 'made of'], rows)}\n\n`);
}

if (isMain(import.meta.url)) await main();

/** The corpora a bench runs on: `--set real` (the default: the targets are judged there), `generated`, or `both`. */
export function selectCorpora(set: unknown, mib?: number): CorpusInfo[] {
  const which = typeof set === 'string' ? set : 'real';
  if (!['real', 'generated', 'both'].includes(which)) throw new Error(`--set takes real, generated or both, not ${which}`);
  const real = which === 'generated' ? [] : ensureRealCorpora(mib === undefined ? {} : { mib });
  const generated = which === 'real' ? [] : ensureCorpora(mib === undefined ? {} : { mib: Math.max(32, mib) });
  return [...real, ...generated];
}

/** How a bench names a corpus in its tables: "real/prose.txt" or "prose.txt". */
export function corpusLabel(c: CorpusInfo): string {
  return path.relative(CORPORA_DIR, c.file);
}
