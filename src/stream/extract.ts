// The synchronous adapter: a whole string or byte array at once.

import type { ExtractOptions, Found } from '../delimit/types.js';
import { Extractor } from './extractor.js';

/** Every URI in `input` (a string, or bytes in `options.charset`, default 'auto'). */
export function extract(input: string | Uint8Array, options?: ExtractOptions): Found[] {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw new TypeError('extract takes a string or a Uint8Array');
  }
  const extractor = new Extractor(options);
  const found = extractor.write(input);
  const rest = extractor.end();
  return rest.length === 0 ? found : found.concat(rest);
}
