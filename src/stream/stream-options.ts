// The options of the stream adapters (the Node Transform, the Web
// TransformStream): those of an Extractor, and the readable side's buffer.

import type { ExtractOptions } from '../delimit/types.js';
import { EXTRACT_KEYS, checkInteger, checkObject } from '../delimit/options.js';
import { checkOptions } from './extractor.js';

export interface ExtractStreamOptions extends ExtractOptions {
  /**
   * The readable side's buffer, in Found objects: the level at which the
   * stream stops taking input. Default: Node's object-mode default (16) for
   * createExtractStream, the Streams standard's 0 for toWebTransform.
   */
  highWaterMark?: number | undefined;
}

/** Every option checked before any stream machinery exists; the Extractor's options apart. */
export function streamOptions(options: ExtractStreamOptions | undefined): { extract: ExtractOptions | undefined; highWaterMark: number | undefined } {
  if (options === undefined) return { extract: undefined, highWaterMark: undefined };
  checkObject(options); // 5 would destructure to {}
  const { highWaterMark } = options;
  if (highWaterMark !== undefined) checkInteger('highWaterMark', highWaterMark, 0, Infinity, 'invalid-high-water-mark');
  const extract = extractOptions(options);
  checkOptions(extract);
  return { extract, highWaterMark };
}

/** The options an Extractor takes: every one but highWaterMark, inherited ones too (as extract() reads them), unknown own keys kept for its check. */
function extractOptions(options: ExtractStreamOptions): ExtractOptions {
  const given = options as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(given)) if (key !== 'highWaterMark') out[key] = given[key];
  for (const key of EXTRACT_KEYS) if (!(key in out) && key in given) out[key] = given[key];
  return out as ExtractOptions;
}
