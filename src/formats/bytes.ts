// Text in a legacy charset, percent-encoded as its bytes in that charset:
// what a server gets for a log's request target, and what a browser sends
// for the query of a link in a page that is not UTF-8 (WHATWG URL).

import { iconv } from '../stream/iconv.js';
import { iso2022jpName } from '../stream/iso2022.js';
import { percentEncodeJis } from './jis-encode.js';

/** Is `charset` a name of UTF-8 or UTF-16, whose text maps to URIs as UTF-8 (RFC 3987)? */
export function isUnicodeCharset(charset: string): boolean {
  return /^(?:utf-?(?:8|16|32)|ucs-?[24])/i.test(charset);
}

/** The charset non-ASCII is percent-encoded in: none (UTF-8) for a Unicode one. */
export function byteCharset(charset: string): string | undefined {
  return isUnicodeCharset(charset) ? undefined : charset;
}

/**
 * Is `charset` (any spelling or alias: "unicode-1-1-utf-8", "UTF_7") an
 * encoding of all of Unicode — a UTF, UCS-2/4, CESU-8 or GB18030 — whose
 * text RFC 3987 §3.1 step 1c leaves as written? Text in any other is
 * NFC-normalized before it is mapped (step 1b: Scanner#fromLegacyCharset).
 */
export function isUnicodeEncoding(charset: string): boolean {
  return /^(?:unicode11)?(?:utf(?:7|8|16|32)|ucs[24]|cesu8|gb18030)/.test(charset.toLowerCase().replace(/[^0-9a-z]/g, ''));
}

/**
 * `value` with each character above ASCII percent-encoded as its bytes in
 * `charset`; one the charset cannot hold becomes "&#N;", percent-encoded, as
 * the WHATWG URL parser's encoder writes it. ISO-2022-JP, whose bytes for a
 * character depend on the ones before, is encoded by its own encoder.
 */
export function percentEncodeIn(value: string, charset: string): string {
  if (iso2022jpName(charset) !== undefined) return percentEncodeJis(value);
  return value.replace(/[^\x00-\x7f]+/g, (run) => {
    let out = '';
    for (const ch of run) {
      const bytes = iconv().encode(ch, charset);
      out += iconv().decode(bytes, charset) === ch ? percentOf(bytes) : `%26%23${ch.codePointAt(0)!}%3B`;
    }
    return out;
  });
}

function percentOf(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;
  return out;
}
