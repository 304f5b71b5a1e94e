// The prose of a feed (titles, an author's name, Atom's type="text", and
// elements no table knows), scanned as text is (Appendix C), character
// references decoded. Each element's text is a run of its own, ended at the
// next tag, so its URIs come out before the URIs of the tags after it
// (document order). As in HTML, the text is prose: only its absolute URIs
// are taken, no base applies to it.

import { Scanner } from '../../delimit/scanner.js';
import type { ScanConfig } from '../../delimit/options.js';
import type { Source } from '../source.js';
import { configWith, type FormatContext } from '../types.js';
import { TextBatch } from '../html/batch.js';
import { TextRun, type Positions } from '../html/text.js';

export class FeedText {
  readonly #ctx: FormatContext;
  readonly #positions: Positions;
  readonly #config: ScanConfig;
  readonly #batch = new TextBatch();
  #scanner: Scanner | undefined;
  #run: TextRun | undefined;
  /** The input index the next piece must start at to need no mark (-1: a mark is needed). */
  #next = -1;
  #legacy = false;

  constructor(ctx: FormatContext, positions: Positions) {
    this.#ctx = ctx;
    this.#positions = positions;
    this.#config = configWith(ctx.config, undefined, ctx.config.lines);
  }

  /** Text `s`, at input index `start` (one character decoded from a reference there, when `reference`), of the element `source` names. */
  add(s: string, start: number, reference: boolean, source: Source): void {
    let run = this.#run;
    if (run === undefined) {
      run = this.#run = new TextRun(this.#ctx, source, this.#config, this.#positions, this.#batch, this.#reset());
      this.#next = -1;
    }
    if (start !== this.#next) run.mark(start);
    run.copy(s, 0, s.length);
    this.#next = reference ? -1 : start + s.length;
  }

  /** Is a run of text open (since the last tag)? */
  get running(): boolean {
    return this.#run !== undefined;
  }

  /** The end of a write: what the text so far completes is emitted now. */
  settle(): void {
    this.#run?.settle();
  }

  /** A tag: the text before it ends. */
  end(): void {
    this.#run?.end();
    this.#run = undefined;
  }

  /** The feed's charset is no Unicode one: IRIs are NFC-normalized. */
  fromLegacyCharset(): void {
    this.#legacy = true;
    this.#scanner?.fromLegacyCharset();
  }

  /** Bare URIs skipped for being longer than maxLength. */
  get tooLong(): number {
    return this.#scanner?.tooLong ?? 0;
  }

  /** The scanner for the next run: the last one, reset. */
  #reset(): Scanner {
    if (this.#scanner === undefined) {
      this.#scanner = new Scanner(undefined, this.#ctx.detach, this.#ctx.memo, this.#config);
      if (this.#legacy) this.#scanner.fromLegacyCharset();
    } else this.#scanner.reset();
    return this.#scanner;
  }
}
