// htmlparser2's Tokenizer in XML mode, with CDATA reported as text is: at
// each chunk's end (a feed's content:encoded is a CDATA section as long as
// the post), so the reader never needs more of the input than its window.
// It skips ahead as the HTML reader's does (SkipTokenizer: names, attribute
// values, CDATA up to its "]"), and in text up to the next "<" or "&".

import type { TokenizerCallbacks } from 'htmlparser2';
import { requireMethods } from '../html/cdata-tokenizer.js';
import { SkipTokenizer } from '../html/skip-tokenizer.js';
import { AMP, LT } from '../../uri/codes.js';

requireMethods(['stateText'], 'src/formats/feed/tokenizer.ts');

export class XmlTokenizer extends SkipTokenizer {
  constructor(cbs: TokenizerCallbacks) {
    super({ xmlMode: true, decodeEntities: true }, cbs);
  }

  /**
   * Text: the original acts on "<" and "&" alone (decodeEntities on), so
   * the characters up to the next of them are passed over in one step.
   */
  override stateText(c: number): void {
    if (c === LT || c === AMP) return super.stateText(c);
    const buf = this.buffer;
    const from = this.next();
    const lt = buf.indexOf('<', from);
    const amp = buf.indexOf('&', from);
    const end = lt === -1 ? (amp === -1 ? buf.length : amp) : amp === -1 || lt < amp ? lt : amp;
    this.skipTo(end);
  }
}
