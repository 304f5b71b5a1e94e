// htmlparser2's Tokenizer for HTML, with its text state taught to read
// whole tags (on a SkipTokenizer, which skips ahead in names and values).
//
// The Tokenizer calls a state function for every character; in text most
// characters change nothing (with decodeEntities on, it does not even
// fast-forward in text). Each override below handles the characters that
// matter exactly as the original does (by calling it), so the callbacks and
// their arguments are the same, only fewer state calls are made. These are
// the Tokenizer's own (TypeScript-private) members, as in htmlparser2 12;
// the test suite reads every fixture through them.

import type { TokenizerCallbacks } from 'htmlparser2';
import { requireMethods, type TokenizerOptions } from './cdata-tokenizer.js';
import { SkipTokenizer } from './skip-tokenizer.js';
import type { TagName } from './names.js';
import { isAlpha, type TagReader } from './tags.js';
import { entityAt } from './entities.js';
import { CDATA_LENGTH, ENTITY_UNIT, NO, NO_ENTITY } from './layout.js';
import { AMP, GT, LT, SLASH } from '../../uri/codes.js';

/** The `entities` package's DecodingMode.Attribute, which htmlparser2 does not export. */
const ATTRIBUTE_MODE = 2;

requireMethods(['stateText', 'stateCDATASequence', 'startEntity'], 'src/formats/html/tokenizer.ts');

/**
 * Where the fast path hands what it reads, in place of the callbacks it
 * stands for (input indexes, as theirs).
 */
export interface FastSink {
  /** ontext. */
  text(start: number, end: number): void;
  /**
   * onopentagname (`tag`: what TAGS has of the name, see TagReader.tag),
   * then onattribname, onattribdata and onattribend for the
   * attributes `reader` holds (buffer indexes: add `offset`), then
   * onopentagend or onselfclosingtag. The attributes left out of `reader`
   * hold no URL (see TagReader.read).
   */
  startTag(tag: TagName | null | undefined, start: number, end: number, reader: TagReader, offset: number, selfClosing: boolean): void;
  /** onclosetag. */
  endTag(tag: TagName | null | undefined, start: number, end: number): void;
}

export class FastTokenizer extends SkipTokenizer {
  readonly #tags: TagReader;
  readonly #sink: FastSink;

  constructor(options: TokenizerOptions, cbs: TokenizerCallbacks, sink: FastSink, tags: TagReader) {
    super(options, cbs);
    this.#sink = sink;
    this.#tags = tags;
  }

  override write(chunk: string): void {
    this.#tags.reset(chunk);
    super.write(chunk);
  }

  /**
   * Text, the common character references in it (see entities.ts), and the
   * tags in it that fit in the buffer, have only such references in their
   * URL attributes' values and are none of the elements whose content is
   * raw text: read here whole, with the callbacks the state machine would
   * make (in its order, with its indexes). Anything else (another "&",
   * "<!", "</ ", a tag cut by the buffer's end, <script>) is left to it at
   * its "<" or "&".
   */
  override stateText(c: number): void {
    const buf = this.buffer;
    const n = buf.length;
    const off = this.offset;
    const tags = this.#tags;
    const sink = this.#sink;
    let i = this.index - off;
    for (;;) {
      const lt = tags.lt(i);
      const amp = tags.amp(i);
      if (amp < lt) {
        const e = entityAt(buf, amp);
        if (e === NO_ENTITY) return this.#fallBack(amp, AMP);
        i = amp + (e % ENTITY_UNIT);
        this.#textEntity(amp + off, i + off, Math.floor(e / ENTITY_UNIT));
        continue;
      }
      if (lt === n) return this.skipTo(n);
      c = lt + 1 < n ? buf.charCodeAt(lt + 1) : NO; // never past the end: one read there makes V8 call charCodeAt from then on
      const start = isAlpha(c) ? lt + 1 : c === SLASH && lt + 2 < n && isAlpha(buf.charCodeAt(lt + 2)) ? lt + 2 : NO;
      if (start === NO) return this.#fallBack(lt, LT);
      const nameEnd = tags.name(start);
      const tag = tags.tag;
      const gt = start === lt + 1 ? this.#startTagEnd(nameEnd, tag) : nameEnd < n && buf.charCodeAt(nameEnd) === GT ? nameEnd : buf.indexOf('>', nameEnd);
      if (gt === NO) return this.#fallBack(lt, LT);
      const section = this.sectionStart;
      if (lt + off > section) sink.text(section, lt + off);
      if (start === lt + 1) sink.startTag(tag, start + off, nameEnd + off, tags, off, gt < 0);
      else sink.endTag(tag, start + off, nameEnd + off);
      i = (gt < 0 ? -gt - 2 : gt) + 1; // after the ">" (of "/>", for a self-closing tag)
      this.sectionStart = i + off;
    }
  }

  /** A reference in text, [start, end) in input indexes, read by entityAt: the callbacks the decoder's emitCodePoint makes. */
  #textEntity(start: number, end: number, cp: number): void {
    if (start > this.sectionStart) this.#sink.text(this.sectionStart, start);
    this.sectionStart = end;
    this.entityStart = start;
    this.cbs.ontextentity(cp, end);
  }

  /** Leave buf[i] ("<" or "&") to the state machine. */
  #fallBack(i: number, c: number): void {
    this.index = i + this.offset;
    super.stateText(c);
  }

  /** The end of a start tag whose name ends at nameEnd, as TagReader.read gives it; NO when it is left to the state machine. */
  #startTagEnd(nameEnd: number, tag: TagName | null | undefined): number {
    if (nameEnd >= this.buffer.length || (tag != null && tag.raw)) return NO;
    return this.#tags.read(nameEnd);
  }

  /**
   * "<![CDATA[" opens CDATA only in foreign content (<svg>, <math>); in HTML
   * content it is a bogus comment that ends at the first ">" (WHATWG
   * §13.2.5.42), not at "]]>": a link after that ">" is on the page. Past
   * the end of the sequence no character matches, so the original takes its
   * bogus-comment branch with this character.
   */
  override stateCDATASequence(c: number): void {
    if (this.cbs.isInForeignContext?.() !== true) this.sequenceIndex = CDATA_LENGTH;
    super.stateCDATASequence(c);
  }

  /**
   * A character reference in text is read as in an attribute value (WHATWG
   * HTML's named character reference state, "consumed as part of an
   * attribute"): a legacy name with no ";" before "=" or a letter or digit
   * is no reference, so the query `?x=1&para=2` (or `&region=eu`,
   * `&not=1`) in a page's text is the one its author wrote, not
   * `?x=1¶=2`; `&copy 2024` is still `© 2024`.
   */
  override startEntity(): void {
    super.startEntity();
    this.entityDecoder.startEntity(ATTRIBUTE_MODE);
  }
}
