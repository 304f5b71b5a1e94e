// Inputs of the formats bench: the generated files (bench/corpora/mime.mbox,
// pages.html, feed.xml, and docs.html made of this machine's HTML documentation), kept
// until their generator, size or text pool changes; and the streams of the
// memory cases, made on the fly in fresh Buffers, never held whole.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FeedGen } from './feed-gen.js';
import { HtmlGen } from './html-gen.js';
import { MailGen, b64, randomBytes } from './mime-gen.js';
import { loadTextPool, someText, type TextPool } from './text-pool.js';
import { CORPORA_DIR, MiB, Rng, fmtMs, log, now } from './util.js';

const GEN_VERSION = 1;
const SEED = 0xf0a7;
const CHUNK = 64 * 1024;

export interface FormatCorpus { name: string; file: string; bytes: number; notes: string }

interface Manifest { version: number; mib: number; origin: string; files: Record<string, { bytes: number; notes: string }> }

function findHtmlDocs(): string[] {
  return findFiles(['/usr/share/doc'], /\.html?$/i);
}

/** The files under `roots` (6 levels deep at most) whose name matches `name`, each root's in path order. */
function findFiles(roots: readonly string[], name: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let ents: fs.Dirent[];
    try {
      ents = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const e of ents) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 6) walk(p, depth + 1);
      else if (e.isFile() && name.test(e.name)) out.push(p);
    }
  };
  for (const root of roots) walk(root, 0);
  return out;
}

/** Where markdown.md takes its files from: this machine's global packages, its docs, and the repository's dependencies. */
const MARKDOWN_ROOTS = ['/usr/lib/node_modules', '/usr/share/doc', path.resolve(import.meta.dirname, '../../node_modules')];

/**
 * markdown.md: the real Markdown files (READMEs, changelogs, docs) under
 * MARKDOWN_ROOTS, concatenated in path order (each followed by a blank
 * line) up to `mib`, then again from the first while short of it; undefined
 * when there is less than 1 MiB of them.
 */
export function ensureMarkdownCorpus(mib: number): FormatCorpus | undefined {
  return ensureFilesCorpus('markdown.md', MARKDOWN_ROOTS, /\.(?:md|markdown)$/i, '\n\n', 'real .md and .markdown files', mib);
}

/** Where json.json takes its files from: this machine's JSON (API descriptions of the cloud SDKs, npm's package files, Python's data). */
const JSON_ROOTS = ['/usr/lib', '/usr/share'];

/**
 * json.json: the real .json files under JSON_ROOTS (service descriptions
 * with HTML documentation, package.json files, schemas), one after another
 * in path order, each followed by a line break (several values in a row:
 * json mode reads them as one input), up to `mib`, as markdown.md is made.
 */
export function ensureJsonCorpus(mib: number): FormatCorpus | undefined {
  return ensureFilesCorpus('json.json', JSON_ROOTS, /\.json$/i, '\n', 'real .json files', mib);
}

/** `name` in CORPORA_DIR: the files under `roots` whose names match `pattern`, each followed by `sep`, up to `mib` (reused when it is that size); undefined with less than 1 MiB of them. */
function ensureFilesCorpus(name: string, roots: readonly string[], pattern: RegExp, sep: string, what: string, mib: number): FormatCorpus | undefined {
  const files = findFiles(roots, pattern);
  let total = 0;
  for (const f of files) total += fs.statSync(f).size;
  if (total < MiB) return undefined;
  const file = path.join(CORPORA_DIR, name);
  const notes = `the ${files.length} ${what} under ${roots.join(', ')}, concatenated in path order (cycled to the size)`;
  const want = mib * MiB;
  try {
    const size = fs.statSync(file).size;
    if (size >= want && size < want + 4 * MiB) return { name, file, bytes: size, notes };
  } catch {
    // missing
  }
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  for (let i = 0; bytes < want; i = (i + 1) % files.length) {
    const buf = fs.readFileSync(files[i]!);
    fs.writeSync(fd, buf);
    fs.writeSync(fd, sep);
    bytes += buf.length + sep.length;
  }
  fs.closeSync(fd);
  log(`  wrote ${name}: ${(bytes / MiB).toFixed(1)} MiB`);
  return { name, file, bytes, notes };
}

/** Make (or reuse) mime.mbox, pages.html and feed.xml of at least `mib` MiB, and docs.html from /usr/share/doc when there is ≥ 1 MiB of it. */
export function ensureFormatCorpora(mib: number): { mime: FormatCorpus; pages: FormatCorpus; feed: FormatCorpus; docs: FormatCorpus | undefined } {
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  const pool = loadTextPool();
  const mf = path.join(CORPORA_DIR, 'formats-manifest.json');
  let m: Manifest | undefined;
  try {
    m = JSON.parse(fs.readFileSync(mf, 'utf8')) as Manifest;
  } catch {
    m = undefined;
  }
  if (m === undefined || m.version !== GEN_VERSION || m.mib !== mib || m.origin !== pool.origin) m = { version: GEN_VERSION, mib, origin: pool.origin, files: {} };
  const man = m;
  const get = (name: string, make: (file: string) => { bytes: number; notes: string }): FormatCorpus => {
    const file = path.join(CORPORA_DIR, name);
    const want = man.files[name];
    let size = -1;
    try {
      size = fs.statSync(file).size;
    } catch {
      // missing
    }
    if (want !== undefined && size === want.bytes) return { name, file, ...want };
    const t0 = now();
    const made = make(file);
    log(`  wrote ${name}: ${(made.bytes / MiB).toFixed(1)} MiB in ${fmtMs(now() - t0)}`);
    man.files[name] = made;
    fs.writeFileSync(mf, JSON.stringify(man, null, 2) + '\n');
    return { name, file, ...made };
  };
  const mime = get('mime.mbox', (file) => {
    const gen = new MailGen(SEED, pool, true);
    const fd = fs.openSync(file, 'w');
    let bytes = 0;
    let count = 0;
    while (bytes < mib * MiB) {
      const parts: string[] = [];
      for (let i = 0; i < 64; i++, count++) parts.push(gen.entry());
      const buf = Buffer.from(parts.join(''));
      fs.writeSync(fd, buf);
      bytes += buf.length;
    }
    fs.closeSync(fd);
    return { bytes, notes: `${count} messages, MIME-heavy, bodies from ${pool.origin}` };
  });
  const pages = get('pages.html', (file) => {
    const gen = new HtmlGen(SEED, pool);
    const bytes = gen.writeFile(file, mib);
    return { bytes, notes: `seeded pages, concatenated; prose from ${pool.origin}` };
  });
  const feed = get('feed.xml', (file) => {
    const gen = new FeedGen(SEED, pool);
    const bytes = gen.writeFile(file, mib);
    return { bytes, notes: `a seeded WordPress RSS 2.0 feed (HTML in CDATA in each item's description and content:encoded); prose from ${pool.origin}` };
  });
  let docs: FormatCorpus | undefined;
  const html = findHtmlDocs();
  let total = 0;
  for (const f of html) total += fs.statSync(f).size;
  if (total >= MiB) {
    docs = get('docs.html', (file) => {
      const fd = fs.openSync(file, 'w');
      let bytes = 0;
      let files = 0;
      for (const f of html) {
        if (bytes >= mib * MiB) break;
        const buf = fs.readFileSync(f);
        fs.writeSync(fd, buf);
        fs.writeSync(fd, '\n');
        bytes += buf.length + 1;
        files++;
      }
      fs.closeSync(fd);
      return { bytes, notes: `${files} of ${html.length} real .html files under /usr/share/doc, concatenated in path order` };
    });
  }
  return { mime, pages, feed, docs };
}

/** A Readable over Buffers that `next()` makes (undefined ends it). */
function bufferStream(next: () => Buffer | undefined): Readable {
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      this.push(next() ?? null);
    },
  });
}

const HEAD = (subject: string, type: string): string =>
  `From: "Bench Sender" <sender@example.com>\nTo: list@lists.example.org\nSubject: ${subject}\nDate: Mon, 01 Jan 2024 12:00:00 +0000\nMessage-ID: <${subject.replace(/\W+/g, '.')}@example.com>\nMIME-Version: 1.0\n${type}\n\n`;

/** Marker hosts of the memory cases: URIs the reader must find after the big part. */
export const AFTER_MARKER = 'after-attachment.example';
export const END_MARKER = 'end-of-line.example';

/**
 * (a) One message of `messageMiB`: a small text part with links, an
 * application/octet-stream attachment of `attachMiB` of base64 lines, a
 * base64 image/jpeg filling the message to `messageMiB`, and a small text
 * part whose three links name AFTER_MARKER.
 */
export function attachmentStream(pool: TextPool, messageMiB: number, attachMiB: number): Readable {
  const rng = new Rng(SEED + 1);
  const b = '----=_Part_0_123456789.1704110400000';
  const text = someText(rng, pool, 4, 6, 1).join('\n\n');
  const head = Buffer.from(`${HEAD('Disk image for the bug report', `Content-Type: multipart/mixed; boundary="${b}"`)}This is a multi-part message in MIME format.\n\n--${b}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${text}\n\n--${b}\nContent-Type: application/octet-stream; name="disk.img"\nContent-Disposition: attachment; filename="disk.img"\nContent-Transfer-Encoding: base64\n\n`);
  const mid = Buffer.from(`\n--${b}\nContent-Type: image/jpeg; name="photo.jpg"\nContent-Disposition: attachment; filename="photo.jpg"\nContent-Transfer-Encoding: base64\n\n`);
  const tail = Buffer.from(`\n--${b}\nContent-Type: text/plain; charset=utf-8\n\nAlso see https://${AFTER_MARKER}/one, <https://${AFTER_MARKER}/two?a=1&b=2> and (https://${AFTER_MARKER}/three).\n${someText(rng, pool, 1, 2, 1).join('\n\n')}\n\n--${b}--\n`);
  // 76-column base64 lines, one block of ~64 KiB reused (copied into a fresh Buffer each time).
  const block = Buffer.from(b64(randomBytes(rng, 57 * 862)) + '\n');
  const filler = (bytes: number): Array<() => Buffer> => {
    const out: Array<() => Buffer> = [];
    for (let left = bytes; left > 0; left -= block.length) {
      const n = Math.min(block.length, left);
      out.push(() => Buffer.from(block.subarray(block.length - n))); // whole lines (each block ends with \n)
    }
    return out;
  };
  const attach = Math.floor((attachMiB * MiB) / 77) * 77;
  const rest = Math.max(0, Math.floor((messageMiB * MiB - attach - head.length - mid.length - tail.length) / 77) * 77);
  const plan: Array<() => Buffer> = [() => Buffer.from(head), ...filler(attach), () => Buffer.from(mid), ...filler(rest), () => Buffer.from(tail)];
  let i = 0;
  return bufferStream(() => plan[i++]?.());
}

/** (b) An mbox of ordinary list mail, `totalBytes` long (ends at a message's end), cycling over 400 generated messages. */
export function mboxStream(pool: TextPool, totalBytes: number): { stream: Readable; messages: () => number } {
  const gen = new MailGen(SEED + 2, pool, false);
  const entries = Array.from({ length: 400 }, () => gen.entry());
  let sent = 0;
  let k = 0;
  const stream = bufferStream(() => {
    if (sent >= totalBytes) return undefined;
    const parts: string[] = [];
    let n = 0;
    while (n < CHUNK && sent + n < totalBytes) {
      const e = entries[k++ % entries.length]!;
      parts.push(e);
      n += e.length; // close enough to the byte length for chunking; `sent` counts bytes
    }
    const buf = Buffer.from(parts.join(''));
    sent += buf.length;
    return buf;
  });
  return { stream, messages: () => k };
}

/** (c) One message whose text/plain body is one line of `mib` MiB (prose and links, no newline), ending with a link to END_MARKER. */
export function longLineMessage(pool: TextPool, mib: number): Buffer {
  const rng = new Rng(SEED + 3);
  const parts: string[] = [HEAD('One long line', 'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit')];
  let n = parts[0]!.length;
  while (n < mib * MiB) {
    const p = someText(rng, pool, 1, 1, 0.8)[0]!;
    parts.push(p, ' ');
    n += p.length + 1;
  }
  parts.push(`https://${END_MARKER}/last\n`);
  return Buffer.from(parts.join(''));
}
