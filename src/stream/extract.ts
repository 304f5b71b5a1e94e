// The synchronous adapter: a whole string or byte array at once.

import { inputType } from '../delimit/errors.js';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { Extractor } from './extractor.js';

/** Every URI in `input` (a string, or bytes in `options.charset`, default 'auto'). */
export function extract(input: string | Uint8Array, options?: ExtractOptions): Found[] {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw inputType('extract takes a string or a Uint8Array');
  }
  // URIs found in a string the caller passed are substrings of it, as in
  // any string API. From bytes, or in another mode than text (a mail part
  // decoded, a log field unescaped), the text is ours, so they are copies: a
  // kept Found would otherwise keep the whole decoded input (and the mail
  // reader took a quarter longer).
  const extractor = new Extractor(options, typeof input !== 'string' || (options?.mode ?? 'text') !== 'text');
  const found = extractor.write(input);
  const rest = extractor.end();
  return rest.length === 0 ? found : found.concat(rest);
}
