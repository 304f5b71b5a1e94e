// Reads the extraction corpus, test/fixtures/extract/<topic>.txt (format in
// test/fixtures/README.md), into one ExtractCase per document.
import { readFileSync } from 'node:fs';
import type { ExtractOptions } from '../../src/index.js';

/** The topics, in the order the corpus is read and its figures printed; each is a file. */
export const TOPICS = ['prose', 'angle', 'quote', 'hyphen', 'relative', 'charset', 'decoy', 'rfc', 'edge', 'docs'] as const;
export type Topic = (typeof TOPICS)[number];

export interface ExtractCase {
  /** The name in the file; unique within its topic. */
  name: string;
  category: Topic;
  /** Text; fed to the engine as its UTF-8 bytes (charset 'auto'). */
  input?: string;
  /** Base64 of the raw bytes; fed with `charset` (default 'auto'). */
  bytes?: string;
  charset?: string;
  options?: Pick<ExtractOptions, 'base' | 'hyphen' | 'schemes' | 'maxLength' | 'mode'>;
  expect: string[];
  /** alternates[i] is the expected `alternates` of the i-th URI found. */
  alternates?: string[][];
  /** positions[i] is [offset, line, column] of the i-th URI found. */
  positions?: [number, number, number][];
  /** The codes of the warnings (onWarning) the input gives, in order, whole and written a byte at a time. */
  warns?: string[];
  /** The name of the error extract() must throw (an unknown charset). */
  expectError?: string;
  /** The text the bytes stand for, for readers. */
  text?: string;
  note?: string;
}

const DIR = new URL('../fixtures/extract/', import.meta.url);
/** The encodings `@ bytes` may name: the input lines are written in it (a U+FEFF at the start is its byte order mark). */
const ENCODINGS = ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] as const;

/** `text` in a UTF-16 or UTF-32 encoding, with no byte order mark added. */
function encodeText(text: string, encoding: (typeof ENCODINGS)[number]): Buffer<ArrayBuffer> {
  if (encoding.startsWith('utf-16')) {
    const bytes = Buffer.from(text, 'utf16le');
    return encoding === 'utf-16be' ? bytes.swap16() : bytes;
  }
  const points = [...text].map((ch) => ch.codePointAt(0)!);
  const bytes = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => (encoding === 'utf-32be' ? bytes.writeUInt32BE(p, i * 4) : bytes.writeUInt32LE(p, i * 4)));
  return bytes;
}

const NO_NEWLINE = '\\ No newline at end of input';
const ESCAPE = /\\(?:(\\)|(t)|(r)|(s)|x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]{1,6})\}|(.|$))/gs;

/** The bytes an escaped line stands for (`\xHH` only where the input is bytes). */
function unescape(line: string, bytes: boolean, where: string): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of line.matchAll(ESCAPE)) {
    parts.push(Buffer.from(line.slice(last, m.index), 'utf8'));
    last = m.index + m[0].length;
    const [, backslash, tab, cr, space, hex, cp, bad] = m;
    if (bad !== undefined) throw new Error(`${where}: unknown escape ${JSON.stringify(m[0])}`);
    if (hex !== undefined && !bytes) throw new Error(`${where}: \\x${hex} in a text input (use \\u{…})`);
    const value = backslash ?? (tab && '\t') ?? (cr && '\r') ?? (space && ' ');
    if (value !== undefined) parts.push(Buffer.from(value, 'utf8'));
    else if (hex !== undefined) parts.push(Buffer.from([parseInt(hex, 16)]));
    else parts.push(Buffer.from(String.fromCodePoint(parseInt(cp!, 16)), 'utf8'));
  }
  parts.push(Buffer.from(line.slice(last), 'utf8'));
  return Buffer.concat(parts);
}

export function loadTopic(topic: Topic): ExtractCase[] {
  const file = new URL(`${topic}.txt`, DIR);
  const text = readFileSync(file, 'utf8');
  const cases: ExtractCase[] = [];
  for (const block of text.split(/^--- /m).slice(1)) {
    const lines = block.split('\n');
    const header = lines[0]!;
    const brace = header.indexOf(' {');
    const name = brace === -1 ? header : header.slice(0, brace);
    const where = `${topic}.txt: ${name}`;
    const c: ExtractCase = { name, category: topic, expect: [] };
    if (brace !== -1) {
      const { charset, ...options } = JSON.parse(header.slice(brace + 1)) as ExtractOptions;
      if (charset !== undefined) c.charset = charset;
      if (Object.keys(options).length > 0 || charset === undefined) c.options = options;
    }
    let i = 1;
    const notes: string[] = [];
    let bytes = false;
    let encoding: (typeof ENCODINGS)[number] | undefined;
    let escaped = false;
    let sideFile: string | undefined;
    for (; i < lines.length; i++) {
      const l = lines[i]!;
      if (l === '%' || l.startsWith('% ')) { notes.push(l.slice(2)); continue; }
      if (!l.startsWith('@ ')) break;
      const space = l.indexOf(' ', 2);
      const key = space === -1 ? l.slice(2) : l.slice(2, space);
      const value = space === -1 ? '' : l.slice(space + 1);
      if (key === 'bytes') {
        bytes = true;
        encoding = ENCODINGS.find((e) => e === value);
        if (encoding === undefined && value !== '') throw new Error(`${where}: unknown encoding ${value}`);
      }
      else if (key === 'escaped') escaped = true;
      else if (key === 'file') sideFile = value;
      else if (key === 'text') c.text = JSON.parse(value) as string;
      else if (key === 'positions') c.positions = JSON.parse(value) as [number, number, number][];
      else if (key === 'alternates') c.alternates = [];
      else if (key === 'throws') c.expectError = value;
      else if (key === 'warns') c.warns = value === '' ? [] : value.split(',');
      else throw new Error(`${where}: unknown attribute ${l}`);
    }
    if (notes.length > 0) c.note = notes.join('\n');
    const start = i;
    while (i < lines.length && !lines[i]!.startsWith('=> ') && lines[i] !== NO_NEWLINE) i++;
    if (i === lines.length) throw new Error(`${where}: no "=> " line`);
    const body = lines.slice(start, i);
    const newline = lines[i] !== NO_NEWLINE;
    if (!newline) i++;
    const raw = escaped
      ? body.map((l) => unescape(l, bytes && encoding === undefined, where))
      : body.map((l) => Buffer.from(l, 'utf8'));
    let input = Buffer.concat(raw.flatMap((b, k) => (newline || k < raw.length - 1 ? [b, Buffer.from('\n')] : [b])));
    if (encoding !== undefined) input = encodeText(input.toString('utf8'), encoding);
    if (sideFile !== undefined) {
      if (body.length > 0) throw new Error(`${where}: both a file and input lines`);
      c.bytes = readFileSync(new URL(sideFile, DIR)).toString('base64');
    } else if (bytes) {
      c.bytes = input.toString('base64');
    } else {
      c.input = input.toString('utf8');
    }
    for (; i < lines.length; i++) {
      const l = lines[i]!;
      if (l === '') continue;
      if (!l.startsWith('=> ')) throw new Error(`${where}: unexpected line after the expectations: ${l}`);
      if (l === '=> (none)') continue;
      const [uri, ...alternates] = l.slice(3).split(' ~ ');
      c.expect.push(uri!);
      c.alternates?.push(alternates);
    }
    cases.push(c);
  }
  return cases;
}

/** The whole corpus, topic by topic. */
export function loadExtractCases(): ExtractCase[] {
  return TOPICS.flatMap(loadTopic);
}
