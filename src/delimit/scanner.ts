// The incremental Appendix C scanner: write(text) → Found[], end() → Found[].
// No stream code here; the adapters in src/stream wrap it.
//
// Triggers are found with indexOf and each one is scanned locally. Without
// a base the only trigger is ":" (every candidate has a scheme, and its
// opener, if any, sits right before it); with a base "<" and "\"" are
// triggers too. A candidate that runs into the end of the text so far is held
// back (at most maxLength characters; held-text.ts keeps the text and the
// positions in it) and scanned again when more text comes, so the output is
// the same however the text is chunked. A ":" is read first (colon-trigger.ts),
// then its candidate is scanned delimited (enclosed.ts) or bare (bare.ts).

import { scanBare, skipBareRun, type BareContext } from './bare.js';
import { bareStart, findSchemeStart } from './scheme-start.js';
import { buildFound, type CandidateContext } from './candidate.js';
import { readColon, type ColonReading } from './colon-trigger.js';
import { inputType, writeAfterEnd } from './errors.js';
import { HeldText } from './held-text.js';
import { InvalidWindow, invalidSkip } from './invalid-window.js';
import { TargetMemo } from './memo.js';
import { scanEnclosed, type EnclosedContext } from './enclosed.js';
import { compileOptions, type ScanConfig } from './options.js';
import { RescanPolicy } from './rescan.js';
import { startsCandidate } from './schemes.js';
import { NEED_MORE, TOO_LONG, type Span, type SpanResult } from './span.js';
import { ScanState } from './state.js';
import { isSpace } from './chars.js';
import { withSchemeHead, wrappedFragment } from './wrapped.js';
import { afterBlank, digitsBefore, httpOpener, pastClock } from './colon.js';
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
  /** The text held and the positions in it (see HeldText). */
  readonly #held: HeldText;
  /** When a held candidate is scanned again (so that a long one stays linear). */
  #rescan = new RescanPolicy();
  /** Skipping the rest of an over-long run. */
  #skipping = false;
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
  /** What readColon found at the current ":" trigger. */
  readonly #colon: ColonReading = { run: 0, cut: -1, open: -1 };

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
    const held = (this.#held = new HeldText(config.lines));
    const shared = memo ?? new TargetMemo(config.memo);
    const state = this.#state;
    this.#candidate = { base: config.base, hyphen: config.hyphen, detach, memo: shared, state, nfc: false };
    const quoteLevel = (index: number): number => held.levelAt(index);
    this.#bareContext = { final: false, maxLength: config.maxLength, quoteLevel, state };
    // Relative references are candidates when there is a base whose scheme the policy takes: theirs is the base's (§5.2.2).
    const relative = config.base !== undefined && startsCandidate(config.policy, config.base.scheme ?? '', 0, config.base.scheme?.length ?? 0, true);
    this.#enclosed = { final: false, maxLength: config.maxLength, policy: config.policy, relative, quoteLevel, memo: detach ? shared : undefined, state };
  }

  /** Scan more text; returns the URIs that are now complete. */
  write(text: string): Found[] {
    if (typeof text !== 'string') throw inputType('Scanner.write takes a string');
    if (this.#ended) throw writeAfterEnd('Scanner');
    const held = this.#held;
    let found: Found[] = [];
    // Held text and new text are joined into one string to scan, which means
    // copying the new text; V8 puts big two-byte strings in its large-object
    // space, and that copy cost more than the scan. So new text is scanned
    // in place whenever the held text cannot matter (HeldText#release), and otherwise
    // joined to it: whole when both fit in WHOLE characters, else a PIECE at a
    // time (the rest of a text cut so is a sliced string, and every charCodeAt
    // of a scan of it goes through the slice). The output depends on neither.
    while (text.length > 0) {
      if (held.release(text, this.#skipping, this.#enclosed.relative)) {
        held.buf = text;
        text = '';
      } else {
        const whole = text.length <= PIECE || held.buf.length + text.length <= WHOLE;
        const piece = whole ? text : text.slice(0, PIECE);
        text = whole ? '' : text.slice(PIECE);
        if (this.#rescan.wait(piece, held.buf.length + piece.length - held.pos, this.#config.maxLength)) {
          held.buf += piece; // no scan follows: a rope, copied once by the scan that does (a flat join here copies the held text per piece)
          continue;
        }
        held.join(piece);
      }
      const more = this.#scan(false);
      if (more.length > 0) found = found.length === 0 ? more : found.concat(more);
    }
    return found;
  }

  /** The text has ended; returns the URIs held back. The scanner takes no more text. */
  end(): Found[] {
    if (this.#ended) return [];
    const found = this.#scan(true);
    this.#ended = true;
    this.#held.buf = '';
    this.#held.pos = 0;
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
    this.#held.reset();
    this.#rescan = new RescanPolicy();
    this.#skipping = false;
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
    return this.#held.buf.length - this.#held.pos;
  }

  /** Scan the held text from its scan point; returns the URIs found. */
  #scan(final: boolean): Found[] {
    this.#final = final;
    this.#bareContext.final = final;
    this.#enclosed.final = final;
    this.#invalid.reset();
    const held = this.#held;
    const from = held.pos;
    const out: Found[] = [];
    this.#scanTriggers(held, final, out);
    this.#rescan.scanned(held.buf, held.start, from, held.pos);
    held.trim();
    return out;
  }

  /** The trigger loop: each trigger from the scan point on, scanned locally; held.pos and held.floor are left where the scan stopped. */
  #scanTriggers(held: HeldText, final: boolean, out: Found[]): void {
    const buf = held.buf;
    const len = buf.length;
    let pos = held.pos;
    let floor = held.floor;
    // Without a base every candidate has a scheme, so ":" is the only
    // trigger and an opener is found from it (openerBefore); with a base,
    // "<" and "\"" are triggers too, as a relative reference has no ":".
    const openers = this.#enclosed.relative;
    let nextColon = -2;
    let nextLt = openers ? -2 : -1;
    let nextQuote = openers ? -2 : -1;
    const invalid = this.#invalid;
    const at = this.#colon;
    while (pos < len) {
      if (this.#skipping) { // an over-long bare URI, to its end
        pos = floor = this.#skipOverLong(buf, pos, final);
        if (this.#skipping || pos === len) break;
      }
      if (nextColon !== -1 && nextColon < pos) nextColon = buf.indexOf(':', pos);
      if (nextLt !== -1 && nextLt < pos) nextLt = buf.indexOf('<', pos);
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = buf.indexOf('"', pos);
      const t = minTrigger(nextColon, nextLt, nextQuote);
      if (t === -1) { pos = len; break; }
      const colon = t === nextColon;
      if (colon) {
        if (t < invalid.end && invalid.skips(buf, t)) { pos = t + 1; continue; } // its candidate fails as the one before did
        const http = openers ? -1 : httpOpener(buf, t, floor); // "\"https://", "<http://": what readColon finds, at once
        if (http !== -1) { at.run = http + 1; at.cut = -1; at.open = http; }
        else if (afterBlank(buf, t)) { pos = t + 1; continue; } // "Subject: x"
        else if (digitsBefore(buf, t, floor)) { pos = pastClock(buf, t + 1); continue; } // "10:30", "2024:00:00:00"
        else if (!readColon(buf, t, floor, openers, this.#config.policy, at)) { pos = t + 1; continue; }
      } else { // "<" or "\"" opens the candidate itself
        at.run = at.open = t;
        at.cut = -1;
      }
      let result: SpanResult = at.open === -1 ? undefined : scanEnclosed(buf, at.open, this.#enclosed);
      if (result === NEED_MORE) { pos = at.open; break; }
      let found = typeof result === 'object' ? buildFound(buf, result, this.#candidate) : undefined;
      if (found === undefined && colon) { // not in delimiters: a bare URI?
        result = this.#bareAt(buf, t, floor, final);
        if (result === NEED_MORE) { pos = findSchemeStart(buf, t, floor); break; }
        if (result === TOO_LONG) { this.#skipping = true; this.#tooLong++; pos = this.#state.span.resume; continue; }
        if (result !== undefined) found = buildFound(buf, result, this.#candidate);
        if (found === undefined && typeof result === 'object') this.#failedBare(buf, t, result);
      }
      if (found === undefined || typeof result !== 'object') { pos = t + 1; continue; }
      held.place(found, result.start);
      out.push(found);
      pos = floor = result.resume;
    }
    held.pos = pos;
    held.floor = floor;
  }

  /** Skip the rest of an over-long bare URI from `pos` to its end; the skip goes on when the text ends before that is known. */
  #skipOverLong(buf: string, pos: number, final: boolean): number {
    const end = skipBareRun(this.#state, buf, pos, final);
    if (!this.#state.waiting && (end < buf.length || final)) this.#skipping = false;
    return end;
  }

  /**
   * The bare URI of the ":" at `t`, read as readColon left it in #colon
   * (none when its scheme is cut, or is the tail of a wrapped one).
   */
  #bareAt(buf: string, t: number, floor: number, final: boolean): SpanResult {
    const { run, cut, open } = this.#colon;
    if (cut !== -1) return undefined; // "<ht\u200Btps://…" never closed: the cut scheme's tail is no bare URI either
    // "p://" of "<htt⏎  p://"; without a base, wrappedFragment looks for the opener openerBefore found, so none there means none
    if ((open !== -1 || this.#enclosed.relative) && wrappedFragment(buf, run, t, floor, this.#config.policy)) return undefined;
    const start = bareStart(buf, t, run, this.#config.policy, final);
    const result = start >= 0 ? scanBare(buf, start, t, this.#bareContext) : start === NEED_MORE ? NEED_MORE : undefined;
    // "ps://" of "(htt⏎  ps://", the tail of a wrapped scheme: looked at once a bare URI is there, not at every "rv:" of a user agent
    if (result !== undefined && result !== NEED_MORE && isSpace(buf.charCodeAt(run - 1))) return withSchemeHead(buf, result, run, t, floor, this.#enclosed);
    return result;
  }

  /** The bare candidate of the ":" at t failed: the ":" after it that must fail too are skipped (see InvalidWindow). */
  #failedBare(buf: string, t: number, span: Span): void {
    invalidSkip.failedChars += span.resume - t;
    if (t >= this.#invalid.end) this.#invalid.open(buf, t, span, this.#config.maxLength, this.#final);
  }
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
