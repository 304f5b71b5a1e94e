// RFC 3987 §3.1 Mapping of IRIs to URIs — so non-ASCII text found in
// documents becomes a valid RFC 3986 URI.
//
// Step 2: every character outside US-ASCII is converted to UTF-8 and each
// octet percent-encoded (§2.1 of RFC 3986: uppercase hex). Reg-name hosts
// holding non-ASCII are converted with IDNA (RFC 3987 §3.1 allows either;
// IDNA is what resolvers need). The result must parse as a URI-reference.

import { domainToASCII } from 'node:url';
import { collector, type ErrorCollector } from './components.js';
import { parse } from './parse.js';
import { LBRACKET } from './codes.js';

/** "%00" … "%FF": the percent-encoded form of each octet (RFC 3986 §2.1, uppercase hex). */
const PCT: readonly string[] = Array.from({ length: 256 }, (_, b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'));

/** The UTF-8 octets of code point `cp` (≥ U+0080), percent-encoded. */
function pctUtf8(cp: number): string {
  if (cp < 0x800) return PCT[0xc0 | (cp >> 6)]! + PCT[0x80 | (cp & 63)]!;
  const tail = PCT[0x80 | ((cp >> 6) & 63)]! + PCT[0x80 | (cp & 63)]!;
  if (cp < 0x10000) return PCT[0xe0 | (cp >> 12)]! + tail;
  return PCT[0xf0 | (cp >> 18)]! + PCT[0x80 | ((cp >> 12) & 63)]! + tail;
}

/**
 * Percent-encode the UTF-8 of every non-ASCII character; undefined on a
 * lone surrogate or a C1 control (U+0080–U+009F: no ucschar, RFC 3987 §2.2).
 */
export function encodeNonAscii(s: string): string | undefined {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c <= 0x9f) return undefined;
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return undefined;
      cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return undefined;
    }
    out += s.slice(from, i) + pctUtf8(cp);
    i += cp > 0xffff ? 1 : 0;
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

/** The [start, end) of the host in an IRI, by the Appendix B split, or undefined. */
function findHost(iri: string): [number, number] | undefined {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#]*)/.exec(iri);
  if (m === null) return undefined;
  const authority = m[1]!;
  const authStart = m[0].length - authority.length;
  const at = authority.lastIndexOf('@');
  const hostStart = authStart + at + 1;
  if (iri.charCodeAt(hostStart) === LBRACKET) return undefined; // IP-literal: ASCII only
  let hostEnd = iri.indexOf(':', hostStart);
  if (hostEnd === -1 || hostEnd > authStart + authority.length) hostEnd = authStart + authority.length;
  return [hostStart, hostEnd];
}

/** RFC 3987 §3.1: the URI for an IRI, or undefined when it cannot be one. */
export function toUri(iri: string, sink?: ErrorCollector): string | undefined {
  const errors = collector(sink);
  if (typeof iri !== 'string') {
    errors?.push('not-a-string');
    return undefined;
  }
  let text = iri;
  const host = findHost(iri);
  if (host !== undefined && /[^\x00-\x7f]/.test(iri.slice(host[0], host[1]))) {
    const ascii = domainToASCII(iri.slice(host[0], host[1]));
    if (ascii === '') {
      errors?.push('invalid-iri');
      return undefined;
    }
    text = iri.slice(0, host[0]) + ascii + iri.slice(host[1]);
  }
  const uri = encodeNonAscii(text);
  if (uri === undefined || parse(uri, errors) === undefined) {
    errors?.push('invalid-iri');
    return undefined;
  }
  return uri;
}
