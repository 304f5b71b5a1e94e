// A header block (RFC 5322 §2.2), read line by line and bounded: its fields, unfolded, with the file position of each physical line.

import type { FormatContext } from '../types.js';
import type { Line } from './lines.js';

/** Most bytes kept of one header block; past it the rest is dropped with a warning. */
export const MAX_HEADER_BLOCK = 1024 * 1024;

/** One physical line of a field's value. */
export interface FieldLine {
  bytes: Buffer;
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

/** A field name and its colon (RFC 5322 §3.6.8; obs-optional allows blanks before the colon). */
const FIELD = /^([!-9;-~]+)[ \t]*:/;

export class HeaderBlock {
  readonly fields: Field[] = [];
  readonly #ctx: FormatContext;
  readonly #keep: (key: string) => boolean;
  #current: Field | undefined;
  #bytes = 0;
  #dropped = false;
  /** In a long line handed on in pieces. */
  #inLine = false;

  /** `keep`: which fields (by lower-case name) are kept. */
  constructor(ctx: FormatContext, keep: (key: string) => boolean) {
    this.#ctx = ctx;
    this.#keep = keep;
  }

  line(l: Line): HeaderStep {
    const continued = this.#inLine;
    this.#inLine = !l.last;
    if (continued) return this.#append(l, 0, l.start + 1, false);
    const b = l.bytes;
    if (b.length === 0 && l.last) return 'ended';
    if (b[0] === 0x20 || b[0] === 0x09) return this.#append(l, 0, l.start + 1, true);
    const m = FIELD.exec(b.toString('latin1', 0, Math.min(b.length, 200)));
    if (m === null) {
      this.#inLine = false;
      return 'body';
    }
    const name = m[1]!;
    const key = name.toLowerCase();
    this.#current = this.#keep(key) ? { name, key, lines: [] } : undefined;
    if (this.#current !== undefined) this.fields.push(this.#current);
    const valueAt = m[0].length;
    return this.#append(l, valueAt, l.start + valueAt + 1, true);
  }

  /** Keep l.bytes[from…] as a new physical line of the current field (or glue a piece to the last one). */
  #append(l: Line, from: number, column: number, newLine: boolean): HeaderStep {
    const field = this.#current;
    const n = l.bytes.length - from;
    if (this.#dropped || field === undefined) return 'more';
    if (this.#bytes + n > MAX_HEADER_BLOCK) {
      this.#dropped = true;
      this.#ctx.warn({ code: 'header-too-long', message: `header block over ${MAX_HEADER_BLOCK} bytes: the rest is dropped`, line: l.no });
      return 'more';
    }
    this.#bytes += n;
    const bytes = Buffer.from(l.bytes.subarray(from));
    const last = field.lines[field.lines.length - 1];
    if (!newLine && last !== undefined) last.bytes = Buffer.concat([last.bytes, bytes]);
    else field.lines.push({ bytes, line: l.no, column, offset: l.offset + column - 1 });
    return 'more';
  }

  /** The first field named `key` (lower-case), unfolded, as latin1 text. */
  value(key: string): string | undefined {
    const field = this.fields.find((f) => f.key === key);
    return field === undefined ? undefined : unfold(field);
  }
}

/** RFC 5322 §2.2.3: the line breaks removed, the blanks kept; bytes as latin1. */
export function unfold(field: Field): string {
  return field.lines.map((l) => l.bytes.toString('latin1')).join('');
}
