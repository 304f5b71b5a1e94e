// Which `scheme:` starts a bare URI (Appendix C, whitespace delimiting).
// Any scheme followed by "//" does; without "//", only a registered one
// (IANA), so that `Note:`, `re:`, `std::vector` and `10:30` stay prose.

import { UrisiftOptionError } from './errors.js';
import { REGISTERED_SCHEMES } from './schemes-data.js';

/**
 * Registered schemes that are also everyday words, log labels, header names
 * or XML prefixes ("at:10pm", "session:abc", "tv:show", "content-type:text/html",
 * "im:history"). They still start a URI before "//" and inside <…>, just not
 * without "//" bare or in quotes ("proxy:start" is an npm script).
 */
export const PROSE_SCHEMES: ReadonlySet<string> = new Set(('aim android apt ar at attachment aw bl bluetooth calculator cap cast content '
  + 'content-type crid dis dns drop example fish fm gg go graph grd ham i0 icon im info lid maps market message '
  + 'modem mss mt notes num ocf oid p1 pack palm payment platform pres proxy qb query res resource service session '
  + 'sgn shelter smp stun stuns submit teapot things tip tool turn turns tv udp unreal upn w3 wifi').split(' '));

/**
 * Registered schemes whose syntax has an authority, written with "//"
 * (http, ssh, git, redis, ldap, …): bare without it, `redis:7-alpine`,
 * `ssh:22`, `git:(main)` and `svn:ignore` are an image tag, a port, a shell
 * prompt and a property name, and `http:/x` is a typo. In quotes they need
 * "//" too, but for http and https (isAuthorityScheme); inside <…> any
 * scheme still counts, as Appendix C says.
 */
export const AUTHORITY_SCHEMES: ReadonlySet<string> = new Set(('acap afp afs chrome chrome-extension coap coap+tcp '
  + 'coap+ws coaps coaps+tcp coaps+ws cttps cvs dat dav dict dtn finger ftp fuchsia-pkg git gopher http https '
  + 'hxxp hxxps hyper icap imap ipfs ipns ipp ipps irc irc6 ircs lbry ldap ldaps mms mongodb moz mqtt mqtts msrp '
  + 'msrps mtqp mumble mupdate nfs nntp otpauth payto pop prospero quic-transport redis rediss rmi rsync rtmfp rtmp '
  + 'rtsp rtsps rtspu secondlife sftp shttp sieve smb smtp snews snmp soap.beep soap.beeps soldat spiffe ssh steam '
  + 'svn teamspeak telnet tftp tn3270 ut2004 ventrilo vnc vscode vscode-insiders wais webcal ws wss xmlrpc.beep '
  + 'xmlrpc.beeps z39.50r z39.50s').split(' '));

/** Schemes in wide use without "//" that the IANA registry does not hold (jdbc:postgresql://…, javascript:…). */
const WELL_KNOWN: ReadonlySet<string> = new Set(['javascript', 'jdbc']);

/**
 * The schemes that start a bare URI without "//": the IANA registry less
 * PROSE_SCHEMES and AUTHORITY_SCHEMES, plus jdbc (a bare "javascript:" is
 * left to delimiters).
 */
export const DEFAULT_SCHEMES: ReadonlySet<string> = new Set([
  ...REGISTERED_SCHEMES.filter((s) => !PROSE_SCHEMES.has(s) && !AUTHORITY_SCHEMES.has(s)),
  'jdbc',
]);

/** A compiled `schemes` option. */
export interface SchemePolicy {
  /** Schemes that may start a candidate without "//". */
  readonly opaque: ReadonlySet<string>;
  /** When set, only these schemes start a candidate at all, "//" or not. */
  readonly only: ReadonlySet<string> | undefined;
  /** Schemes that never start a candidate. */
  readonly excluded: ReadonlySet<string>;
}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*$/;
const NONE: ReadonlySet<string> = new Set();

/**
 * Compile the `schemes` option: a list replaces the default set; a list
 * whose entries all start with "+" or "-" adds to or removes from it.
 */
export function compileSchemes(schemes: readonly string[] | undefined): SchemePolicy {
  if (schemes === undefined) return { opaque: DEFAULT_SCHEMES, only: undefined, excluded: NONE };
  if (!Array.isArray(schemes)) throw new TypeError('schemes must be an array of scheme names');
  const edits = schemes.length > 0 && schemes.every((s) => typeof s === 'string' && /^[+-]/.test(s));
  const names = schemes.map((s) => checkScheme(edits ? String(s).slice(1) : s));
  if (!edits) {
    const only = new Set(names);
    return { opaque: only, only, excluded: NONE };
  }
  const opaque = new Set(DEFAULT_SCHEMES);
  const excluded = new Set<string>();
  schemes.forEach((s, i) => {
    const name = names[i]!;
    if (s[0] === '+') { opaque.add(name); excluded.delete(name); }
    else { opaque.delete(name); excluded.add(name); }
  });
  return { opaque, only: undefined, excluded };
}

function checkScheme(name: unknown): string {
  if (typeof name !== 'string') throw new TypeError('schemes must be an array of scheme names');
  const lower = name.toLowerCase();
  if (!SCHEME_RE.test(lower)) throw new UrisiftOptionError('invalid-scheme-name', `not a scheme name: ${JSON.stringify(name)}`);
  return lower;
}

const REGISTERED: ReadonlySet<string> = new Set(REGISTERED_SCHEMES);

/** text[start, end) in lower case: the name the scheme sets below are keyed by. */
export function schemeName(text: string, start: number, end: number): string {
  return text.slice(start, end).toLowerCase();
}

/**
 * Is `name` written with "//", but for http and https? In quotes without
 * "//" such a scheme is config ("ssh:22", "redis:6379"); "http:g" stays a
 * reference, as RFC 3986 §5.4.2 reads it.
 */
export function needsSlashesInQuotes(name: string): boolean {
  return AUTHORITY_SCHEMES.has(name) && name !== 'http' && name !== 'https';
}

/** Is `name` (lower case) in the IANA registry, or a well-known one? */
export function isRegisteredName(name: string): boolean {
  return REGISTERED.has(name) || WELL_KNOWN.has(name);
}

/** Is text[start, end) a scheme in the IANA registry, or a well-known one (any case)? */
export function isRegisteredScheme(text: string, start: number, end: number): boolean {
  return isRegisteredName(schemeName(text, start, end));
}

/**
 * A dotted scheme that is not registered but ends in one that is
 * ("www.ftp", "see.http") reads as a prefix glued to a URI: start at the
 * registered part. Registered dotted schemes ("z39.50r") stay whole.
 */
export function registeredSuffix(text: string, start: number, end: number): number {
  let dot = end - 1; // a bounded walk: lastIndexOf would search the whole text before `start`
  while (dot >= start && text.charCodeAt(dot) !== 0x2e) dot--;
  if (dot < start) return start;
  if (REGISTERED.has(schemeName(text, start, end))) return start;
  const suffix = schemeName(text, dot + 1, end);
  return /^[a-z]/.test(suffix) && REGISTERED.has(suffix) ? dot + 1 : start;
}

/**
 * Does the scheme text[start, end) start a candidate? `anyScheme` when "//"
 * follows or the text is delimited (<…>, "…"); else the scheme must be one
 * of the policy's opaque schemes.
 */
export function startsCandidate(policy: SchemePolicy, text: string, start: number, end: number, anyScheme: boolean): boolean {
  if (anyScheme && policy.only === undefined && policy.excluded.size === 0) return true; // fast path
  const lower = schemeName(text, start, end);
  if (policy.excluded.has(lower)) return false;
  if (policy.only !== undefined && !policy.only.has(lower)) return false;
  return anyScheme || policy.opaque.has(lower);
}
