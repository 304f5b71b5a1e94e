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
import { bareStart, findSchemeStart, schemeRunStart } from './scheme-start.js';
import { buildFound, type CandidateContext } from './candidate.js';
import { inputType, writeAfterEnd } from './errors.js';
import { CONTEXT, reachesHeld } from './held.js';
import { InvalidWindow, invalidSkip } from './invalid-window.js';
import type { FoundRecord } from './match.js';
import { TargetMemo } from './memo.js';
import { scanEnclosed, type EnclosedContext } from './enclosed.js';
import { compileOptions, type ScanConfig } from './options.js';
import { LineCounter } from './position.js';
import { prefixEnded, quoteLevelAt } from './prefix.js';
import { RescanPolicy, scanWork } from './rescan.js';
import { startsCandidate } from './schemes.js';
import { NEED_MORE, TOO_LONG, type Span, type SpanResult } from './span.js';
import { ScanState } from './state.js';
import { isSpace } from './chars.js';
import { afterBlank, digitsBefore, httpOpener, mathOpenerBefore, openerBefore, pastClock } from './colon.js';
import { invisibleCutStart, schemeCutByInvisible } from './invisible-cut.js';
import { withSchemeHead, wrappedFragment } from './wrapped.js';
import type { Found, ScanOptions } from './types.js';

/** Longest piece of new text joined to held text at once (see write). */
const PIECE = 16384;

/**
 * Longest held text and new text joined whole (see write): as a two-byte
 * string it stays under V8's largest regular object (128 KiB). An
 * Extractor's pieces (60 KiB of bytes) fit.
 */
const WHOLE = 65000;

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

  /** A scanner of one text, with the options extract() takes in text mode. */
  constructor(options?: ScanOptions);
  /**
   * @internal
   * `detach` (default true): each Found's strings are copies, so a Found kept
   * by the consumer does not keep the text it was found in. extract() on a
   * string turns it off: its results may view the caller's own string.
   * `memo`: the TargetMemo to use instead of a new one (tests share one
   * between scanners to show that what it remembers never changes an answer,
   * and input formats share one between the scanners of one input).
   * `config`: options compiled once for many scanners (input formats).
   */
  constructor(options?: ScanOptions, detach?: boolean, memo?: TargetMemo, config?: ScanConfig);
  constructor(options?: ScanOptions, detach = true, memo?: TargetMemo, config: ScanConfig = compileOptions(options)) {
    this.#config = config;
    const shared = memo ?? new TargetMemo(config.memo);
    const state = this.#state;
    this.#candidate = { base: config.base, hyphen: config.hyphen, detach, memo: shared, state, nfc: false };
    const quoteLevel = (index: number): number => this.#levelAt(index);
    this.#bareContext = { final: false, maxLength: config.maxLength, quoteLevel, state };
    // Relative references are candidates when there is a base whose scheme the policy takes: theirs is the base's (§5.2.2).
    const relative = config.base !== undefined && startsCandidate(config.policy, config.base.scheme ?? '', 0, config.base.scheme?.length ?? 0, true);
    this.#enclosed = { final: false, maxLength: config.maxLength, policy: config.policy, relative, quoteLevel, memo: detach ? shared : undefined, state };
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
    // joined to it: whole when both fit in WHOLE characters, else a PIECE at a
    // time (the rest of a text cut so is a sliced string, and every charCodeAt
    // of a scan of it goes through the slice). The output depends on neither.
    while (text.length > 0) {
      if (this.#release(text)) {
        this.#buf = text;
        text = '';
      } else {
        const whole = text.length <= PIECE || this.#buf.length + text.length <= WHOLE;
        const piece = whole ? text : text.slice(0, PIECE);
        text = whole ? '' : text.slice(PIECE);
        if (this.#rescan.wait(piece, this.#buf.length + piece.length - this.#pos, this.#config.maxLength)) {
          this.#buf += piece; // no scan follows: a rope, copied once by the scan that does (a flat join here copies the held text per piece)
          continue;
        }
        this.#buf = joined(this.#buf, piece);
      }
      const more = this.#scan(false);
      if (more.length > 0) found = found.length === 0 ? more : found.concat(more);
    }
    return found;
  }

  /**
   * Drop the held text when nothing is pending and no look back from `text`
   * can reach into it (see reachesHeld), carrying over what the held text
   * still says: the line count and the quote level of the line that goes on
   * into `text`.
   */
  #release(text: string): boolean {
    const buf = this.#buf;
    if (buf.length === 0) return true;
    if (this.#pos < buf.length || this.#skipping || reachesHeld(buf, text, this.#enclosed.relative)) return false;
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
      const http = colon && !openers ? httpOpener(buf, t, floor) : -1; // "\"https://", "<http://": what the checks below find, at once
      let run = http !== -1 ? http + 1 : t;
      let cut = -1;
      let open = http !== -1 ? http : t;
      if (colon && http === -1) {
        if (afterBlank(buf, t)) { pos = t + 1; continue; } // "Subject: x"
        if (digitsBefore(buf, t, floor)) { pos = pastClock(buf, t + 1); continue; } // "10:30", "2024:00:00:00"
        run = schemeRunStart(buf, t, floor); // one backward walk serves both readings
        cut = schemeCutByInvisible(buf, run, t, floor, this.#config.policy) ? invisibleCutStart(buf, run, floor) : -1;
        open = openers ? mathOpenerBefore(buf, cut === -1 ? run : cut, t, floor) : openerBefore(buf, cut === -1 ? run : cut, t, floor);
        if (run === t && open === -1) { pos = t + 1; continue; } // no scheme ends here ("a :", "10 :"), nor wraps ("<https⏎  ://")
        if (cut !== -1 && open === -1) { pos = t + 1; continue; } // "ht\u200Btps://": a bare URI's cut scheme is no scheme
      }
      let result: SpanResult = open === -1 ? undefined : scanEnclosed(buf, open, this.#enclosed);
      if (result === NEED_MORE) { pos = open; break; }
      let found = typeof result === 'object' ? buildFound(buf, result, this.#candidate) : undefined;
      if (found === undefined && colon) { // not in delimiters: a bare URI?
        if (cut !== -1) { pos = t + 1; continue; } // "<ht\u200Btps://…" never closed: the cut scheme's tail is no bare URI either
        // "p://" of "<htt⏎  p://"; without a base, wrappedFragment looks for the opener openerBefore found, so none there means none
        if ((open !== -1 || openers) && wrappedFragment(buf, run, t, floor, this.#config.policy)) { pos = t + 1; continue; }
        const start = bareStart(buf, t, run, this.#config.policy, final);
        result = start >= 0 ? scanBare(buf, start, t, this.#bareContext) : start === NEED_MORE ? NEED_MORE : undefined;
        if (result === NEED_MORE) { pos = findSchemeStart(buf, t, floor); break; }
        // "ps://" of "(htt⏎  ps://", the tail of a wrapped scheme: looked at once a bare URI is there, not at every "rv:" of a user agent
        if (result !== undefined && isSpace(buf.charCodeAt(run - 1))) result = withSchemeHead(buf, result, run, t, floor, this.#enclosed);
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

/**
 * `held` and `piece` as one flat string. Joined with "+" they make a cons
 * string, which the first search flattens into a copy but which stays a
 * cons: every charCodeAt of the scan then goes through it to the copy.
 */
function joined(held: string, piece: string): string {
  if (held.length === 0) return piece;
  scanWork.joined += held.length + piece.length;
  return [held, piece].join('');
}

function minTrigger(a: number, b: number, c: number): number {
  let m = a;
  if (b !== -1 && (m === -1 || b < m)) m = b;
  if (c !== -1 && (m === -1 || c < m)) m = c;
  return m;
}

// V8 keeps the shapes (maps) of a Scanner's state only while one is alive.
// With none alive, a full GC between two scans frees them: every function
// optimized for them is thrown away ("weak objects") and optimized again,
// and the next extract() of 32 MiB takes 2-3x a warm one (bench/README.md,
// "extract"). One Scanner, held by the class, keeps them; it is made last,
// once every constant of this module is set (made earlier, its state would
// hold undefined where a real scanner's holds values: other shapes).
keepShapes();
