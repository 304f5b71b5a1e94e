// The Founds of one log line: direct ones (request targets, referers) and fields scanned as text, at file positions, tagged with their field.

import { FoundRecord, NONE } from '../../delimit/match.js';
import { ResolveState } from '../../delimit/state.js';
import type { Delimiter } from '../../delimit/types.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import { withBase, type FormatContext } from '../types.js';
import { absoluteUri, loggedPieces, targetUri, type TargetResult } from './target.js';
import { percentEncodeIn } from '../bytes.js';
import { HYPHEN, SLASH } from '../../uri/codes.js';
import { detach } from '../../delimit/detach.js';
import { startsCandidate } from '../../delimit/schemes.js';
import { LinePlace } from './line-place.js';
import { PlaceMemo } from './place-memo.js';

const NON_ASCII = /[^\x00-\x7f]/;
/** A target with a scheme but no "//" after it is in no request form a server logs (RFC 9112 §3.2): Squid's "error:…", "host:443". */
export const NO_ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:(?!\/\/)/;

/** How many request targets resolved against the base are remembered (each at most 2 KiB: longer ones are not). */
const MEMO = 4096;
const MEMO_LENGTH = 2048;
/** How many scanned fields (user agents repeat) are remembered with what they hold (each at most SCANNED_LENGTH long). */
const SCANNED = 1024;
const SCANNED_LENGTH = 512;
/** How many fields' Source objects are shared (a field named again gets the same one). */
const SOURCES = 1024;

/**
 * What a field scanned on its own held, for the next time the same text
 * comes (the scan of a text alone depends on nothing else): flat
 * [FoundRecord, offset in the field] per Found. A log line holds no line break,
 * so a Found's line is the line's and its column follows from its offset.
 */
type Scanned = ReadonlyArray<FoundRecord | number>;
const NOTHING: Scanned = Object.freeze([]);

/** One decoded piece of a value and the column (0-based, in the line) its first character stands at. */
export interface Piece {
  text: string;
  at: number;
}

/**
 * The context with no base, for text scanned in a line: outside request
 * targets a log's quoted words ("curl/8.5.0", "/var/www/x") are not links.
 * It reads everything else (out included, which each write replaces) from ctx.
 */
export const withoutBase = (ctx: FormatContext): FormatContext => withBase(ctx, undefined);

/** The Founds of the line LinePlace says where it stands. */
export class LineOut extends LinePlace {
  readonly ctx: FormatContext;
  /** ctx without its base (see withoutBase). */
  readonly textCtx: FormatContext;
  /**
   * The input's charset when it is neither UTF-8 nor UTF-16 ('' when it is;
   * undefined until known). A request target or a referer is the bytes the
   * server got, so in such a log its other characters are percent-encoded
   * as those bytes ("/caf\xE9" → /caf%E9), not mapped as an IRI in UTF-8.
   */
  bytes: string | undefined;
  /** The input's charset, once known, is no encoding of all of Unicode: IRIs in text fields are NFC-normalized (Scanner#fromLegacyCharset). */
  legacy = false;
  /** Relative targets left out (no base) and values that are not URI references, over the input. */
  unresolved = 0;
  invalid = 0;
  firstInvalid = 0;
  /** Docker streams whose last json-file record was cut mid-line (see docker.ts). */
  readonly dockerCut = new Set<string>();
  readonly #sources = new Map<string, Source>();
  /** Targets lately resolved (logs repeat them): the answer for a value is always the same. */
  readonly #targets = new PlaceMemo<TargetResult>(MEMO, MEMO_LENGTH);
  /** Fields lately scanned (see Scanned). */
  readonly #scanned = new PlaceMemo<Scanned>(SCANNED, SCANNED_LENGTH);
  /** Absolute values (referers) the shared memo cannot hold, as written, and what each reads as. */
  readonly #absolutes = new PlaceMemo<TargetResult>(SCANNED, SCANNED_LENGTH);
  /** What resolveTarget parses into (see ResolveState). */
  readonly #resolve = new ResolveState();

  constructor(ctx: FormatContext) {
    super();
    this.ctx = ctx;
    this.textCtx = withoutBase(ctx);
  }

  source(field: string): Source {
    if (this.host !== undefined) return { field, host: this.host };
    let s = this.#sources.get(field);
    if (s === undefined) {
      if (this.#sources.size === SOURCES) this.#sources.clear(); // field names a log makes up (JSON keys with ids in them) would pile up
      this.#sources.set(field, (s = Object.freeze({ field })));
    }
    return s;
  }

  /** A request target at column `at` (its raw text `raw`, its decoded value `value`). */
  target(value: string, at: number, field: string, delimiter: Delimiter, raw = value): void {
    if (raw.length > this.ctx.config.maxLength) return; // as a longer bare URI in text
    if (value.charCodeAt(0) !== SLASH && NO_ABSOLUTE_FORM.test(value)) return; // Squid's "error:invalid-request", authority-form "host:443"
    if (this.ctx.config.base === undefined && value.charCodeAt(0) === SLASH) { // origin-form, no base: counted
      this.unresolved++;
      return;
    }
    const targets = this.#targets;
    const same = raw === value;
    const slot = targets.find(value, 0, value.length);
    if (slot !== -1) return this.#direct(targets.value(slot), same ? targets.key(slot) : raw, at, field, delimiter, true);
    const key = detach(value); // neither the memo nor a Found keeps the line alive
    const r = targetUri(this.#resolve, this.#asBytes(key), this.ctx.config.base);
    targets.remember(key, r);
    this.#direct(r, same ? key : raw, at, field, delimiter, true);
  }

  /** The request target text[from, to) of the line, as written. */
  targetAt(from: number, to: number, field: string, delimiter: Delimiter): void {
    const text = this.text;
    if (this.ctx.config.base === undefined && text.charCodeAt(from) === SLASH) { // origin-form, no base
      this.unresolved++;
      return;
    }
    const slot = this.#targets.find(text, from, to); // looked up in place: most lines need no slice
    if (slot !== -1) {
      const key = this.#targets.key(slot);
      return this.#direct(this.#targets.value(slot), key, from, field, delimiter, true);
    }
    this.target(text.slice(from, to), from, field, delimiter);
  }

  /** A value taken only when it is an absolute URI (a referer, an upstream). */
  absolute(value: string, at: number, field: string, delimiter: Delimiter, raw = value): void {
    if ((value.length < 2 && (value.length === 0 || value.charCodeAt(0) === HYPHEN)) || raw.length > this.ctx.config.maxLength) return; // "" or "-" (lengths: no string comparison)
    const same = raw === value;
    // An absolute URI that is its own target is one the scanners may have met too: the shared memo knows it.
    const memo = this.ctx.memo;
    const known = same ? memo.recall(value, this.text, at) : memo.recall(value, value, 0);
    if (known !== undefined && this.#takes(known)) { // raw as the miss below gives it (a JSON or W3C value's raw text differs from it), whatever the memo holds
      const m = same ? new FoundRecord(known, known, known, undefined, delimiter, false, NONE) : new FoundRecord(known, known, this.ctx.detach ? detach(raw) : raw, undefined, delimiter, false, NONE);
      return this.#push(m, at, field);
    }
    if (same) { // what the memo does not hold (dot-segments to remove, characters to encode, no URI): a value's answer never changes
      const slot = this.#absolutes.find(value, 0, value.length);
      if (slot !== -1) return this.#direct(this.#absolutes.value(slot), this.#absolutes.key(slot), at, field, delimiter, false);
    }
    const key = detach(value); // neither the memo nor a Found keeps the line alive
    const r = absoluteUri(this.#resolve, this.#asBytes(key));
    if (r.kind === 'uri' && r.uri === key) {
      if (this.#takes(key)) memo.remember(key); // the memo holds only what the scanners may give
    } else if (same) this.#absolutes.remember(key, r);
    this.#direct(r, same ? key : raw, at, field, delimiter, false);
  }

  /** A Segment for text of `field`; in a log in a legacy charset, its IRIs are NFC-normalized (Scanner#fromLegacyCharset). */
  segment(field: string, source: Source = this.source(field)): Segment {
    const seg = new Segment(this.textCtx, source);
    if (this.legacy) seg.fromLegacyCharset();
    return seg;
  }

  /** `value` with its characters above ASCII percent-encoded as the input's bytes (see bytes); as it is in UTF-8 input. */
  #asBytes(value: string): string {
    const charset = this.bytes;
    return charset === undefined || charset === '' || !NON_ASCII.test(value) ? value : percentEncodeIn(value, charset);
  }

  /**
   * The Found for r. `raw` is the value as written: the remembered copy when
   * it reads the same (then `raw === reference` is a pointer test, not a
   * comparison of two strings), else the line's own text.
   */
  #direct(r: TargetResult, raw: string, at: number, field: string, delimiter: Delimiter, target: boolean): void {
    if (r.kind === 'none') return;
    if (r.kind === 'relative') {
      if (target) this.unresolved++;
      return;
    }
    if (r.kind === 'invalid') {
      if (this.invalid++ === 0) this.firstInvalid = this.no;
      return;
    }
    if (!this.#takes(r.uri)) return;
    // r's strings are made from a copy of the value (see target()); raw is that copy when it reads the same, else the line's own text.
    const reference = r.reference === r.uri ? r.uri : r.reference;
    this.#push(new FoundRecord(r.uri, reference, raw === reference ? reference : this.ctx.detach ? detach(raw) : raw, undefined, delimiter, false, NONE), at, field);
  }

  /** Does the `schemes` option take this absolute URI's scheme? A logged value is delimited, so any scheme it does not leave out. */
  #takes(uri: string): boolean {
    const policy = this.ctx.config.policy;
    return (policy.only === undefined && policy.excluded.size === 0) || startsCandidate(policy, uri, 0, uri.indexOf(':'), true);
  }

  #push(m: FoundRecord, at: number, field: string): void {
    m.offset = this.start + at - this.base;
    m.line = this.no;
    m.column = at - this.base + 1;
    m.source = this.source(field);
    this.ctx.out.push(m);
  }

  /**
   * Absolute URIs inside a request target at text[from, to) (`/go?url=http://…`):
   * its query and fragment scanned as text; an origin-form target's path too.
   * `logged`: the server's escapes are undone (HAProxy's `#XX` with `hash`,
   * where a '#' starts no fragment: a client sends none).
   */
  embedded(from: number, to: number, field: string, logged = false, hash = false): void {
    const text = this.text;
    if (text.charCodeAt(from) !== SLASH) {
      const q = this.marks.query.in(text, from);
      const h = hash ? -1 : this.marks.hash.in(text, from);
      from = q !== -1 && q < to ? q : h !== -1 && h < to ? h : to;
    }
    if (from < to && logged) this.scanLogged(from, to, field, hash);
    else if (from < to) this.scan(from, to, field);
  }

  /** Scan text[from, to), a field of an access line, with nginx's and Apache's escapes undone (HAProxy's `#XX` with `hash`; see loggedPieces). */
  scanLogged(from: number, to: number, field: string, hash = false): void {
    const b = (hash ? this.marks.hash : this.marks.backslash).in(this.text, from);
    if (b === -1 || b >= to) this.scan(from, to, field);
    else this.scanPieces(loggedPieces(this.text, from, to, hash), field);
  }

  /** Scan text[from, to) of the line on its own, as text (no base: only absolute URIs). */
  scan(from: number, to: number, field: string): void {
    const text = this.text;
    const colon = this.marks.colon.in(text, from);
    if (colon === -1 || colon >= to) return; // without a base, every URI has a ':'
    const slot = this.#scanned.find(text, from, to);
    if (slot !== -1) return this.#again(this.#scanned.value(slot), from, field);
    const value = from === 0 && to === text.length ? text : text.slice(from, to);
    const out = this.ctx.out;
    const first = out.length;
    const seg = this.segment(field);
    seg.mark(this.no, from - this.base + 1, this.start + from - this.base);
    seg.write(value);
    seg.end();
    if (to - from > SCANNED_LENGTH) return;
    let scanned = NOTHING;
    if (out.length > first) {
      const flat: Array<FoundRecord | number> = [];
      const at = this.start + from - this.base;
      for (let i = first; i < out.length; i++) {
        const f = out[i]!;
        flat.push(new FoundRecord(f.uri, f.reference, f.raw, undefined, f.delimiter, f.repaired, f.alternates), f.offset - at);
      }
      scanned = flat;
    }
    this.#scanned.remember(detach(value), scanned); // the key keeps no line alive
  }

  /** The Founds of a field scanned before, at text[from…] of this line. */
  #again(seen: Scanned, from: number, field: string): void {
    for (let k = 0; k < seen.length; k += 2) {
      const f = seen[k] as FoundRecord;
      const d = seen[k + 1] as number;
      const m = new FoundRecord(f.uri, f.reference, f.raw, undefined, f.delimiter, f.repaired, f.alternates);
      this.#push(m, from + d, field);
    }
  }

  /** Scan decoded pieces as one value (JSON, logfmt, structured data). */
  scanPieces(pieces: readonly Piece[], field: string): void {
    if (!pieces.some((p) => p.text.includes(':'))) return;
    const seg = this.segment(field);
    for (const p of pieces) {
      seg.mark(this.no, p.at - this.base + 1, this.start + p.at - this.base);
      seg.write(p.text);
    }
    seg.end();
  }
}
