// Option validation, done before any scanner or stream is constructed.

import type { UriComponents } from '../uri/components.js';
import { parse } from '../uri/parse.js';
import { optionType, UrisiftOptionError, type OptionErrorCode } from './errors.js';
import { compileSchemes, type SchemePolicy } from './schemes.js';
import type { ScanOptions } from './types.js';

export const DEFAULT_MAX_LENGTH = 8192;
/** The largest maxLength: the text held for one candidate is bounded by it (16 Mi UTF-16 units, 32 MiB). */
export const MAX_MAX_LENGTH = 16 * 1024 * 1024;
/** The smallest maxLength. */
export const MIN_MAX_LENGTH = 16;
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
  /** Count lines (ScanOptions.lines). */
  lines: boolean;
}

/** The options of a Scanner (ScanOptions). */
export const SCAN_KEYS: ReadonlySet<string> = new Set(['base', 'hyphen', 'schemes', 'maxLength', 'memo', 'lines']);
/** The options of the byte-level adapters (ExtractOptions): a Scanner's, and how the input is read. */
export const EXTRACT_KEYS: ReadonlySet<string> = new Set([...SCAN_KEYS, 'documentBase', 'charset', 'mode', 'headers', 'onWarning', 'maxLineLength', 'maxHeaderBytes', 'maxMimeDepth', 'maxBodyBytes', 'maxJsonDepth']);

/**
 * Check and compile scanner options. A value of the wrong type (and options
 * that are not an object) throws TypeError; a value of the right type that
 * is out of range throws UrisiftOptionError (a RangeError with a `code`).
 */
export function compileOptions(options: ScanOptions | undefined, known: ReadonlySet<string> = SCAN_KEYS): ScanConfig {
  if (options === undefined) options = {};
  checkObject(options);
  for (const key of Object.keys(options)) {
    if (known.has(key)) continue;
    throw new UrisiftOptionError('unknown-option', `unknown option: ${key}${unknownOptionHint(key, known)}`);
  }
  const { base, hyphen = 'keep', schemes, maxLength = DEFAULT_MAX_LENGTH, memo = DEFAULT_MEMO, lines = true } = options;
  if (typeof hyphen !== 'string') throw optionType(`hyphen must be a string, not ${describe(hyphen)}`);
  if (hyphen !== 'keep' && hyphen !== 'drop') {
    throw new UrisiftOptionError('invalid-hyphen', `hyphen must be 'keep' or 'drop', not ${hyphen}`);
  }
  checkInteger('maxLength', maxLength, MIN_MAX_LENGTH, MAX_MAX_LENGTH, 'invalid-max-length');
  checkInteger('memo', memo, 0, MAX_MEMO, 'invalid-memo');
  if (typeof lines !== 'boolean') throw optionType(`lines must be a boolean, not ${describe(lines)}`);
  return { base: compileBase(base), hyphen, policy: compileSchemes(schemes), maxLength, memo, lines };
}

/** Every option name of every entry point, by its name in lower case without '-' or '_'. */
const FOLDED: ReadonlyMap<string, string> = new Map([...EXTRACT_KEYS, 'highWaterMark'].map((name) => [name.toLowerCase(), name]));
/** Names other APIs give an option (Node's `encoding`, a URL's `baseURL`), folded. */
const ALIASES: Readonly<Record<string, string>> = { encoding: 'charset', scheme: 'schemes', baseurl: 'base', baseuri: 'base' };

/** The end of an unknown option's message: the option it reads as, and which entry points take that one. */
function unknownOptionHint(key: string, known: ReadonlySet<string>): string {
  let folded = '';
  for (let i = 0; i < key.length; i++) if (key[i] !== '-' && key[i] !== '_') folded += key[i];
  folded = folded.toLowerCase();
  const name = FOLDED.get(folded) ?? (Object.hasOwn(ALIASES, folded) ? ALIASES[folded] : undefined);
  if (name === undefined) return '';
  const meant = name === key ? '' : `did you mean ${name}?`;
  const where = known.has(name) ? ''
    : name === 'highWaterMark' ? 'highWaterMark is an option of the streams, createExtractStream and toWebTransform'
    : `a Scanner reads text: ${name} is an option of extract and the streams`;
  return ` (${meant}${meant !== '' && where !== '' ? ' ' : ''}${where})`;
}

/** Options must be an object (not null, not an array): TypeError otherwise. */
export function checkObject(options: unknown): asserts options is object {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw optionType(`options must be an object, not ${describe(options)}`);
  }
}

/** A number option: TypeError when it is no number, UrisiftOptionError when it is not an integer in [min, max]. */
export function checkInteger(name: string, value: unknown, min: number, max: number, code: OptionErrorCode): void {
  if (typeof value !== 'number') throw optionType(`${name} must be a number, not ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Infinity ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
    throw new UrisiftOptionError(code, `${name} must be ${range}, not ${String(value)}`);
  }
}

/** The `base` option (or another of its kind, named `name`), parsed. */
export function compileBase(base: unknown, name = 'base'): UriComponents | undefined {
  if (base === undefined) return undefined;
  if (typeof base !== 'string') throw optionType(`${name} must be a string, not ${describe(base)}`);
  const components = parse(base);
  if (components === undefined || components.scheme === undefined) {
    throw new UrisiftOptionError('invalid-base', `${name} must be an absolute URI (RFC 3986 §4.3): ${base}`);
  }
  return { ...components, fragment: undefined }; // §5.1: the base's fragment is not used
}

/** A value's type, for messages (never its contents: it may be anything). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
