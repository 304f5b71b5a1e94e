// Option validation, done before any scanner or stream is constructed.

import type { UriComponents } from '../uri/components.js';
import { parse } from '../uri/parse.js';
import { UrisiftOptionError } from './errors.js';
import { compileSchemes, type SchemePolicy } from './schemes.js';
import type { ScanOptions } from './types.js';

export const DEFAULT_MAX_LENGTH = 8192;
export const DEFAULT_MEMO = 8192;
/** The largest memo: 2^20 references (at most 128 MiB of text). */
export const MAX_MEMO = 1 << 20;

/** ScanOptions, checked and compiled. */
export interface ScanConfig {
  base: UriComponents | undefined;
  hyphen: 'keep' | 'drop';
  policy: SchemePolicy;
  maxLength: number;
  memo: number;
}

const KNOWN = new Set(['base', 'hyphen', 'schemes', 'maxLength', 'memo', 'charset', 'mode', 'headers', 'onWarning', 'maxLineLength']);

/** Check and compile scanner options; throws TypeError or RangeError (with a `code`). */
export function compileOptions(options: ScanOptions | undefined): ScanConfig {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw new TypeError('options must be an object');
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) throw new UrisiftOptionError('unknown-option', `unknown option: ${key}`);
  }
  const { base, hyphen = 'keep', schemes, maxLength = DEFAULT_MAX_LENGTH, memo = DEFAULT_MEMO } = options;
  if (hyphen !== 'keep' && hyphen !== 'drop') {
    throw new UrisiftOptionError('invalid-hyphen', `hyphen must be 'keep' or 'drop', not ${String(hyphen)}`);
  }
  if (typeof maxLength !== 'number' || !Number.isInteger(maxLength) || maxLength < 16) {
    throw new UrisiftOptionError('invalid-max-length', `maxLength must be an integer ≥ 16, not ${String(maxLength)}`);
  }
  if (typeof memo !== 'number' || !Number.isInteger(memo) || memo < 0 || memo > MAX_MEMO) {
    throw new UrisiftOptionError('invalid-memo', `memo must be an integer from 0 to ${MAX_MEMO}, not ${String(memo)}`);
  }
  let baseComponents: UriComponents | undefined;
  if (base !== undefined) {
    if (typeof base !== 'string') throw new TypeError('base must be a string');
    baseComponents = parse(base);
    if (baseComponents === undefined || baseComponents.scheme === undefined) {
      throw new UrisiftOptionError('invalid-base', `base must be an absolute URI (RFC 3986 §4.3): ${base}`);
    }
    baseComponents = { ...baseComponents, fragment: undefined }; // §5.1: the base's fragment is not used
  }
  return { base: baseComponents, hyphen, policy: compileSchemes(schemes), maxLength, memo };
}
