// htmlparser2's Tokenizer with CDATA read as text is: reported at each
// chunk's end, so a section longer than the reader's window (an SVG's
// <text>, a feed's content:encoded holding a whole post) is read whole in
// bounded memory. The base of the HTML reader's FastTokenizer (CDATA in
// foreign content) and of the feed reader's XmlTokenizer. The members used
// are htmlparser2's own (TypeScript-private), as in htmlparser2 12.

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { IN_COMMENT_LIKE } from './layout.js';
import { RBRACKET } from '../../uri/codes.js';

/** The members of htmlparser2's Tokenizer its subclasses here use. */
export interface TokenizerInternals {
  readonly cbs: TokenizerCallbacks;
  sectionStart: number;
  sequenceIndex: number;
  entityStart: number;
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
  stateCDATASequence(c: number): void;
  state: number;
  currentSequence: Uint8Array;
  running: boolean;
  cleanup(): void;
  handleTrailingCommentLikeData(endIndex: number): boolean;
  fastForwardTo(c: number): boolean;
  startEntity(): void;
  readonly entityDecoder: { startEntity(mode: number): void };
}

export interface TokenizerOptions {
  xmlMode?: boolean;
  decodeEntities?: boolean;
}

const Base = Tokenizer as unknown as new (options: TokenizerOptions, cbs: TokenizerCallbacks) => TokenizerInternals;

/** Fail loudly, when the module loads, if htmlparser2's Tokenizer has no method of these names. */
export function requireMethods(names: readonly (keyof TokenizerInternals)[], file: string): void {
  for (const name of names) {
    if (typeof (Base.prototype as unknown as Record<string, unknown>)[name] !== 'function') throw new Error(`htmlparser2's Tokenizer has no ${name}: see ${file}`);
  }
}

requireMethods(['cleanup', 'handleTrailingCommentLikeData'], 'src/formats/html/cdata-tokenizer.ts');
{
  const probe = new Base({ decodeEntities: true }, new Proxy({}, { get: () => (): void => {} }) as TokenizerCallbacks);
  probe.write('<![CDATA[');
  if (probe.state !== IN_COMMENT_LIKE) throw new Error(`htmlparser2's Tokenizer reads CDATA in state ${probe.state}, not ${IN_COMMENT_LIKE}: see IN_COMMENT_LIKE`);
}

export class CdataTokenizer extends Base {
  /** Where the character reference just decoded started (its callbacks do not say). */
  get referenceStart(): number {
    return this.entityStart;
  }

  /** In a CDATA section: the state machine's comment-like state, waiting for "]]>" (no comment's end starts with "]"). */
  #inCdata(): boolean {
    return this.state === IN_COMMENT_LIKE && this.currentSequence[0] === RBRACKET;
  }

  /**
   * A CDATA section's text (WHATWG §13.2.5.69: the element's text; XML's
   * character data) is reported at each chunk's end, as text is, up to the
   * "]" that may begin its "]]>".
   */
  override cleanup(): void {
    if (!this.running || !this.#inCdata()) return super.cleanup();
    const end = this.index - this.sequenceIndex;
    if (end > this.sectionStart) this.cbs.oncdata(this.sectionStart, end, 0);
    this.sectionStart = end;
  }

  /** A CDATA section the input ends in is text to its end, not the original's bogus comment. */
  override handleTrailingCommentLikeData(endIndex: number): boolean {
    if (!this.#inCdata()) return super.handleTrailingCommentLikeData(endIndex);
    if (endIndex > this.sectionStart) this.cbs.oncdata(this.sectionStart, endIndex, 0);
    return true;
  }
}
