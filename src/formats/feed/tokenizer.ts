// htmlparser2's Tokenizer in XML mode, with CDATA reported as text is: at
// each chunk's end (a feed's content:encoded is a CDATA section as long as
// the post), so the reader never needs more of the input than its window.

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { IN_COMMENT_LIKE } from '../html/layout.js';
import { RBRACKET } from '../../uri/codes.js';

/** The members of htmlparser2's Tokenizer used here (its own, TypeScript-private). */
interface Internals {
  readonly cbs: TokenizerCallbacks;
  sectionStart: number;
  sequenceIndex: number;
  entityStart: number;
  index: number;
  state: number;
  currentSequence: Uint8Array;
  running: boolean;
  write(chunk: string): void;
  end(): void;
  cleanup(): void;
  handleTrailingCommentLikeData(endIndex: number): boolean;
}

const Base = Tokenizer as unknown as new (options: { xmlMode?: boolean; decodeEntities?: boolean }, cbs: TokenizerCallbacks) => Internals;

for (const name of ['cleanup', 'handleTrailingCommentLikeData'] as const) {
  if (typeof Base.prototype[name] !== 'function') throw new Error(`htmlparser2's Tokenizer has no ${name}: see src/formats/feed/tokenizer.ts`);
}

export class XmlTokenizer extends Base {
  constructor(cbs: TokenizerCallbacks) {
    super({ xmlMode: true, decodeEntities: true }, cbs);
  }

  /** Where the character reference just decoded started (its callbacks do not say). */
  get referenceStart(): number {
    return this.entityStart;
  }

  /** In a CDATA section: the comment-like state, waiting for "]]>". */
  #inCdata(): boolean {
    return this.state === IN_COMMENT_LIKE && this.currentSequence[0] === RBRACKET;
  }

  /** A CDATA section's text up to the "]" that may begin its "]]>", at each chunk's end. */
  override cleanup(): void {
    if (!this.running || !this.#inCdata()) return super.cleanup();
    const end = this.index - this.sequenceIndex;
    if (end > this.sectionStart) this.cbs.oncdata(this.sectionStart, end, 0);
    this.sectionStart = end;
  }

  /** A CDATA section the input ends in: its text to the end. */
  override handleTrailingCommentLikeData(endIndex: number): boolean {
    if (!this.#inCdata()) return super.handleTrailingCommentLikeData(endIndex);
    if (endIndex > this.sectionStart) this.cbs.oncdata(this.sectionStart, endIndex, 0);
    return true;
  }
}
