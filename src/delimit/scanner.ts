// The incremental Appendix C scanner: write(text) → Found[], end() → Found[].
// No stream code here; the adapters in src/stream wrap it.
//
// Triggers are found with indexOf and each one is scanned locally. Without
// a base the only trigger is ":" (every candidate has a scheme, and its
// opener, if any, sits right before it); with a base "<" and "\"" are
// triggers too. A candidate that runs into the end of the text so far is held
// back (at most maxLength characters) and scanned again when more text
// comes, so the output is the same however the text is chunked.

import { scanBare, skipBareRun, type BareContext } from './bare.js';
import {
  afterAnsiEscape, afterRoffEscape, afterStringEscape, escapeReachesBack, ROFF_REACH, findSchemeStart, schemeRunStart, schemeStartOfRun,
} from './scheme-start.js';
import { buildFound, type CandidateContext } from './candidate.js';
import { CALL_REACH, DIRECTIVE_REACH, END_TAG_REACH } from './relative.js';
import { inputType, writeAfterEnd } from './errors.js';
import { InvalidWindow, invalidSkip } from './invalid-window.js';
import { EMPHASIS_REACH, holdsEmphasis } from './emphasis.js';
import { commentNear } from './comment.js';
import type { FoundRecord } from './match.js';
import { TargetMemo } from './memo.js';
import { scanEnclosed, type EnclosedContext } from './enclosed.js';
import { compileOptions, type ScanConfig } from './options.js';
import { LineCounter } from './position.js';
import { prefixEnded, quoteLevelAt } from './prefix.js';
import { RescanPolicy } from './rescan.js';
import { namedScheme, registeredSuffix, startsCandidate } from './schemes.js';
import { NEED_MORE, TOO_LONG, type Span, type SpanResult } from './span.js';
import { ScanState } from './state.js';
import { DQUOTE, LT, MATH_LANGLE, SLASH } from './chars.js';
import { afterBlank, digitsBefore, mayEndScheme, opaqueMayStart, openerBefore, pastClock } from './colon.js';
import { opaqueShape } from './shapes.js';
import { REACHES, invisibleCutStart, invisibleReachesStart, openerAcrossBreak, schemeCutByInvisible, wrappedFragment } from './wrapped.js';
import type { Found, ScanOptions } from './types.js';

/** Longest piece of new text joined to held text at once (see write). */
const PIECE = 16384;

/**
 * Characters kept before the scan point: everything a ":" looks back at —
 * the scheme walk (MAX_SCHEME and 2), the character or opener before it, an
 * escape's parameters (16), "[" and ESC, and the walk to the opener of a
 * wrapped scheme (BREAK_REACH) — fits in 96, and before that the reach of
 * an emphasis the URI may close (EMPHASIS_REACH) and the character before it.
 * An end tag's look back (END_TAG_REACH, 128) fits in it too.
 */
const CONTEXT = 96 + EMPHASIS_REACH + 1;

/** Makes the Scanner the class holds (see the module's end). */
let keepShapes = (): void => {};

export class Scanner {
  static #kept: Scanner | undefined;
  static {
    keepShapes = (): void => void (Scanner.#kept ??= new Scanner());
  }

  readonly #config: ScanConfig;
  readonly #candidate: CandidateContext;
  #lines = new LineCounter();
  /** When a held candidate is scanned again (so that a long one stays linear). */
  #rescan = new RescanPolicy();
  #buf = '';
  /** Absolute offset of buf[0]. */
  #bufStart = 0;
  /** Index in buf where scanning resumes. */
  #pos = 0;
  /** Index where the last emitted candidate ended: no scheme starts before it. */
  #floor = 0;
  /** Skipping the rest of an over-long run. */
  #skipping = false;
  /** Quote level of the line holding buf[0], when that line started before buf. */
  #carriedLevel = 0;
  #final = false;
  #ended = false;
  #tooLong = 0;
  /** The state of the scan, handed down in the contexts: no module holds any. */
  readonly #state = new ScanState();
  /** Contexts handed to the scanners, reused (only `final` changes). */
  readonly #bareContext: BareContext;
  readonly #enclosed: EnclosedContext;
  /** The ":" after a failed bare candidate that need no scan (positions in buf: set and used within one #scan). */
  readonly #invalid = new InvalidWindow();

  /**
   * `detach` (default true): each Found's strings are copies, so a Found kept
   * by the consumer does not keep the text it was found in. extract() on a
   * string turns it off: its results may view the caller's own string.
   * `memo`: the TargetMemo to use instead of a new one (tests share one
   * between scanners to show that what it remembers never changes an answer,
   * and input formats share one between the scanners of one input).
   * `config`: options compiled once for many scanners (input formats).
   */
  constructor(options?: ScanOptions, detach = true, memo?: TargetMemo, config: ScanConfig = compileOptions(options)) {
    this.#config = config;
    const shared = memo ?? new TargetMemo(config.memo);
    const state = this.#state;
    this.#candidate = { base: config.base, hyphen: config.hyphen, detach, memo: shared, state, nfc: false };
    const quoteLevel = (index: number): number => this.#levelAt(index);
    this.#bareContext = { final: false, maxLength: config.maxLength, quoteLevel, state };
    // Relative references are candidates when there is a base whose scheme the policy takes: theirs is the base's (§5.2.2).
    const relative = config.base !== undefined && startsCandidate(config.policy, config.base.scheme ?? '', 0, config.base.scheme?.length ?? 0, true);
    this.#enclosed = { final: false, maxLength: config.maxLength, policy: config.policy, relative, quoteLevel, memo: shared, state };
  }

  /** Scan more text; returns the URIs that are now complete. */
  write(text: string): Found[] {
    if (typeof text !== 'string') throw inputType('Scanner.write takes a string');
    if (this.#ended) throw writeAfterEnd('Scanner');
    let found: Found[] = [];
    // Held text and new text are joined into one string to scan, which means
    // copying the new text; V8 puts big two-byte strings in its large-object
    // space, and that copy cost more than the scan. So new text is scanned
    // in place whenever the held text cannot matter (#release), and otherwise
    // joined a PIECE at a time. The output does not depend on either.
    while (text.length > 0) {
      if (this.#release(text)) {
        this.#buf = text;
        text = '';
      } else {
        const piece = text.length <= PIECE ? text : text.slice(0, PIECE);
        this.#buf += piece;
        text = text.length <= PIECE ? '' : text.slice(PIECE);
        if (this.#rescan.wait(piece, this.#buf.length - this.#pos, this.#config.maxLength)) continue;
      }
      const more = this.#scan(false);
      if (more.length > 0) found = found.length === 0 ? more : found.concat(more);
    }
    return found;
  }

  /**
   * Drop the held text when nothing is pending and no scheme can reach back
   * into it: `text` is longer than the backward walk, and its first ":" is
   * past the walk's reach or has a non-scheme character before it in `text`
   * (every look back — the scheme walk, the opener and the character before
   * a scheme — stops there),
   * carrying over what the held text still says: the line count and the
   * quote level of the line that goes on into `text`.
   */
  #release(text: string): boolean {
    const buf = this.#buf;
    if (buf.length === 0) return true;
    if (this.#pos < buf.length || this.#skipping || text.length <= CONTEXT) return false;
    if (this.#enclosed.relative && openerNear(text)) return false; // a reference looks back at "name=", or at the tags before it (closesElement)
    const colon = text.indexOf(':');
    if (colon !== -1 && colon <= CONTEXT && (emphasisNear(buf, text, colon) || commentNear(buf))) return false; // "**Download:" or "<!--" may open in buf
    if (colon !== -1 && colon <= CONTEXT) {
      const run = schemeRunStart(text, colon, 0);
      if (run <= ROFF_REACH || escapeReachesBack(text, run) || invisibleReachesStart(text, run)) return false; // a scheme, or its escape (ANSI, roff), may start in buf
      const cut = invisibleCutStart(text, run, 0); // "<⏎  h\u200Bttps://": the walk to the opener starts before the cut scheme
      const from = cut === -1 ? run : cut;
      const opener = from > 0 ? openerAcrossBreak(text, from, colon, 0) : -1;
      if (opener === REACHES || opener === 0) return false; // or the opener of a wrapped scheme (a quote at 0: what is before it tells whether it opens)
    }
    const nl = buf.lastIndexOf('\n');
    const lineStart = nl !== -1 ? nl + 1 : this.#bufStart === 0 ? 0 : -1; // -1: the line began before buf
    if (lineStart !== -1) {
      if (!prefixEnded(buf, lineStart)) return false; // the quote prefix may go on in `text`
      this.#carriedLevel = quoteLevelAt(buf, lineStart);
    }
    if (this.#config.lines) this.#lines.advance(buf, this.#bufStart, this.#bufStart + buf.length);
    this.#bufStart += buf.length;
    this.#pos = 0;
    this.#floor = 0;
    return true;
  }

  /** The text has ended; returns the URIs held back. The scanner takes no more text. */
  end(): Found[] {
    if (this.#ended) return [];
    const found = this.#scan(true);
    this.#ended = true;
    this.#buf = '';
    this.#pos = 0;
    return found;
  }

  /**
   * Start again on a new text, as a new Scanner with the same options and
   * memo would: an input format that scans many short runs of text (an HTML
   * page's text between its links) reuses one Scanner instead of building
   * its contexts and state for each run. What holds for the whole input
   * stays: fromLegacyCharset() and the tooLong count.
   */
  reset(): void {
    this.#lines = new LineCounter();
    this.#rescan = new RescanPolicy();
    this.#buf = '';
    this.#bufStart = 0;
    this.#pos = 0;
    this.#floor = 0;
    this.#skipping = false;
    this.#carriedLevel = 0;
    this.#final = false;
    this.#ended = false;
  }

  /**
   * The text is decoded from a charset that is no Unicode one (the decoder
   * says which): IRIs are NFC-normalized before they are mapped to URIs, as
   * RFC 3987 §3.1 step 1b says; text in UTF-8 or UTF-16 is left as it is.
   */
  fromLegacyCharset(): void {
    this.#candidate.nfc = true;
  }

  /** Bare URIs skipped for being longer than maxLength, so far. */
  get tooLong(): number {
    return this.#tooLong;
  }

  /** Characters held back, for tests of the memory bound. */
  get buffered(): number {
    return this.#buf.length - this.#pos;
  }

  #scan(final: boolean): Found[] {
    this.#final = final;
    this.#bareContext.final = final;
    this.#enclosed.final = final;
    const out: Found[] = [];
    const buf = this.#buf;
    const len = buf.length;
    let pos = this.#pos;
    let floor = this.#floor;
    // Without a base every candidate has a scheme, so ":" is the only
    // trigger and an opener is found from it (openerBefore); with a base,
    // "<" and "\"" are triggers too, as a relative reference has no ":".
    const openers = this.#enclosed.relative;
    let nextColon = -2;
    let nextLt = openers ? -2 : -1;
    let nextQuote = openers ? -2 : -1;
    const invalid = this.#invalid;
    invalid.reset();
    while (pos < len) {
      if (this.#skipping) { // an over-long bare URI, to its end
        pos = floor = skipBareRun(this.#state, buf, pos, final);
        if (this.#state.waiting || (pos === len && !final)) break;
        this.#skipping = false;
        if (pos === len) break;
      }
      if (nextColon !== -1 && nextColon < pos) nextColon = buf.indexOf(':', pos);
      if (nextLt !== -1 && nextLt < pos) nextLt = buf.indexOf('<', pos);
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = buf.indexOf('"', pos);
      const t = minTrigger(nextColon, nextLt, nextQuote);
      if (t === -1) { pos = len; break; }
      const colon = t === nextColon;
      if (colon && t < invalid.end && invalid.skips(buf, t)) { pos = t + 1; continue; } // its candidate fails as the one before did
      if (colon && afterBlank(buf, t)) { pos = t + 1; continue; } // "Subject: x"
      if (colon && digitsBefore(buf, t, floor)) { pos = pastClock(buf, t + 1); continue; } // "10:30", "2024:00:00:00"
      const run = colon ? schemeRunStart(buf, t, floor) : t; // one backward walk serves both readings
      const cut = colon && schemeCutByInvisible(buf, run, t, floor, this.#config.policy) ? invisibleCutStart(buf, run, floor) : -1;
      const open = !colon ? t : openers ? mathOpenerBefore(buf, cut === -1 ? run : cut, t, floor) : openerBefore(buf, cut === -1 ? run : cut, t, floor);
      if (run === t && colon && open === -1) { pos = t + 1; continue; } // no scheme ends here ("a :", "10 :"), nor wraps ("<https⏎  ://")
      if (cut !== -1 && open === -1) { pos = t + 1; continue; } // "ht\u200Btps://": a bare URI's cut scheme is no scheme
      let result: SpanResult = open === -1 ? undefined : scanEnclosed(buf, open, this.#enclosed);
      if (result === NEED_MORE) { pos = open; break; }
      let found = typeof result === 'object' ? buildFound(buf, result, this.#candidate) : undefined;
      if (found === undefined && colon) { // not in delimiters: a bare URI?
        if (cut !== -1) { pos = t + 1; continue; } // "<ht\u200Btps://…" never closed: the cut scheme's tail is no bare URI either
        if (wrappedFragment(buf, run, t, floor, this.#config.policy)) { pos = t + 1; continue; } // "p://" of "<htt⏎  p://"
        result = this.#bare(buf, t, run);
        if (result === NEED_MORE) { pos = findSchemeStart(buf, t, floor); break; }
        if (result === TOO_LONG) { this.#skipping = true; this.#tooLong++; pos = this.#state.span.resume; continue; }
        if (result !== undefined) found = buildFound(buf, result, this.#candidate);
        if (found === undefined && typeof result === 'object') this.#failedBare(buf, t, result);
      }
      if (found === undefined || typeof result !== 'object') { pos = t + 1; continue; }
      this.#place(found, result.start);
      out.push(found);
      pos = floor = result.resume;
    }
    this.#rescan.scanned(buf, this.#bufStart, this.#pos, pos);
    this.#pos = pos;
    this.#floor = floor;
    this.#trim();
    return out;
  }

  /** A ":" at t, after the run of scheme characters from `run`: a bare URI if a scheme the policy takes ends there. */
  #bare(buf: string, t: number, run: number): SpanResult {
    if (!mayEndScheme(buf, t)) return undefined;
    let start = afterRoffEscape(buf, run, afterStringEscape(buf, run, afterAnsiEscape(buf, run, schemeStartOfRun(buf, run, t), t), t), t);
    if (start === -1) return undefined;
    if (t + 2 >= buf.length && !this.#final) return NEED_MORE;
    const slashes = buf.charCodeAt(t + 1) === SLASH && buf.charCodeAt(t + 2) === SLASH;
    if (slashes) start = registeredSuffix(buf, start, t); // "www.ftp://" → "ftp://"
    else if (!opaqueMayStart(buf, start, t)) return undefined;
    if (slashes && t - start === 1 && !namedScheme(this.#config.policy, buf[start]!.toLowerCase())) return undefined; // "C://temp": a drive letter
    if (!startsCandidate(this.#config.policy, buf, start, t, slashes)) return undefined;
    if (!slashes) {
      const shape = opaqueShape(buf, start, t, this.#final); // "tag:", "news:", "data:", …
      if (shape !== true) return shape === NEED_MORE ? NEED_MORE : undefined;
    }
    return scanBare(buf, start, t, this.#bareContext);
  }

  /** The bare candidate of the ":" at t failed: the ":" after it that must fail too are skipped (see InvalidWindow). */
  #failedBare(buf: string, t: number, span: Span): void {
    invalidSkip.failedChars += span.resume - t;
    if (t >= this.#invalid.end) this.#invalid.open(buf, t, span, this.#config.maxLength, this.#final);
  }

  #place(found: FoundRecord, start: number): void {
    const at = this.#bufStart + start;
    found.offset = at;
    if (!this.#config.lines) return; // line and column stay 0
    const lines = this.#lines;
    lines.advance(this.#buf, this.#bufStart, at);
    found.line = lines.line;
    found.column = at - lines.lineStart + 1;
  }

  #levelAt(index: number): number {
    const nl = this.#buf.lastIndexOf('\n', index - 1);
    if (nl === -1) return this.#bufStart === 0 ? quoteLevelAt(this.#buf, 0) : this.#carriedLevel;
    return quoteLevelAt(this.#buf, nl + 1);
  }

  /** Drop text that can no longer matter, keeping CONTEXT characters before the scan point. */
  #trim(): void {
    const cut = this.#pos - CONTEXT;
    if (cut <= 0) return;
    this.#carriedLevel = this.#levelAt(cut);
    if (this.#config.lines) this.#lines.advance(this.#buf, this.#bufStart, this.#bufStart + cut);
    this.#buf = this.#buf.slice(cut);
    this.#bufStart += cut;
    this.#pos -= cut;
    this.#floor = Math.max(0, this.#floor - cut);
  }
}


/** How far back a quoted relative reference looks before its quote (isMimeParameter's `filename*=`, includeDirective's `#include_next`, callArgument's "("). */
const QUOTE_LOOKBEHIND = Math.max(DIRECTIVE_REACH, CALL_REACH + 1);

/**
 * Is there a '"' among the first QUOTE_LOOKBEHIND characters of `text`, or a
 * "<" among the first END_TAG_REACH + 1, whose reference would look back
 * into the held text?
 */
function openerNear(text: string): boolean {
  const end = Math.min(text.length, END_TAG_REACH + 1);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === LT || (c === DQUOTE && i < QUOTE_LOOKBEHIND)) return true;
  }
  return false;
}

/**
 * Could a bare URI at the start of `text`, before its first ":" at `colon`,
 * close an emphasis whose look back (EMPHASIS_REACH) reaches into `buf`: a
 * "*", "_" or "~" on buf's last line within reach, or in text before the ":"?
 */
function emphasisNear(buf: string, text: string, colon: number): boolean {
  if (holdsEmphasis(text, 0, colon)) return true;
  const nl = buf.lastIndexOf('\n');
  return holdsEmphasis(buf, Math.max(nl + 1, buf.length - EMPHASIS_REACH - 1), buf.length);
}

function minTrigger(a: number, b: number, c: number): number {
  let m = a;
  if (b !== -1 && (m === -1 || b < m)) m = b;
  if (c !== -1 && (m === -1 || c < m)) m = c;
  return m;
}

/**
 * With a base, "<" and '"' are triggers of their own; a "⟨" is not, so it is
 * found from the ":" as without a base (right before the run, or across a
 * break: "⟨htt⏎  p://", "⟨⏎  http://").
 */
function mathOpenerBefore(buf: string, run: number, colon: number, floor: number): number {
  const open = openerBefore(buf, run, colon, floor);
  return open !== -1 && buf.charCodeAt(open) === MATH_LANGLE ? open : -1;
}

// V8 keeps the shapes (maps) of a Scanner's state only while one is alive.
// With none alive, a full GC between two scans frees them: every function
// optimized for them is thrown away ("weak objects") and optimized again,
// and the next extract() of 32 MiB takes 2-3x a warm one (bench/README.md,
// "extract"). One Scanner, held by the class, keeps them; it is made last,
// once every constant of this module is set (made earlier, its state would
// hold undefined where a real scanner's holds values: other shapes).
keepShapes();
