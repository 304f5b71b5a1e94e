// htmlparser2's Tokenizer, with its busiest states taught to skip ahead.
//
// The Tokenizer calls a state function for every character; in text, in a
// tag or attribute name and in a quoted attribute value, most characters
// change nothing (with decodeEntities on, it does not even fast-forward in
// text). Each override below handles the characters that matter exactly as
// the original does (by calling it) and moves the index past the run of
// characters the original would have passed over one by one, so the
// callbacks and their arguments are the same, only fewer state calls are
// made. These are the Tokenizer's own (TypeScript-private) members, as in
// htmlparser2 12; the test suite reads every fixture through them.

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { TagName } from './names.js';
import { NO, TagReader, endsName, isAlpha, isSpace } from './tags.js';
import { AMP, APOSTROPHE, DQUOTE, EQUALS, GT, LT, SLASH } from '../../uri/codes.js';

/** The members of htmlparser2's Tokenizer the overrides use. */
interface Internals {
  readonly cbs: TokenizerCallbacks;
  sectionStart: number;
  buffer: string;
  index: number;
  offset: number;
  write(chunk: string): void;
  end(): void;
  stateText(c: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  stateInAttributeName(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateInAttributeValueNoQuotes(c: number): void;
}

const Base = Tokenizer as unknown as new (options: { xmlMode?: boolean; decodeEntities?: boolean }, cbs: TokenizerCallbacks) => Internals;

for (const name of ['stateText', 'stateInTagName', 'stateInClosingTagName', 'stateInAttributeName', 'stateInAttributeValueDoubleQuotes',
  'stateInAttributeValueSingleQuotes', 'stateInAttributeValueNoQuotes'] as const) {
  if (typeof Base.prototype[name] !== 'function') throw new Error(`htmlparser2's Tokenizer has no ${name}: see src/formats/html/tokenizer.ts`);
}

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
  startTag(tag: TagName | null | undefined, start: number, end: number, reader: TagReader, offset: number): void;
  /** onclosetag. */
  endTag(tag: TagName | null | undefined, start: number, end: number): void;
}

export class FastTokenizer extends Base {
  readonly #tags = new TagReader();
  readonly #sink: FastSink;

  constructor(options: { xmlMode?: boolean; decodeEntities?: boolean }, cbs: TokenizerCallbacks, sink: FastSink) {
    super(options, cbs);
    this.#sink = sink;
  }

  override write(chunk: string): void {
    this.#tags.reset(chunk);
    super.write(chunk);
  }

  /** Move the index to the character before buffer[i] (the parse loop steps onto it). */
  #skipTo(i: number): void {
    this.index = i + this.offset - 1;
  }

  /** The buffer index of the character after the current one. */
  #next(): number {
    return this.index - this.offset + 1;
  }

  /**
   * Text, and the tags in it that fit in the buffer with no character
   * reference in their attribute values and are none of the elements whose
   * content is raw text: read here whole, with the callbacks the state
   * machine would make (in its order, with its indexes). Anything else ("&",
   * "<!", "</ ", a tag cut by the buffer's end, <script>) is left to it at
   * its "<" or "&".
   */
  override stateText(c: number): void {
    const buf = this.buffer;
    const n = buf.length;
    const tags = this.#tags;
    let i = this.index - this.offset;
    for (;;) {
      let lt = buf.indexOf('<', i);
      if (lt === -1) lt = n;
      const amp = tags.amp(i);
      if (amp < lt) return this.#fallBack(amp, AMP);
      if (lt === n) return this.#skipTo(n);
      const end = this.#tag(lt);
      if (end === NO) return this.#fallBack(lt, LT);
      i = end;
    }
  }

  /** Leave buf[i] ("<" or "&") to the state machine. */
  #fallBack(i: number, c: number): void {
    this.index = i + this.offset;
    super.stateText(c);
  }

  /** The tag whose "<" is buf[lt], read whole: the index after its ">", or -1 when it is left to the state machine. */
  #tag(lt: number): number {
    const buf = this.buffer;
    const c = buf.charCodeAt(lt + 1);
    if (isAlpha(c)) return this.#startTag(lt);
    if (c !== SLASH || !isAlpha(buf.charCodeAt(lt + 2))) return NO;
    const tags = this.#tags;
    const nameEnd = tags.name(lt + 2);
    const gt = nameEnd < buf.length && buf.charCodeAt(nameEnd) === GT ? nameEnd : buf.indexOf('>', nameEnd);
    if (gt === -1) return NO;
    const off = this.offset;
    this.#textBefore(lt);
    this.#sink.endTag(tags.tag, lt + 2 + off, nameEnd + off);
    this.sectionStart = gt + 1 + off;
    return gt + 1;
  }

  /** Text up to the "<" at buf[lt], as the state machine reports it there. */
  #textBefore(lt: number): void {
    const at = lt + this.offset;
    if (at > this.sectionStart) this.#sink.text(this.sectionStart, at);
  }

  #startTag(lt: number): number {
    const buf = this.buffer;
    const tags = this.#tags;
    const nameEnd = tags.name(lt + 1);
    const tag = tags.tag;
    if (nameEnd >= buf.length || (tag != null && tag.raw)) return NO;
    const gt = tags.read(nameEnd);
    if (gt === NO) return NO;
    const off = this.offset;
    this.#textBefore(lt);
    this.#sink.startTag(tag, lt + 1 + off, nameEnd + off, tags, off);
    const end = gt < 0 ? -gt - 2 : gt;
    this.sectionStart = end + 1 + off;
    return end + 1;
  }

  override stateInTagName(c: number): void {
    if (endsName(c)) return super.stateInTagName(c);
    this.#skipTo(this.#nameEnd(false));
  }

  override stateInClosingTagName(c: number): void {
    if (endsName(c)) return super.stateInClosingTagName(c);
    this.#skipTo(this.#nameEnd(false));
  }

  override stateInAttributeName(c: number): void {
    if (c === EQUALS || endsName(c)) return super.stateInAttributeName(c);
    this.#skipTo(this.#nameEnd(true));
  }

  /** The next "/", ">", white space (or "=", for an attribute name) from buf[from] (after the current character). */
  #nameEnd(eq: boolean, from = this.#next()): number {
    const buf = this.buffer;
    let i = from;
    while (i < buf.length) {
      const d = buf.charCodeAt(i);
      if (endsName(d) || (eq && d === EQUALS)) break;
      i++;
    }
    return i;
  }

  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (c === DQUOTE || c === AMP) return super.stateInAttributeValueDoubleQuotes(c);
    this.#skipTo(this.#quotedEnd(DQUOTE));
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (c === APOSTROPHE || c === AMP) return super.stateInAttributeValueSingleQuotes(c);
    this.#skipTo(this.#quotedEnd(APOSTROPHE));
  }

  #quotedEnd(quote: number): number {
    const buf = this.buffer;
    let i = this.#next();
    while (i < buf.length) {
      const d = buf.charCodeAt(i);
      if (d === quote || d === AMP) break;
      i++;
    }
    return i;
  }

  override stateInAttributeValueNoQuotes(c: number): void {
    if (c === GT || c === AMP || isSpace(c)) return super.stateInAttributeValueNoQuotes(c);
    const buf = this.buffer;
    let i = this.#next();
    while (i < buf.length) {
      const d = buf.charCodeAt(i);
      if (d === GT || d === AMP || isSpace(d)) break;
      i++;
    }
    this.#skipTo(i);
  }
}
