// The WHATWG adapter: a TransformStream over the same core, for fetch
// bodies and other Web streams.

import type { ExtractOptions, Found } from '../delimit/types.js';
import { Extractor } from './extractor.js';

/** A Web TransformStream: Uint8Array or string chunks in, Found objects out. */
export function toWebTransform(options?: ExtractOptions): TransformStream<Uint8Array | string, Found> {
  const extractor = new Extractor(options); // throws on bad options, before any data flows
  return new TransformStream<Uint8Array | string, Found>({
    transform(chunk, controller) {
      for (const found of extractor.write(chunk)) controller.enqueue(found);
    },
    flush(controller) {
      for (const found of extractor.end()) controller.enqueue(found);
    },
  });
}
