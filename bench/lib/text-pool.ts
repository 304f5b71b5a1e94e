// Real prose for the generated mail and HTML corpora: paragraphs of the
// licences and copyright files on this machine (/usr/share/common-licenses,
// /usr/share/doc/*/copyright, read in sorted order, deduplicated, up to a
// cap), or bench/corpora/prose.txt when the machine has too few. Links come
// from bench/data/uris.txt. The pool says where it came from, so a table can.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CORPORA_DIR, DATA_DIR, MiB, Rng } from './util.js';

export interface TextPool {
  paragraphs: readonly string[];
  uris: readonly string[];
  /** "412 files under /usr/share (1.0 MiB of paragraphs, sha1 0a1b2c3d)". */
  origin: string;
}

function listSources(): string[] {
  const files: string[] = [];
  const add = (dir: string, pick: (name: string) => string | undefined): void => {
    let names: string[];
    try {
      names = fs.readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const f = pick(n);
      if (f !== undefined) files.push(f);
    }
  };
  add('/usr/share/common-licenses', (n) => path.join('/usr/share/common-licenses', n));
  add('/usr/share/doc', (n) => path.join('/usr/share/doc', n, 'copyright'));
  return files;
}

function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  for (const p of text.split(/\n[ \t]*\n/)) {
    // Flatten the wrapping; keep prose-sized paragraphs only (no one-line field lists).
    const flat = p.replace(/^[ \t]*[.|*#-]?[ \t]*/gm, '').replace(/\s+/g, ' ').trim();
    if (flat.length >= 80 && flat.length <= 3000 && /[a-z]{3,} [a-z]{3,}/.test(flat) && !/^Files:/.test(flat)) out.push(flat);
  }
  return out;
}

/**
 * Paragraphs up to `capBytes` (UTF-8) and the link list, cached in
 * bench/corpora/ so that a memory bench's child reads one small file instead
 * of hundreds (which would set its RSS high-water mark before it starts).
 */
export function loadTextPool(capBytes = 2 * MiB): TextPool {
  const files = listSources();
  let sig = `${files.length}`;
  for (const f of files) {
    try {
      sig += `,${fs.statSync(f).size}`;
    } catch {
      sig += ',-';
    }
  }
  const key = createHash('sha1').update(sig).digest('hex').slice(0, 12);
  const cache = path.join(CORPORA_DIR, `text-pool-${capBytes}.json`);
  try {
    const c = JSON.parse(fs.readFileSync(cache, 'utf8')) as TextPool & { key: string };
    if (c.key === key) return { paragraphs: c.paragraphs, uris: c.uris, origin: c.origin };
  } catch {
    // none yet
  }
  const pool = buildPool(files, capBytes);
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  fs.writeFileSync(cache, JSON.stringify({ key, ...pool }));
  return pool;
}

function buildPool(sources: string[], capBytes: number): TextPool {
  const seen = new Set<string>();
  const paragraphs: string[] = [];
  let bytes = 0;
  let files = 0;
  for (const f of sources) {
    if (bytes >= capBytes) break;
    let text: string;
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    files++;
    for (const p of paragraphsOf(text)) {
      if (seen.has(p)) continue;
      seen.add(p);
      paragraphs.push(p);
      bytes += Buffer.byteLength(p);
    }
  }
  let origin: string;
  if (bytes >= 256 * 1024) {
    origin = `${files} licence and copyright files under /usr/share`;
  } else {
    const prose = path.join(CORPORA_DIR, 'prose.txt');
    const text = fs.readFileSync(prose, 'utf8').slice(0, capBytes);
    paragraphs.length = 0;
    bytes = 0;
    for (const p of paragraphsOf(text)) {
      paragraphs.push(p);
      bytes += Buffer.byteLength(p);
    }
    origin = 'bench/corpora/prose.txt (too little text under /usr/share)';
  }
  const sha = createHash('sha1').update(paragraphs.join('\n')).digest('hex').slice(0, 8);
  const uris = fs.readFileSync(path.join(DATA_DIR, 'uris.txt'), 'utf8').split('\n').filter((l) => l !== '');
  return { paragraphs, uris, origin: `${origin} (${(bytes / MiB).toFixed(1)} MiB of paragraphs, sha1 ${sha})` };
}

/** A paragraph with 0–2 links put in among its words, written the ways people write them. */
export function withLinks(rng: Rng, pool: TextPool, p: string, rate = 0.7): string {
  if (!rng.chance(rate)) return p;
  const words = p.split(' ');
  const n = rng.chance(0.3) ? 2 : 1;
  for (let i = 0; i < n; i++) {
    const u = rng.pickSkewed(pool.uris, 1.5);
    const styled = rng.weighted<string>([[5, u], [2, `<${u}>`], [1, `(${u})`], [2, `${u}.`], [1, `"${u}"`]]);
    words.splice(rng.int(words.length + 1), 0, styled);
  }
  return words.join(' ');
}

/** Some paragraphs of the pool, links added. */
export function someText(rng: Rng, pool: TextPool, min: number, max: number, rate = 0.7): string[] {
  const out: string[] = [];
  const n = rng.range(min, max);
  const start = rng.int(pool.paragraphs.length);
  for (let i = 0; i < n; i++) out.push(withLinks(rng, pool, pool.paragraphs[(start + i * 7) % pool.paragraphs.length]!, rate));
  return out;
}

/** Greedy wrap at `width` columns (a word longer than that gets a line of its own). */
export function wrap(p: string, width = 72, prefix = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of p.split(' ')) {
    if (line !== '' && prefix.length + line.length + 1 + w.length > width) {
      lines.push(prefix + line);
      line = w;
    } else {
      line = line === '' ? w : `${line} ${w}`;
    }
  }
  if (line !== '') lines.push(prefix + line);
  return lines;
}
