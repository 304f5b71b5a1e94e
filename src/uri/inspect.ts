// RFC 3986 §7 Security Considerations, as stable warning codes.

import { isIPv4address } from './host.js';
import type { UriComponents } from './components.js';
import { parse } from './parse.js';
import { defaultPort } from './schemes.js';

export type InspectWarning =
  | 'invalid-uri'
  | 'password-in-userinfo'
  | 'misleading-userinfo'
  | 'well-known-port'
  | 'rare-ip-format'
  | 'nul';

/** The §7 warnings for a URI reference; ['invalid-uri'] when it does not parse. */
export function inspect(uri: string): InspectWarning[] {
  const c = parse(uri);
  return c === undefined ? ['invalid-uri'] : inspectComponents(c, uri);
}

/** The §7 warnings for an already parsed URI reference `uri`. */
export function inspectComponents(c: UriComponents, uri: string): InspectWarning[] {
  const warnings: InspectWarning[] = [];
  if (c.userinfo !== undefined) {
    // §7.5: "user:password" in userinfo is deprecated.
    // ("user:" with nothing after the colon carries no password, §3.2.1)
    const colon = c.userinfo.indexOf(':');
    if (colon !== -1 && colon < c.userinfo.length - 1) warnings.push('password-in-userinfo');
    // §7.6: userinfo that reads like a host name misleads the reader.
    if (looksLikeHost(percentDecoded(c.userinfo))) warnings.push('misleading-userinfo');
  }
  // §7.2: a well-known port that is not the scheme's own.
  if (c.port !== undefined && c.port !== '') {
    const port = Number(c.port);
    if (port < 1024 && port !== defaultPort(c.scheme)) warnings.push('well-known-port');
  }
  // §7.4: a reg-name that platform resolvers read as an IPv4 address (percent-encoded too: resolvers decode it).
  if (c.hostType === 'reg-name' && c.host !== undefined && isDisguisedIPv4(c.host)) warnings.push('rare-ip-format');
  // §7.3: a NUL octet, which back-end C strings truncate at.
  if (uri.indexOf('%00') !== -1) warnings.push('nul');
  return warnings;
}

/** `s` with its percent-encoded octets decoded (as Latin-1: only ASCII matters to the checks), so "%2E" reads as ".". */
function percentDecoded(s: string): string {
  return s.indexOf('%') === -1 ? s : s.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A reg-name that is an IPv4 address to inet_aton: a rare form, or any form once percent-decoded ("%31%32%37.0.0.1"). */
function isDisguisedIPv4(host: string): boolean {
  const decoded = percentDecoded(host);
  return isRareIPFormat(decoded) || (decoded !== host && isIPv4address(decoded));
}

const HOSTLIKE = /^(?:www\d*\.|(?:[a-z0-9-]+\.){2,}[a-z]{2,}(?=$|[^a-z0-9.-])|[a-z0-9-]+\.(?:com|net|org|edu|gov|mil|int|info|biz|io|co|us|uk|de|fr|jp|cn|ru|example|test)(?=$|[^a-z0-9.-]))/i;

/** True when userinfo starts like a host name or IPv4 address (§7.6). */
function looksLikeHost(userinfo: string): boolean {
  const user = userinfo.split(':', 1)[0]!;
  const lead = /^[0-9.]+/.exec(user)?.[0];
  if (lead !== undefined && isIPv4address(lead)) return true;
  return HOSTLIKE.test(user);
}

/** inet_aton's forms: 1–4 parts, each decimal, octal (0…) or hex (0x…), in range, not a dotted quad. */
export function isRareIPFormat(host: string): boolean {
  if (!/^[0-9a-fx.]+$/i.test(host)) return false; // fast path: letters past "f" (other than "x")
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // trailing dot
  if (parts.length < 1 || parts.length > 4) return false;
  const values = parts.map(inetAtonPart);
  if (values.some((v) => v === undefined)) return false;
  const last = values.length - 1;
  // a.b.c.d: each ≤ 255; the last of k parts fills the remaining 5 - k bytes
  if (values.some((v, i) => i < last && v! > 255)) return false;
  if (values[last]! > 256 ** (5 - values.length) - 1) return false;
  return !isIPv4address(host);
}

function inetAtonPart(p: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(p)) return p.length === 2 ? 0 : parseInt(p.slice(2), 16);
  if (/^0[0-7]*$/.test(p)) return parseInt(p, 8);
  if (/^[1-9][0-9]*$/.test(p)) return Number(p);
  return undefined;
}
