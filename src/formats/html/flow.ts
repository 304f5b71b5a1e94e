// The text of an HTML document as the scanner reads it: the text nodes the
// tokenizer reports (joined where they touch, cut at the caller's marks so
// that positions stay exact), a space or a line break for each element
// boundary between them, character references decoded; nothing of hidden
// elements. It goes to one TextRun until the document ends or a tag's
// URLs cannot wait (see tagFounds); the URLs of tags wait in the run for
// the URIs of the text before them. The text is prose: only absolute URIs
// are taken from it (a page links by its elements, and the quoted paths
// and words of its code samples are no links), so no base applies to it.

import { Scanner } from '../../delimit/scanner.js';
import type { FoundRecord } from '../../delimit/match.js';
import type { ScanConfig } from '../../delimit/options.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import type { TextBatch } from './batch.js';
import { TextRun, type Positions } from './text.js';
import type { TextWindow } from './window.js';
import type { TagName } from './names.js';
import { LF, SPACE } from '../../uri/codes.js';
import { ZERO_WIDTH_SPACE } from '../../delimit/chars.js';


/** What the text flow needs of the sink. */
export interface FlowContext extends Positions {
  readonly ctx: FormatContext;
  sourceOf(html: string): Source;
  /** The tokenizer's current buffer, and the input index of its start. */
  readonly buffer: string;
  readonly bufferStart: number;
}

export class TextFlow {
  readonly #sink: FlowContext;
  readonly #window: TextWindow;
  /** The options the text is scanned with (no base: see above). */
  readonly config: ScanConfig;
  /** Inside script or style: text is not read. */
  hidden = false;
  /** How many <pre> elements are open: inside one, a token's boundary adds nothing (see boundary). */
  pre = 0;
  /** Input indexes text is cut at (the sink's marks), from #markHead on. */
  #marks: number[] = [];
  #markHead = 0;
  /** The text being scanned, since the last tag with URLs (or since the base changed). */
  #run: TextRun | undefined;
  /** The Scanner the runs share. */
  #scanned: Scanner | undefined;
  /** The page's charset is no Unicode one (fromLegacyCharset). */
  #legacy = false;
  /** The buffer text runs gather their text in, one at a time. */
  readonly #batch: TextBatch;
  #runText = false;
  /** What stands between the text written and the next: an element boundary (a space, a line break or a zero-width space; 0: nothing). */
  #gap = 0;
  /** Text [#pendStart, #pendEnd) of the input, not yet written: the tokenizer's pieces of it, joined. */
  #pendStart = 0;
  #pendEnd = 0;

  constructor(sink: FlowContext, window: TextWindow, config: ScanConfig, batch: TextBatch) {
    this.#sink = sink;
    this.#window = window;
    this.config = config;
    this.#batch = batch;
  }

  /** Where the last text ends: an entity whose start the tokenizer does not say stands there. */
  get pendEnd(): number {
    return this.#pendEnd;
  }

  /** The caller's mark at input index `at`: text is cut there. */
  cut(at: number): void {
    if (this.#marks[this.#marks.length - 1] !== at) this.#marks.push(at);
  }

  /** Text [start, end) of the input: joined to the text before it when they touch. */
  text(start: number, end: number): void {
    if (this.hidden) return;
    if (start !== this.#pendEnd) this.flush();
    if (this.#pendStart === this.#pendEnd) this.#pendStart = start;
    this.#pendEnd = end;
  }

  /** A character reference in text: its character stands where the reference starts. */
  entity(char: string, at: number): void {
    if (this.hidden) return;
    this.flush();
    const run = this.#textRun();
    run.mark(at);
    run.copy(char, 0, char.length);
  }

  /**
   * An element boundary (`tag`: what TAGS has of its name; null or undefined
   * for a name it lacks): a line break for a block, else a space (unless a
   * line break is there already). A phrasing element's (INLINE: <em>, <b>,
   * <span>…) is a zero-width space, no gap a reader sees: the scanner
   * removes it from a URI (`http://a/<em>x</em>` is `http://a/x`), and a
   * scheme after it starts a URI (`<b>Site</b>http://a/` is `http://a/`).
   * A <wbr>'s adds nothing. In a <pre> a <span>'s (`token`) adds nothing:
   * the code is read as written, whatever tokens a highlighter cut it into
   * (`https://example.org<span>${path}</span>` is the template it shows, no
   * link to https://example.org); and a <code>'s is a space, a block of code
   * (Node's docs put an ES module's sample and a CommonJS one in one <pre>).
   */
  boundary(tag: TagName | null | undefined): void {
    if (tag?.joins === true) return;
    this.flush();
    const gap = this.#gap;
    if (gap === LF || tag?.block === true) this.#gap = LF;
    else if (tag?.inline !== true || gap === SPACE || (this.pre > 0 && tag.code === true)) this.#gap = SPACE;
    else if (!(this.pre > 0 && tag.token === true)) this.#gap = ZERO_WIDTH_SPACE;
  }

  /** Write the text held, cut at each mark so that positions stay exact. */
  flush(): void {
    const start = this.#pendStart;
    const end = this.#pendEnd;
    if (start === end) return;
    this.#pendStart = this.#pendEnd = end;
    const run = this.#textRun();
    this.prune(start);
    const marks = this.#marks;
    const sink = this.#sink;
    const bufferStart = sink.bufferStart;
    if (start >= bufferStart && (this.#markHead === marks.length || marks[this.#markHead]! >= end)) {
      run.mark(start); // the common case: in the buffer, and no mark inside
      run.copy(sink.buffer, start - bufferStart, end - bufferStart);
      return;
    }
    for (let from = start; from < end;) {
      const next = this.#markHead < marks.length ? Math.min(marks[this.#markHead]!, end) : end;
      run.mark(from);
      if (from >= bufferStart) run.copy(sink.buffer, from - bufferStart, next - bufferStart);
      else {
        const text = this.#window.slice(from, next);
        run.copy(text, 0, text.length);
      }
      if (next < end) this.#markHead++;
      from = next;
    }
  }

  /** The end of a write: what this text completes is emitted now, as a Segment would. */
  settle(): void {
    this.flush();
    this.#run?.settle();
  }

  /** Forget the marks at or before index `at`: text is cut only after its start. */
  prune(at: number): void {
    const marks = this.#marks;
    while (this.#markHead < marks.length && marks[this.#markHead]! <= at) this.#markHead++;
    if (this.#markHead > 4096 && this.#markHead * 2 > marks.length) {
      this.#marks = marks.slice(this.#markHead);
      this.#markHead = 0;
    }
  }

  /** The Founds of a tag: after those of the text before it (see TextRun.queue), at once when no text waits. */
  tagFounds(found: readonly FoundRecord[]): void {
    this.flush();
    const run = this.#run;
    if (run !== undefined && run.roomFor(found.length)) return run.queue(found);
    this.end();
    for (const f of found) this.#sink.ctx.out.push(f);
  }

  /** End the text scanned so far: its URIs are emitted before what follows. */
  end(): void {
    this.#run?.end();
    this.#run = undefined;
  }

  /** Bare URIs of the text skipped for being longer than maxLength. */
  get tooLong(): number {
    return this.#scanned?.tooLong ?? 0;
  }

  /** The page is decoded from a charset that is no Unicode one: the scanners of its text NFC-normalize IRIs. */
  fromLegacyCharset(): void {
    this.#legacy = true;
    this.#scanned?.fromLegacyCharset();
  }

  /** A Scanner for the next run: the last one, reset. */
  #scanner(): Scanner {
    if (this.#scanned === undefined) {
      const ctx = this.#sink.ctx;
      this.#scanned = new Scanner(undefined, ctx.detach, ctx.memo, this.config);
      if (this.#legacy) this.#scanned.fromLegacyCharset();
    } else {
      this.#scanned.reset();
    }
    return this.#scanned;
  }

  /** The run text goes to, after the boundary since the last text. */
  #textRun(): TextRun {
    let run = this.#run;
    if (run === undefined) {
      const sink = this.#sink;
      run = this.#run = new TextRun(sink.ctx, sink.sourceOf('text'), this.config, sink, this.#batch, this.#scanner());
      this.#runText = false;
    }
    if (this.#runText && this.#gap !== 0) run.char(this.#gap);
    this.#gap = 0;
    this.#runText = true;
    return run;
  }
}
