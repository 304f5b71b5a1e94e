// Real documents from this machine, for the real-text corpora
// (bench/real-corpora.ts): Debian changelogs and copyright files, package
// READMEs under /usr/share/doc, man pages with their roff stripped, and
// CPython's email test messages when a CPython test suite is installed.
// Paths are read in sorted order and sampled with a seeded PRNG, so a machine
// with the same packages gives the same pool.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Rng } from './util.js';

export type DocKind = 'changelog' | 'copyright' | 'readme' | 'man';

export interface Doc {
  kind: DocKind;
  path: string;
  text: string;
}

const DOC_DIR = '/usr/share/doc';
const MAN_DIR = '/usr/share/man';

/** Every file under `dir` (sorted), following no symlinked directory twice. */
function walk(dir: string, out: string[] = [], depth = 0): string[] {
  if (depth > 6) return out;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out, depth + 1);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** The text of a file (gunzipped when it ends in .gz), or undefined when it is binary or unreadable. */
function readText(file: string): string | undefined {
  try {
    let bytes = fs.readFileSync(file);
    if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
    if (bytes.includes(0)) return undefined; // binary
    return bytes.toString('utf8');
  } catch {
    return undefined;
  }
}

function kindOf(file: string): DocKind | undefined {
  const base = path.basename(file).replace(/\.gz$/, '');
  if (file.startsWith(MAN_DIR)) return undefined;
  if (base === 'copyright') return 'copyright';
  if (/^(changelog|NEWS)(\.Debian)?$/i.test(base)) return 'changelog';
  if (/^README(\.(md|txt|Debian|rst))?$/i.test(base)) return 'readme';
  return undefined;
}

// --- roff ------------------------------------------------------------------

const NAMED: Record<string, string> = {
  em: '—', en: '–', bu: '•', aq: "'", dq: '"', lq: '“', rq: '”', oq: '‘', cq: '’', co: '©', rg: '®', tm: '™',
  hy: '-', mi: '-', pl: '+', mu: '×', de: '°', lh: '<', rh: '>', Fo: '«', Fc: '»', ga: '`', ha: '^', ti: '~',
};

/** Roff escapes in one line of text: fonts dropped, named characters mapped, the rest removed. */
function unescapeRoff(s: string): string {
  return s
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\((..)/g, (_, n: string) => NAMED[n] ?? '')
    .replace(/\\\[([^\]]*)\]/g, (_, n: string) => NAMED[n] ?? '')
    .replace(/\\\*(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\s[+-]?\d+/g, '')
    .replace(/\\[-e]/g, (m) => (m === '\\-' ? '-' : '\\'))
    .replace(/\\[&c|^,/:%]/g, '')
    .replace(/\\[ 0~]/g, ' ')
    .replace(/\\(.)/g, '$1');
}

/** The words of a macro's arguments ("a b" quoted ones kept together). */
function macroArgs(rest: string): string[] {
  const out: string[] = [];
  for (const m of rest.matchAll(/"((?:[^"]|"")*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? '');
  return out;
}

const ALTERNATING = new Set(['BR', 'RB', 'BI', 'IB', 'IR', 'RI']);

/** A man page as the text man would show (roughly): macros gone, their text kept. */
export function stripRoff(src: string): string {
  const out: string[] = [];
  for (const line of src.split('\n')) {
    if (/^['.]\s*\\"/.test(line) || line.startsWith('\\"')) continue; // a comment
    const m = /^[.']\s*(\S+)\s*(.*)$/.exec(line);
    if (m === null) {
      out.push(unescapeRoff(line));
      continue;
    }
    const macro = m[1]!;
    const args = macroArgs(m[2]!).map(unescapeRoff);
    if (macro === 'SH' || macro === 'SS') out.push('', args.join(' ').toUpperCase(), '');
    else if (ALTERNATING.has(macro)) out.push(args.join(''));
    else if (['B', 'I', 'SM', 'SB', 'UR', 'MT', 'IP', 'TQ'].includes(macro)) out.push(args.join(' '));
    else if (['PP', 'P', 'LP', 'TP', 'sp', 'HP', 'RS', 'RE'].includes(macro)) out.push('');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim() + '\n';
}

// --- the pool --------------------------------------------------------------

/** Shuffle in place with the seeded PRNG (Fisher–Yates). */
export function shuffle<T>(xs: T[], r: Rng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/**
 * The documents of /usr/share/doc (every changelog, copyright file and
 * README) and a seeded sample of man pages (English sections only) up to
 * `manBytes` of stripped text; identical texts are kept once.
 */
export function readDocs(seed: number, manBytes: number): Doc[] {
  const docs: Doc[] = [];
  const seen = new Set<string>();
  const add = (kind: DocKind, file: string, text: string | undefined): number => {
    if (text === undefined || text.length < 40 || seen.has(text)) return 0;
    seen.add(text);
    docs.push({ kind, path: file, text: text.endsWith('\n') ? text : text + '\n' });
    return text.length;
  };
  for (const file of walk(DOC_DIR)) {
    const kind = kindOf(file);
    if (kind !== undefined) add(kind, file, readText(file));
  }
  const pages = shuffle(walk(MAN_DIR).filter((f) => /\/man\/man\w+\/[^/]+\.gz$/.test(f)), new Rng(seed));
  let man = 0;
  for (const file of pages) {
    if (man >= manBytes) break;
    const src = readText(file);
    if (src === undefined || /^\.so /m.test(src.slice(0, 200))) continue; // a link to another page
    man += add('man', file, stripRoff(src));
  }
  return docs;
}

/** Where CPython keeps its email test messages (msg_*.txt), if any is installed. */
export function findEmailTestDirs(): string[] {
  const roots = ['/usr/lib', '/usr/local/lib', '/root/.pyenv/versions', '/opt'];
  const found: string[] = [];
  const look = (dir: string, depth: number): void => {
    if (depth > 5) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!e.isDirectory() || e.name === 'site-packages' || e.name === 'node_modules') continue;
      const p = path.join(dir, e.name);
      if (p.endsWith(path.join('test', 'test_email', 'data'))) found.push(p);
      else look(p, depth + 1);
    }
  };
  for (const root of roots) look(root, 0);
  return found;
}

/** CPython's email test messages (one copy of each, from the first directory found). */
export function readEmailTests(): { dir: string | undefined; messages: string[] } {
  const dir = findEmailTestDirs()[0];
  if (dir === undefined) return { dir, messages: [] };
  const files = fs.readdirSync(dir).filter((f) => /^msg_\d+\w*\.txt$/.test(f)).sort();
  const messages = files.map((f) => fs.readFileSync(path.join(dir, f), 'latin1')).filter((m) => m.length > 0);
  return { dir, messages };
}
