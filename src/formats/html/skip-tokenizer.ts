// htmlparser2's Tokenizer, with the states that pass over most characters
// one by one taught to skip ahead: a tag or attribute name, a quoted or
// unquoted attribute value, and the original's fastForwardTo (the end of a
// comment, a CDATA section, a script). Each override handles the characters
// that matter exactly as the original does (by calling it) and moves the
// index past the run of characters the original would have passed over one
// by one, so the callbacks and their arguments are the same, only fewer
// state calls are made; none depends on the mode (HTML or XML). The base of
// the HTML reader's FastTokenizer and of the feed reader's XmlTokenizer. The
// members used are the Tokenizer's own (TypeScript-private), as in
// htmlparser2 12.

import { CdataTokenizer, requireMethods } from './cdata-tokenizer.js';
import { endsName, isSpace } from './tags.js';
import { AMP, APOSTROPHE, DQUOTE, EQUALS, GT, LT } from '../../uri/codes.js';

requireMethods(['stateInTagName', 'stateInClosingTagName', 'stateInAttributeName', 'stateInAttributeValueDoubleQuotes',
  'stateInAttributeValueSingleQuotes', 'stateInAttributeValueNoQuotes', 'fastForwardTo'], 'src/formats/html/skip-tokenizer.ts');

export class SkipTokenizer extends CdataTokenizer {
  /** Move the index to the character before buffer[i] (the parse loop steps onto it). */
  protected skipTo(i: number): void {
    this.index = i + this.offset - 1;
  }

  /** The buffer index of the character after the current one. */
  protected next(): number {
    return this.index - this.offset + 1;
  }

  /**
   * The original's skip to the next `c` (in a script or style, a comment,
   * a declaration): the index at it and true, or at the buffer's last
   * character and false. One indexOf, where the original reads the
   * characters one by one.
   */
  override fastForwardTo(c: number): boolean {
    const buf = this.buffer;
    const at = buf.indexOf(c === LT ? '<' : String.fromCharCode(c), this.next());
    this.index = (at === -1 ? buf.length - 1 : at) + this.offset;
    return at !== -1;
  }

  override stateInTagName(c: number): void {
    if (endsName(c)) return super.stateInTagName(c);
    this.skipTo(this.#nameEnd(false));
  }

  override stateInClosingTagName(c: number): void {
    if (endsName(c)) return super.stateInClosingTagName(c);
    this.skipTo(this.#nameEnd(false));
  }

  override stateInAttributeName(c: number): void {
    if (c === EQUALS || endsName(c)) return super.stateInAttributeName(c);
    this.skipTo(this.#nameEnd(true));
  }

  /** The next "/", ">", white space (or "=", for an attribute name) from buf[from] (after the current character). */
  #nameEnd(eq: boolean, from = this.next()): number {
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
    this.skipTo(this.#quotedEnd(DQUOTE));
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (c === APOSTROPHE || c === AMP) return super.stateInAttributeValueSingleQuotes(c);
    this.skipTo(this.#quotedEnd(APOSTROPHE));
  }

  #quotedEnd(quote: number): number {
    const buf = this.buffer;
    let i = this.next();
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
    let i = this.next();
    while (i < buf.length) {
      const d = buf.charCodeAt(i);
      if (d === GT || d === AMP || isSpace(d)) break;
      i++;
    }
    this.skipTo(i);
  }
}
