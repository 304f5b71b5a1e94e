// RFC 3986 §3.2.2 Host
//
//   host        = IP-literal / IPv4address / reg-name
//   IP-literal  = "[" ( IPv6address / IPvFuture  ) "]"
//   IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//   IPv6address =                            6( h16 ":" ) ls32
//               /                       "::" 5( h16 ":" ) ls32
//               / [               h16 ] "::" 4( h16 ":" ) ls32
//               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//               / [ *4( h16 ":" ) h16 ] "::"              ls32
//               / [ *5( h16 ":" ) h16 ] "::"              h16
//               / [ *6( h16 ":" ) h16 ] "::"
//   h16         = 1*4HEXDIG
//   ls32        = ( h16 ":" h16 ) / IPv4address
//   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//   dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//   reg-name    = *( unreserved / pct-encoded / sub-delims )
//
// The nine IPv6 alternatives reduce to one count: written groups (an IPv4
// tail counts as two) are exactly 8 without "::", and at most 7 with it.

import { CHAR_CLASS, HEXDIG, REG_NAME, USERINFO, findInvalid } from './chars.js';
import { CASE_BIT, COLON, DIGIT_0, DOT, LOWER_V, isDigit } from './codes.js';

/** RFC 3986 §3.2.2 dec-octet: 0–255 with no leading zero. */
function isDecOctet(s: string, start: number, end: number): boolean {
  const n = end - start;
  if (n < 1 || n > 3) return false;
  let v = 0;
  for (let i = start; i < end; i++) {
    const d = s.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return false;
    v = v * 10 + d;
  }
  if (n > 1 && s.charCodeAt(start) === DIGIT_0) return false;
  return v <= 255;
}

/** RFC 3986 §3.2.2 IPv4address over s[start, end). */
export function isIPv4address(s: string, start = 0, end = s.length): boolean {
  if (start >= end) return false;
  const c0 = s.charCodeAt(start);
  if (!isDigit(c0)) return false; // fast path: a reg-name
  let partStart = start;
  let parts = 0;
  for (let i = start; i <= end; i++) {
    if (i < end && s.charCodeAt(i) !== DOT) continue;
    if (!isDecOctet(s, partStart, i)) return false;
    parts++;
    partStart = i + 1;
  }
  return parts === 4;
}

/** Groups in one side of "::" (an IPv4 tail counts 2), or -1 if malformed. */
function countGroups(s: string, start: number, end: number, allowIPv4Tail: boolean): number {
  if (start === end) return 0;
  let groups = 0;
  let pieceStart = start;
  for (let i = start; i <= end; i++) {
    if (i < end && s.charCodeAt(i) !== COLON) continue;
    const n = i - pieceStart;
    if (n >= 1 && n <= 4 && allHex(s, pieceStart, i)) {
      groups++;
    } else if (i === end && allowIPv4Tail && isIPv4address(s, pieceStart, i)) {
      groups += 2;
    } else {
      return -1;
    }
    pieceStart = i + 1;
  }
  return groups;
}

function allHex(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (CHAR_CLASS[c]! & HEXDIG) === 0) return false;
  }
  return true;
}

/** RFC 3986 §3.2.2 IPv6address over s[start, end). */
export function isIPv6address(s: string, start = 0, end = s.length): boolean {
  const elision = s.indexOf('::', start);
  if (elision === -1 || elision + 2 > end) {
    return countGroups(s, start, end, true) === 8;
  }
  const again = s.indexOf('::', elision + 1); // a second "::" (":::" included) is not allowed
  if (again !== -1 && again + 2 <= end) return false;
  const left = countGroups(s, start, elision, false);
  const right = countGroups(s, elision + 2, end, true);
  return left >= 0 && right >= 0 && left + right <= 7;
}

/** RFC 3986 §3.2.2 IPvFuture over s[start, end). */
export function isIPvFuture(s: string, start = 0, end = s.length): boolean {
  if ((s.charCodeAt(start) | CASE_BIT) !== LOWER_V) return false; // "v" (ABNF strings are case-insensitive)
  const dot = s.indexOf('.', start + 1);
  if (dot === -1 || dot >= end - 1 || dot === start + 1) return false;
  if (!allHex(s, start + 1, dot)) return false;
  for (let i = dot + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (CHAR_CLASS[c]! & USERINFO) === 0) return false; // unreserved / sub-delims / ":"
  }
  return true;
}

/** RFC 3986 §3.2.2 reg-name over s[start, end). */
export function isRegName(s: string, start = 0, end = s.length): boolean {
  return findInvalid(s, start, end, REG_NAME) === -1;
}
