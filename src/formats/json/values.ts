// The string values of a JSON document, one at a time, read as they end: a
// value under a key that names a link (`url`, `href`, `homepage`, `@id`, …)
// and is one URI reference is that link, resolved against the base as html
// mode resolves an href; any other value is text, scanned for absolute URIs
// with the Appendix C rules (a value is a quoted string, so a URI never
// runs from one value into the next). A value longer than HOLD streams
// through a Segment of its own, so memory holds no more of it than the
// scanner does. A JSON string holds no line break, so a value's characters
// are all on the line it starts on.

import { Scanner } from '../../delimit/scanner.js';
import type { FoundRecord } from '../../delimit/match.js';
import { findSchemeEnd } from '../../uri/parse.js';
import { takeLink, type LinkCounts } from '../link.js';
import { lastAtOrBefore } from '../positions.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import { configWith, type FormatContext, type FormatWarning } from '../types.js';
import { HtmlValue } from './html-value.js';
import { HTML, LINK } from './link-keys.js';

/** Characters of a value held before it streams to a Segment. */
const HOLD = 8192;
/** Sources kept for reuse, one per key path, up to this many paths. */
const SOURCES = 4096;

/**
 * Can a link key's value be taken as one URI reference: no blank, quote or
 * angle bracket inside, and, with no scheme, no ":" in its first segment
 * (RFC 3986 §4.2: "git@github.com:x/y.git" is scp's syntax, no relative
 * reference)? Else the value is scanned as text.
 */
function isReference(value: string): boolean {
  if (/[\s<>"]/.test(value)) return false;
  if (findSchemeEnd(value) !== -1) return true;
  const colon = value.indexOf(':');
  return colon === -1 || /[/?#]/.test(value.slice(0, colon));
}

/** What the values need of the reader: where each line starts, and the key path of the open value. */
export interface ValueContext {
  /** The 1-based line of input offset `at`; `lineStart` is then the offset that line starts at. */
  lineAt(at: number): number;
  readonly lineStart: number;
  field(): string;
}

export class JsonValues implements LinkCounts {
  readonly #ctx: FormatContext;
  readonly #place: ValueContext;
  readonly #scanner: Scanner;
  readonly #sources = new Map<string, Source>();
  unresolved = 0;
  tooLong = 0;
  /** The document's charset, when no Unicode one (a query's non-ASCII is encoded in it). */
  queryCharset: string | undefined;
  #legacy = false;
  /** The open value: whether its key names a link, where it starts, its line and the offset its line starts at (once asked for). */
  #link = false;
  #openAt = 0;
  #line = 0;
  #lineStart = 0;
  /**
   * Its first piece, kept as text[#from, #to) at #at until a second one comes
   * (most values are one piece, and most hold no URI: they are never copied).
   */
  #first: string | undefined;
  #from = 0;
  #to = 0;
  #at = 0;
  #raw = 0;
  /** Its characters held, and flat [index in #text, input offset] where they stop following the input one to one. */
  #text = '';
  readonly #marks: number[] = [];
  /** The input offset the next piece must start at to need no mark. */
  #next = -1;
  /** The open value once it is longer than HOLD. */
  #segment: Segment | undefined;
  /** The open value is HTML, read by #html. */
  #inHtml = false;
  readonly #html: HtmlValue;

  constructor(ctx: FormatContext, place: ValueContext) {
    this.#ctx = ctx;
    this.#place = place;
    this.#scanner = new Scanner(undefined, ctx.detach, ctx.memo, configWith(ctx.config, undefined, true));
    const inner = Object.create(ctx, { warn: { value: (w: FormatWarning) => this.#innerWarning(w) } }) as FormatContext;
    this.#html = new HtmlValue(inner);
  }

  /** An HTML value's warnings: its links left out and its URIs too long are counted with the others. */
  #innerWarning(w: FormatWarning): void {
    if (w.code === 'unresolved-links') this.unresolved += w.count ?? 1;
    else if (w.code === 'uri-too-long') this.tooLong += w.count ?? 1;
    else this.#ctx.warn(w);
  }

  /** The charset is no Unicode one: IRIs are NFC-normalized. */
  fromLegacyCharset(charset: string): void {
    this.queryCharset = charset;
    this.#legacy = true;
    this.#scanner.fromLegacyCharset();
  }

  /** Characters (or more) the scanner skipped for being longer than maxLength. */
  get scannedTooLong(): number {
    return this.#scanner.tooLong;
  }

  open(at: number, kind: number): void {
    this.#link = kind === LINK;
    this.#openAt = at;
    this.#line = 0;
    this.#inHtml = kind === HTML;
    if (this.#inHtml) return this.#html.open(this.#sourceOf(), this.#lineOf(), this.#lineStart, this.queryCharset);
    this.#first = undefined;
    this.#text = '';
    if (this.#marks.length !== 0) this.#marks.length = 0; // a store to length is a call into the runtime, even at 0
    this.#next = -1;
  }

  piece(text: string, from: number, to: number, at: number, raw: number): void {
    if (this.#inHtml) return this.#html.piece(text.slice(from, to), at, raw);
    if (this.#segment !== undefined) return this.#stream(text.slice(from, to), at, raw);
    if (this.#first === undefined && this.#next === -1 && this.#text === '') {
      this.#first = text;
      this.#from = from;
      this.#to = to;
      this.#at = at;
      this.#raw = raw;
      return;
    }
    this.#hold();
    if (this.#segment !== undefined) return this.#stream(text.slice(from, to), at, raw); // the first piece was longer than HOLD
    this.#add(text.slice(from, to), at, raw);
  }

  close(): void {
    if (this.#inHtml) {
      this.#inHtml = false;
      return this.#html.close();
    }
    const segment = this.#segment;
    if (segment !== undefined) {
      this.#segment = undefined;
      return segment.end();
    }
    const first = this.#first;
    if (first !== undefined && this.#text === '' && !this.#link) { // one piece: copied only when it may hold a URI
      const colon = first.indexOf(':', this.#from);
      if (colon === -1 || colon >= this.#to) return;
    }
    this.#hold();
    if (this.#segment !== undefined) return this.close(); // the one piece was longer than HOLD
    const text = this.#text;
    if (text.length === 0) return;
    if (this.#link && isReference(text)) {
      takeLink(this.#ctx, this, text, this.#placeOf(0), this.#ctx.config.base, this.queryCharset, 'quote', this.#sourceOf());
    } else if (text.includes(':')) this.#scan(text);
  }

  /** The first piece, if kept by reference, held as the others are. */
  #hold(): void {
    const first = this.#first;
    if (first === undefined) return;
    this.#first = undefined;
    this.#add(first.slice(this.#from, this.#to), this.#at, this.#raw);
  }

  #add(s: string, at: number, raw: number): void {
    if (at !== this.#next) this.#marks.push(this.#text.length, at);
    this.#text += s;
    this.#next = raw === s.length ? at + raw : -1; // after an escape, the next piece is marked
    if (this.#text.length > HOLD) this.#startSegment();
  }

  /** Scan a held value as text: its Founds at their input places. */
  #scan(text: string): void {
    const scanner = this.#scanner;
    scanner.reset();
    const found = scanner.write(text);
    const rest = scanner.end();
    const out = this.#ctx.out;
    for (const f of rest.length === 0 ? found : found.concat(rest)) {
      const record = f as FoundRecord;
      const p = this.#placeOf(record.offset);
      record.offset = p.offset;
      record.line = p.line;
      record.column = p.column;
      record.source = this.#sourceOf();
      out.push(record);
    }
  }

  /** The open value's line (its place known once a Found or a stream needs it: no line break comes between). */
  #lineOf(): number {
    if (this.#line === 0) {
      this.#line = this.#place.lineAt(this.#openAt);
      this.#lineStart = this.#place.lineStart;
    }
    return this.#line;
  }

  /** The input place of index `i` of the held value. */
  #placeOf(i: number): { line: number; column: number; offset: number } {
    const marks = this.#marks;
    const m = lastAtOrBefore(marks, i);
    const offset = marks[m + 1]! + (i - marks[m]!);
    return { line: this.#lineOf(), column: offset - this.#lineStart + 1, offset };
  }

  #startSegment(): void {
    const segment = new Segment(this.#ctx, this.#sourceOf());
    if (this.#legacy) segment.fromLegacyCharset();
    const text = this.#text;
    const marks = this.#marks;
    for (let m = 0; m < marks.length; m += 2) {
      const offset = marks[m + 1]!;
      segment.mark(this.#lineOf(), offset - this.#lineStart + 1, offset);
      segment.write(text.slice(marks[m]!, m + 2 < marks.length ? marks[m + 2]! : text.length));
    }
    this.#text = '';
    this.#segment = segment;
  }

  #stream(s: string, at: number, raw: number): void {
    const segment = this.#segment!;
    if (at !== this.#next) segment.mark(this.#lineOf(), at - this.#lineStart + 1, at);
    segment.write(s);
    this.#next = raw === s.length ? at + raw : -1;
  }

  /** The open value's source (its key path), made on the first Found under that path. */
  #sourceOf(): Source {
    const field = this.#place.field();
    let source = this.#sources.get(field);
    if (source === undefined) {
      source = { field };
      if (this.#sources.size < SOURCES) this.#sources.set(field, source);
    }
    return source;
  }
}
