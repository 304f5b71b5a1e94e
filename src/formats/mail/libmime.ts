// libmime, loaded on first use: its charset module builds iconv-lite's GBK
// tables and loads encoding-japanese as it loads (about 10 ms of every mail
// process). Most messages never need it: a Content-Type with no RFC 2231
// parameter is parsed here, as libmime parses it; encoded-words, RFC 2231
// parameters and charsets known by libmime's names alone load it.

import type Libmime from 'libmime';
import { requireOwn } from '../../modules.js';

let loaded: typeof Libmime | undefined;

/** The libmime module (its CommonJS build: require() loads it synchronously). */
export function libmime(): typeof Libmime {
  return (loaded ??= requireOwn('libmime') as typeof Libmime);
}

/** A header value as libmime.parseHeaderValue gives it: the value, and its parameters (lower-case names; the first of a name wins). */
export interface HeaderValue {
  value: string;
  params: Record<string, string>;
}

/** A value with none of these is parsed here: no RFC 2231 section or charset ('*'), no quoted pair ('\\'), no comment ('('). */
const NOT_SIMPLE = /[*\\(]/;

/** libmime.parseHeaderValue(raw), without loading libmime when `raw` is simple (see NOT_SIMPLE). */
export function parseHeaderValue(raw: string): HeaderValue {
  return NOT_SIMPLE.test(raw) ? libmime().parseHeaderValue(raw) : parseSimple(raw);
}

/** libmime's isWSP. */
function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\f' || c === '\v';
}

/**
 * libmime's parseHeaderValue for a value with no '*', '\\' or '(': its
 * state machine, less the quoted pairs, comments and RFC 2231 sections
 * such a value cannot hold. Blanks outside quotes are kept inside a token,
 * dropped around it; what follows a closing quote up to the next ';' is
 * junk; a name with no '=' is a parameter with an empty value.
 */
export function parseSimple(raw: string): HeaderValue {
  const out: HeaderValue = { value: '', params: {} };
  let key: string | undefined;
  let inKey = false;
  let quote = false;
  let quoteClosed = false;
  let value = '';
  let end = 0; // the significant part of value
  const commit = (): void => {
    const collected = value.slice(0, end);
    value = '';
    end = 0;
    const name = inKey ? collected.toLowerCase() : key;
    if (name === undefined) out.value = collected;
    else if (name !== '' && !Object.hasOwn(out.params, name)) setParam(out.params, name, inKey ? '' : collected);
    else if (name === '' && !inKey && !Object.hasOwn(out.params, name)) setParam(out.params, name, collected);
  };
  for (const c of raw) {
    if (inKey && c === '=') {
      key = value.slice(0, end).toLowerCase();
      value = '';
      end = 0;
      inKey = false;
      continue;
    }
    if (!inKey && quoteClosed && c !== ';') continue;
    if (!inKey && c === '"') {
      quoteClosed = quote;
      quote = !quote;
    } else if (c === ';' && !quote) {
      commit();
      inKey = true;
      quoteClosed = false;
    } else if (isBlank(c) && !quote) {
      if (value.length > 0) value += c;
    } else {
      value += c;
      end = value.length;
    }
  }
  commit();
  return out;
}

/** A parameter, as an own property even when named "__proto__". */
function setParam(params: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(params, name, { value, writable: true, enumerable: true, configurable: true });
}
