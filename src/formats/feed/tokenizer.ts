// htmlparser2's Tokenizer in XML mode, with CDATA reported as text is: at
// each chunk's end (a feed's content:encoded is a CDATA section as long as
// the post), so the reader never needs more of the input than its window.

import type { TokenizerCallbacks } from 'htmlparser2';
import { CdataTokenizer } from '../html/cdata-tokenizer.js';

export class XmlTokenizer extends CdataTokenizer {
  constructor(cbs: TokenizerCallbacks) {
    super({ xmlMode: true, decodeEntities: true }, cbs);
  }
}
