#!/usr/bin/env node
// One-off conversion of the extraction corpus from test/fixtures/extract-cases*.json
// (one file per writing session) to test/fixtures/extract/<topic>.txt (one file per
// category), in the format test/fixtures/README.md describes. Run once; the JSON
// files are deleted afterwards.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';

const FIXTURES = new URL('../test/fixtures/', import.meta.url);
const OUT = new URL('extract/', FIXTURES);
export const TOPICS = ['prose', 'angle', 'quote', 'hyphen', 'relative', 'charset', 'decoy', 'rfc', 'edge'];
/** Inputs longer than this go to a side file (test/fixtures/extract/large/). */
const SIDE_FILE = 8192;
const NO_NEWLINE = '\\ No newline at end of input';

export function oldFiles() {
  const number = (f) => Number(/-(\d+)\.json$/.exec(f)?.[1] ?? 1);
  return readdirSync(FIXTURES)
    .filter((f) => /^extract-cases(-\d+)?\.json$/.test(f))
    .sort((a, b) => number(a) - number(b));
}

/** Every old document with the number of the file it came from, in the old order. */
export function oldCases() {
  return oldFiles().flatMap((f) => JSON.parse(readFileSync(new URL(f, FIXTURES), 'utf8'))
    .map((c) => ({ set: Number(/-(\d+)\.json$/.exec(f)?.[1] ?? 1), c })));
}

// ---- names: no session markers, no category token (the file says it) ----

const TOKENS = {
  prose: ['prose'], angle: ['angle'], quote: ['quote'], hyphen: ['hyphen', 'hyph'], relative: ['relative', 'rel'],
  charset: ['charset', 'cs'], decoy: ['decoy'], rfc: ['rfc'], edge: ['edge'],
};
// The two sets that named their cases by a letter per category.
const LETTERS = {
  prose: ['p', 'P'], angle: ['a'], quote: ['q'], hyphen: ['h'], relative: ['r'], charset: ['c', 'C'], decoy: ['d', 'D'], edge: ['e', 'X'], rfc: [],
};

function baseName(set, c) {
  let n = c.name.replace(/^r\d+: /, '').replace(/^blind-(?:15)?[ab]-/, '').replace(/^probe: /, '').replace(/ \(set \d+\)$/, '');
  const tokens = [...TOKENS[c.category], ...(set === 6 || set === 7 ? LETTERS[c.category] : [])];
  for (const t of tokens) {
    const m = new RegExp(`^${t}(?:: |/|-)`).exec(n);
    if (m) { n = n.slice(m[0].length); break; }
  }
  return n;
}

/** Names in each topic, made unique with " (2)", " (3)" … in corpus order. */
export function newNames(all) {
  const seen = new Map();
  return all.map(({ set, c }) => {
    const base = baseName(set, c);
    const key = `${c.category}\u0000${base}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

// ---- notes: no session history ----

const REWORDED = new Map([
  ['was the nested postgresql:// URI alone; since round 6, jdbc: starts a bare URI (as it does in quotes)',
    'jdbc: starts a bare URI (as it does in quotes), not only the nested postgresql:// URI'],
  ['was git:(main); since round 6, schemes written with an authority (git, ssh, redis, ...) need // when bare',
    'schemes written with an authority (git, ssh, redis, ...) need // when bare: no git:(main)'],
  ['redis is IANA-registered, but written with an authority: since round 6 it needs // when bare (this was redis:7-alpine)',
    'redis is IANA-registered, but written with an authority: it needs // when bare (no redis:7-alpine)'],
  ['was nothing (the [text] made the candidate invalid); since round 6 AsciiDoc link text ends the URI',
    'AsciiDoc link text ends the URI (rather than making the candidate invalid)'],
  ['was one URI; since round 6 a comma followed by scheme:// ends a bare URI',
    'a comma followed by scheme:// ends a bare URI: two URIs, not one'],
  ['was .../register%D8%9F; since round 9 the Arabic question mark is trailing sentence punctuation, as ? is',
    'the Arabic question mark is trailing sentence punctuation, as ? is (no .../register%D8%9F)'],
  ['was .../ar%D8%8C; since round 9 the Arabic comma is trailing sentence punctuation, as , is',
    'the Arabic comma is trailing sentence punctuation, as , is (no .../ar%D8%8C)'],
]);

export function newNote(note) {
  if (note === undefined) return undefined;
  let n = REWORDED.get(note) ?? note;
  n = n.replace(/^rules since round \d+ give /, 'the rules give ')
    .replace(/^since round 12 \(two authors writing from the issue expect them\) (the RFC's "g", "g\.", "g\.\." in quotes and a web file name in <…> are references): \[.*?\] added\. ?/, '$1. ')
    .replace(/^since round 11 (a quoted web file name is a reference): \[.*?\] added\. ?/, '$1. ')
    .replace(/the tester, reading the README before, wrote/g, 'a reader of the rules might expect')
    .replace(/the tester, reading the README literally, wrote/g, 'a literal reading of the rules might give')
    .replace(/the tester, reading the issue, wrote/g, 'a reader of the issue might expect')
    .replace(/the tester wanted/g, 'a user might want')
    .replace(/^chosen, README limitation: /, 'a limitation: ')
    .replace(/^chosen: /, '');
  n = n.trimEnd();
  if (/\bround \d|tester/i.test(n)) throw new Error(`note still tells history: ${n}`);
  return n;
}

// ---- input text ----

/** Characters written as escapes: controls, format characters, separators other than space, U+FFFD. */
const HIDDEN = /[\p{C}\p{Z}\uFFFD]/u;
const META_START = /^(?:%(?: |$)|@ )/;

function validUtf8(bytes) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(bytes); return true; } catch { return false; }
}

/** 'utf-16le' or 'utf-16be' when the bytes are UTF-16 text (declared, a BOM, or mostly zeros) that encodes back exactly. */
function utf16(bytes, charset) {
  if (bytes.length % 2 !== 0) return undefined;
  const declared = /^utf-?16(le|be)$/i.exec(charset ?? '')?.[1]?.toLowerCase();
  const bom = bytes[0] === 0xff && bytes[1] === 0xfe ? 'le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'be' : undefined;
  let zerosOdd = 0, zerosEven = 0;
  bytes.forEach((b, i) => { if (b === 0) { if (i % 2) zerosOdd++; else zerosEven++; } });
  const guessed = zerosOdd > bytes.length / 4 ? 'le' : zerosEven > bytes.length / 4 ? 'be' : undefined;
  const order = declared ?? bom ?? guessed;
  if (order === undefined) return undefined;
  let text;
  try { text = new TextDecoder(`utf-16${order}`, { fatal: true, ignoreBOM: true }).decode(bytes); } catch { return undefined; }
  if (!encode16(text, order).equals(bytes)) return undefined;
  return { encoding: `utf-16${order}`, text };
}

function encode16(text, order) {
  const b = Buffer.from(text, 'utf16le');
  return order === 'be' ? b.swap16() : b;
}

/** Lines of the input as written in the file (raw when nothing in it needs escaping). */
function inputLines(text, { bytes, latin }) {
  // `text`: the input as a string (for byte inputs that are not UTF-8, one char per byte, latin1).
  const lines = text.split('\n');
  const endsWithNewline = lines.length > 1 && lines.at(-1) === '';
  if (endsWithNewline) lines.pop();
  if (text === '') lines.length = 0;
  const rawOk = !latin && ![...text].some((ch) => ch !== ' ' && ch !== '\n' && HIDDEN.test(ch))
    && !lines.some((l, i) => / $/.test(l) || l.startsWith('--- ') || l.startsWith('=> ') || l === NO_NEWLINE
      || (i === 0 && META_START.test(l)));
  let out;
  if (rawOk) {
    out = lines;
  } else {
    out = lines.map((l, i) => {
      let s = '';
      for (const ch of l) {
        const cp = ch.codePointAt(0);
        if (ch === '\\') s += '\\\\';
        else if (ch === '\t') s += '\\t';
        else if (ch === '\r') s += '\\r';
        else if (latin && cp >= 0x80) s += `\\x${cp.toString(16).padStart(2, '0')}`;
        else if (ch !== ' ' && HIDDEN.test(ch)) s += `\\u{${cp.toString(16).toUpperCase()}}`;
        else s += ch;
      }
      s = s.replace(/ +$/, (m) => '\\s'.repeat(m.length));
      if (s.startsWith('--- ') || s.startsWith('=> ') || (i === 0 && META_START.test(s))) {
        s = `\\u{${s.codePointAt(0).toString(16).toUpperCase()}}${s.slice(1)}`;
      }
      return s;
    });
  }
  if (!endsWithNewline && lines.length > 0) out.push(NO_NEWLINE);
  return { lines: out, escaped: !rawOk, bytes };
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function block(c, name, note) {
  const out = [];
  const header = { ...(c.charset !== undefined ? { charset: c.charset } : {}), ...c.options };
  if (name.includes(' {') || name.includes('\n')) throw new Error(`name ${name}`);
  out.push(`--- ${name}${c.options !== undefined || c.charset !== undefined ? ` ${JSON.stringify(header)}` : ''}`);
  if (note !== undefined) for (const l of note.split('\n')) out.push(l === '' ? '%' : `% ${l}`);
  let body = [];
  const meta = [];
  if (c.bytes !== undefined) {
    const bytes = Buffer.from(c.bytes, 'base64');
    if (bytes.length > SIDE_FILE) {
      const file = `large/${slug(name)}.bin`;
      mkdirSync(new URL('large/', OUT), { recursive: true });
      writeFileSync(new URL(file, OUT), bytes);
      meta.push(`@ file ${file}`);
    } else {
      const wide = utf16(bytes, c.charset);
      const utf8 = validUtf8(bytes);
      const r = wide !== undefined
        ? inputLines(wide.text, { bytes: false, latin: false })
        : inputLines(utf8 ? bytes.toString('utf8') : bytes.toString('latin1'), { bytes: true, latin: !utf8 });
      meta.push(wide !== undefined ? `@ bytes ${wide.encoding}` : '@ bytes');
      if (r.escaped) meta.push('@ escaped');
      body = r.lines;
    }
  } else {
    const r = inputLines(c.input, { bytes: false, latin: false });
    if (r.escaped) meta.push('@ escaped');
    body = r.lines;
  }
  if (c.text !== undefined) meta.push(`@ text ${JSON.stringify(c.text)}`);
  if (c.positions !== undefined) meta.push(`@ positions ${JSON.stringify(c.positions)}`);
  if (c.alternates !== undefined) meta.push('@ alternates');
  if (c.expectError !== undefined) meta.push(`@ throws ${c.expectError}`);
  const known = new Set(['name', 'category', 'input', 'bytes', 'charset', 'options', 'expect', 'alternates', 'positions', 'expectError', 'note', 'text']);
  for (const k of Object.keys(c)) if (!known.has(k)) throw new Error(`${c.name}: unknown field ${k}`);
  out.push(...meta, ...body);
  if (c.expect.length === 0) out.push('=> (none)');
  c.expect.forEach((u, i) => {
    for (const x of [u, ...(c.alternates?.[i] ?? [])]) if (/\s|^\(none\)$/.test(x)) throw new Error(`${c.name}: URI ${x}`);
    out.push(`=> ${[u, ...(c.alternates?.[i] ?? [])].join(' ~ ')}`);
  });
  return out.join('\n');
}

const DESCRIPTION = {
  prose: 'bare URIs in running text: trailing punctuation, brackets, sentence ends, code and markup around them',
  angle: 'URIs in <…>: whitespace and line breaks inside removed, URL: prefixes, tags that are not URIs',
  quote: 'URIs in "…" (and other quotes): the quoted text taken whole, whitespace inside removed',
  hyphen: 'URIs broken after a hyphen at a line end: the joined reading first, the other as its alternate',
  relative: 'relative references resolved against a base (RFC 3986 §5), and what is not taken as one',
  charset: 'byte inputs in other encodings (and auto detection), IRIs converted to URIs',
  decoy: 'text that looks like it holds URIs but holds none: every document expects nothing',
  rfc: 'the examples of RFC 3986 itself',
  edge: 'cases where the rules needed a decision (ANSI colours, Unicode punctuation, tags with a base, quote prefixes, …)',
};

function main() {
  const all = oldCases();
  const names = newNames(all);
  mkdirSync(OUT, { recursive: true });
  for (const topic of TOPICS) {
    const blocks = [];
    all.forEach(({ c }, i) => { if (c.category === topic) blocks.push(block(c, names[i], newNote(c.note))); });
    const head = [
      `% The extraction corpus, topic "${topic}": ${DESCRIPTION[topic]}.`,
      '% Format (see test/fixtures/README.md): "--- name {options}", then "% note" lines,',
      '% "@ …" attribute lines, the input, and one "=> uri ~ alternate …" line per URI',
      '% expected, in order ("=> (none)" for none). The line break before the first',
      '% "=> " belongs to the input unless "\\ No newline at end of input" follows it.',
      '% "@ escaped": \\\\ \\t \\r \\s (space) \\u{HEX} (a character) \\xHH (a byte) in the input.',
      '% "@ bytes": the input is the bytes of the text in UTF-8 (or the encoding named, utf-16le/be).',
    ];
    writeFileSync(new URL(`${topic}.txt`, OUT), `${head.join('\n')}\n\n${blocks.join('\n\n')}\n`);
    console.log(`${topic}: ${blocks.length} documents`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
