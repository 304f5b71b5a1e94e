// A header block (RFC 5322 §2.2), read line by line and bounded: its fields, unfolded, with the file position of each physical line.

import { isAscii } from 'node:buffer';
import type { FormatContext } from '../types.js';
import { nonAsciiAt } from './bulk.js';
import type { Line, Run } from './lines.js';
import { BANG, COLON, CR, SLASH, SPACE, TAB, TILDE } from '../../uri/codes.js';

/** Most bytes kept of one header block; past it the rest is dropped with a warning. */
export const MAX_HEADER_BLOCK = 1024 * 1024;
/** What a kept field costs against MAX_HEADER_BLOCK besides its text (its objects): a block of a million tiny fields is bounded too. */
const FIELD_COST = 64;
/** What a folded line of a kept field costs besides its text (its object, its position mark): a field of a million tiny folds is bounded too. */
const FOLD_COST = 32;

/** One physical line of a field's value. */
export interface FieldLine {
  /** Its bytes as latin1 text. */
  text: string;
  line: number;
  column: number;
  offset: number;
}

export interface Field {
  /** As written ('List-Unsubscribe'). */
  name: string;
  /** Lower-case. */
  key: string;
  lines: FieldLine[];
}

/** What a header line did: 'more' (a field line), 'ended' (the blank line ending the block), 'body' (not a header line: the block ended before it, and it is the body's first line). */
export type HeaderStep = 'more' | 'ended' | 'body';

/**
 * A field name ([!-9;-~]+, RFC 5322 §3.6.8) and its colon (obs-optional
 * allows blanks before it) are looked for in a line's first 200 bytes.
 */
const FIELD_WITHIN = 200;

/** Slots of a FieldNames table (a power of two). */
const NAME_SLOTS = 512;

interface NameEntry {
  /** As written. */
  name: string;
  /** Its bytes (latin1). */
  bytes: Buffer;
  key: string;
  keep: boolean;
}

/**
 * Field names already read, with their lower-case key and whether they are
 * kept: found by a hash of the name's characters, taken while it is read,
 * so that a name seen before makes no string (bounded: a slot holds the
 * last name that hashed to it).
 */
export class FieldNames {
  readonly #keep: (key: string) => boolean;
  readonly #slots: Array<NameEntry | undefined> = new Array<NameEntry | undefined>(NAME_SLOTS).fill(undefined);

  /** `keep`: which fields (by lower-case name) are kept. */
  constructor(keep: (key: string) => boolean) {
    this.#keep = keep;
  }

  /** The name b[from, to), whose bytes hash to `hash` (see #fieldStart). */
  get(b: Uint8Array, from: number, to: number, hash: number): NameEntry {
    const slot = hash & (NAME_SLOTS - 1);
    const e = this.#slots[slot];
    if (e !== undefined && e.bytes.length === to - from && sameAt(b, from, e.bytes)) return e;
    const bytes = Buffer.from(b.subarray(from, to)); // a copy: no view of the chunk is kept
    const name = bytes.toString('latin1');
    const key = name.toLowerCase();
    return (this.#slots[slot] = { name, bytes, key, keep: this.#keep(key) });
  }
}

/** Does b hold `name` at `from`? */
function sameAt(b: Uint8Array, from: number, name: Uint8Array): boolean {
  const n = name.length;
  if (b.length - from < n) return false;
  for (let i = 0; i < n; i++) if (b[from + i] !== name[i]) return false;
  return true;
}

export class HeaderBlock {
  readonly fields: Field[] = [];
  readonly #ctx: FormatContext;
  readonly #names: FieldNames;
  #current: Field | undefined;
  #bytes = 0;
  #dropped = false;
  /** In a long line handed on in pieces. */
  #inLine = false;
  #ascii = true;
  /** No field has started yet: a first line such as "http://a.example/" is no field but the body's (a text given to mail mode). */
  #first = true;

  /** `names`: which fields are kept. */
  constructor(ctx: FormatContext, names: FieldNames) {
    this.#ctx = ctx;
    this.#names = names;
  }

  line(l: Line): HeaderStep {
    const continued = this.#inLine;
    this.#inLine = !l.last;
    const b = l.bytes;
    if (this.#ascii && !isAscii(b)) this.#ascii = false;
    if (continued) return this.#append(b, 0, b.length, l.no, l.start + 1, l.offset + l.start, false);
    if (b.length === 0 && l.last) return 'ended';
    if ((b[0] === SPACE || b[0] === TAB) && this.#first) { // a continuation of no field: the file opens with no header field
      this.#inLine = false;
      return 'body';
    }
    if (b[0] === SPACE || b[0] === TAB) return this.#append(b, 0, b.length, l.no, l.start + 1, l.offset + l.start, true);
    const valueAt = this.#fieldStart(b, 0, Math.min(b.length, FIELD_WITHIN), l.no);
    if (valueAt === -1) {
      this.#inLine = false;
      return 'body';
    }
    return this.#append(b, valueAt, b.length, l.no, l.start + valueAt + 1, l.offset + l.start + valueAt, true);
  }

  /**
   * Whole lines of a run (see Run), read as line() would read them, up to
   * the end of the block: 'ended' (the blank line taken) or 'body' (the line
   * at run.to is the body's). run.to and run.lines say what was taken.
   */
  run(run: Run): HeaderStep {
    if (this.#inLine) return 'more';
    const { latin, end } = run;
    let pos = run.from;
    let no = run.no;
    let step: HeaderStep = 'more';
    while (pos < end) {
      const nl = latin.indexOf('\n', pos);
      const e = nl > pos && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      step = e === pos ? 'ended' : this.#runLine(run, pos, e, no, run.offset + (pos - run.from));
      if (step === 'body') break;
      pos = nl + 1;
      no++;
      if (step === 'ended') break;
    }
    run.to = pos;
    run.lines = no - run.no;
    if (this.#ascii && pos > run.from && nonAsciiAt(run, run.from) < pos) this.#ascii = false;
    return step;
  }

  /** One whole line of the run at [pos, e), line `no`, byte offset `offset`: a continuation or a field. */
  #runLine(run: Run, pos: number, e: number, no: number, offset: number): HeaderStep {
    const { chunk, latin } = run;
    const c = chunk[pos];
    if (c === SPACE || c === TAB) return this.#first ? 'body' : this.#append(latin, pos, e, no, 1, offset, true);
    const valueAt = this.#fieldStart(chunk, pos, Math.min(e, pos + FIELD_WITHIN), no);
    if (valueAt === -1) return 'body';
    return this.#append(latin, pos + valueAt, e, no, valueAt + 1, offset + valueAt, true);
  }

  /**
   * A field name at b[from…] (its colon before `within`): the field is
   * started, and the value's index in the line returned; -1 if none. Read
   * as bytes: a typed array's element costs less than a string's charCodeAt.
   */
  #fieldStart(b: Uint8Array, from: number, within: number, line: number): number {
    let k = from;
    let hash = 0;
    for (let c = b[k]!; k < within && c >= BANG && c <= TILDE && c !== COLON; c = b[++k]!) hash = (hash * 31 + c) | 0;
    if (k === from) return -1;
    let j = k;
    while (j < within && (b[j] === SPACE || b[j] === TAB)) j++;
    if (j >= within || b[j] !== COLON) return -1;
    if (j === k && b[j + 1] === SLASH && b[j + 2] === SLASH) return -1; // "http://…": a URI, no field (first: no header block; later: the body's first line)
    this.#first = false;
    const e = this.#names.get(b, from, k, hash);
    this.#current = e.keep && this.#room(FIELD_COST, line) ? { name: e.name, key: e.key, lines: [] } : undefined;
    if (this.#current !== undefined) this.fields.push(this.#current);
    return j + 1 - from;
  }

  /** Is there room for `n` more bytes of the block (a field's own cost counts too)? Past MAX_HEADER_BLOCK the rest is dropped, with a warning. */
  #room(n: number, line: number): boolean {
    if (this.#dropped) return false;
    const max = this.#ctx.maxHeaderBytes ?? MAX_HEADER_BLOCK;
    if (this.#bytes + n > max) {
      this.#dropped = true;
      this.#ctx.warn({ code: 'header-too-long', message: `header block over ${max} bytes kept (each field kept counts ${FIELD_COST} more, each folded line ${FOLD_COST}): the rest is dropped`, line });
      return false;
    }
    this.#bytes += n;
    return true;
  }

  /** Keep src[from, to) (a Buffer, or latin1 text) as a new physical line of the current field (or glue a piece to the last one). */
  #append(src: Buffer | string, from: number, to: number, line: number, column: number, offset: number, newLine: boolean): HeaderStep {
    const field = this.#current;
    const cost = newLine && field !== undefined && field.lines.length > 0 ? FOLD_COST : 0; // a fold: one more physical line kept
    if (field === undefined || !this.#room(to - from + cost, line)) return 'more';
    const text = typeof src === 'string' ? src.slice(from, to) : src.toString('latin1', from, to);
    const last = field.lines[field.lines.length - 1];
    if (!newLine && last !== undefined) last.text += text;
    else field.lines.push({ text, line, column, offset });
    return 'more';
  }

  /** Every byte of the block so far is ASCII (its fields' text is then as it is in any charset); the line that ends a block with no blank line counts too. */
  get ascii(): boolean {
    return this.#ascii;
  }

  /** The first field named `key` (lower-case), unfolded, as latin1 text. */
  value(key: string): string | undefined {
    const field = this.fields.find((f) => f.key === key);
    return field === undefined ? undefined : unfold(field);
  }
}

/** RFC 5322 §2.2.3: the line breaks removed, the blanks kept; bytes as latin1. */
export function unfold(field: Field): string {
  return field.lines.length === 1 ? field.lines[0]!.text : field.lines.map((l) => l.text).join('');
}

/**
 * A structured field's value without its comments ("(…)", nested, "\\"
 * quoting inside), quoted strings kept: RFC 2045 §3 allows them in the MIME
 * fields ("text/plain; charset=us-ascii (Plain text)", RFC 2045 §5.1).
 */
export function withoutComments(value: string): string {
  if (value.indexOf('(') === -1) return value;
  let out = '';
  let depth = 0;
  let quoted = false;
  let params = false; // past the first ";": a "(" inside a parameter's token is its ("boundary=b1_(x")
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === ';' && depth === 0 && !quoted) params = true;
    if (c === '\\' && (quoted || depth > 0)) {
      if (depth === 0) out += value.slice(i, i + 2); // a quoted pair in a quoted string stays
      i++;
    } else if (depth === 0 && c === '"') {
      quoted = !quoted;
      out += c;
    } else if (!quoted && c === '(' && (depth > 0 || !params || /[\s;]/.test(value[i - 1]!))) { // "base64(b64)"; not "boundary=b1_(x"
      if (depth++ === 0) out += ' ';
    } else if (!quoted && c === ')' && depth > 0) {
      depth--;
    } else if (depth === 0) {
      out += c;
    }
  }
  return out;
}
