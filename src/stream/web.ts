// The WHATWG adapter: a TransformStream over the same core, for fetch
// bodies and other Web streams.

import type { Found } from '../delimit/types.js';
import { Extractor } from './extractor.js';
import { streamOptions, type ExtractStreamOptions } from './stream-options.js';

/** A Web TransformStream: Uint8Array or string chunks in, Found objects out (highWaterMark: its readable side's, in Founds). */
export function toWebTransform(options?: ExtractStreamOptions): TransformStream<Uint8Array | string, Found> {
  const { extract, highWaterMark } = streamOptions(options); // throws on bad options, before any data flows
  const extractor = new Extractor(extract);
  const readable = highWaterMark === undefined ? undefined : new CountQueuingStrategy({ highWaterMark });
  return new TransformStream<Uint8Array | string, Found>({
    transform(chunk, controller) {
      for (const found of extractor.write(chunk)) controller.enqueue(found);
    },
    flush(controller) {
      for (const found of extractor.end()) controller.enqueue(found);
    },
  }, undefined, readable);
}
