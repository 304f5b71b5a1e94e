// The host (and the scheme) an access line names for its request in fields of its own format: S3's Host header and cipher suite, Envoy's :authority, HAProxy's captured Host header.

import { BARE, BRACKET, type Fields, isDash, QUOTED } from './fields.js';
import { isAuthority, isVhostName } from './vhost.js';
import { HYPHEN, LBRACE, UPPER_T } from '../../uri/codes.js';

/** What requestHost found; one object, reused for every line. */
export interface RequestHost {
  /** The host the client sent its request to, as the line writes it. */
  host: string | undefined;
  /** The scheme it was sent over, when the line says ('http' or 'https'). */
  scheme: string | undefined;
  /** Envoy: its quoted fields are read by their place, the user agent's and the upstream host's (else -1). */
  agent: number;
  upstream: number;
}

const found: RequestHost = { host: undefined, scheme: undefined, agent: -1, upstream: -1 };

/**
 * The host an access line, read into f with its request line the field r,
 * names for that request in a field of its own format: an S3 server access
 * line's Host header (and the scheme its cipher suite tells), the
 * :authority of Envoy's default format, the Host header HAProxy captured
 * (`haproxy`: the line is HAProxy's). Undefined for any other line.
 */
export function requestHost(text: string, f: Fields, r: number, haproxy: boolean): RequestHost | undefined {
  const t = r - 1; // Envoy's time, in brackets (a CLF line has its date there: asked of it first, so the rest is not run for it)
  if (t >= 0 && f.kind[t] === BRACKET && isoTime(text, f.start[t]!, f.end[t]!)) return envoy(text, f, r) ? found : undefined;
  if (r >= 8 && s3(text, f, r)) return found;
  const host = haproxy ? captured(text, f, r) : undefined;
  if (host === undefined) return undefined;
  set(host, undefined, -1, -1);
  return found;
}

function set(host: string | undefined, scheme: string | undefined, agent: number, upstream: number): void {
  found.host = host;
  found.scheme = scheme;
  found.agent = agent;
  found.upstream = upstream;
}

/** S3's operations: "REST.GET.OBJECT", "WEBSITE.GET.OBJECT", "BATCH.DELETE.OBJECT", "S3.EXPIRE.OBJECT", "SOAP.…". */
const S3_OPERATION = /^(?:REST|SOAP|WEBSITE|BATCH|S3)\./;

/**
 * An S3 server access line: bucket owner, bucket, [time], remote IP,
 * requester, request id, operation, key, "request", status, error code,
 * bytes sent, object size, total time, turn-around time, "referer", "user
 * agent", version id, host id, signature version, cipher suite ("-" for
 * HTTP), authentication type, Host header, TLS version and more. Sets the
 * host and the scheme when the Host header is a host name.
 */
function s3(text: string, f: Fields, r: number): boolean {
  const h = r + 14;
  if (r < 8 || h >= f.n || f.kind[r - 6] !== BRACKET || f.kind[r + 8] !== QUOTED || f.kind[h] !== BARE) return false;
  const op = f.start[r - 2]!;
  if (!S3_OPERATION.test(text.slice(op, Math.min(op + 8, f.end[r - 2]!)))) return false;
  if (!isVhostName(text, f.start[h]!, f.end[h]!)) return false;
  set(text.slice(f.start[h], f.end[h]), isDash(text, f.start[r + 12]!, f.end[r + 12]!) ? 'http' : 'https', -1, -1);
  return true;
}

/** The quoted fields Envoy's default format writes after its request line, counted from the last. */
const UPSTREAM = 0;
const AUTHORITY = 1;
const REQUEST_ID = 2;
const AGENT = 3;
const FROM_LAST = 5; // and X-Forwarded-For
const quoted: number[] = [];

/**
 * Envoy's default format (and Istio's, which adds fields): `[START_TIME]
 * "METHOD PATH PROTOCOL" … "X-FORWARDED-FOR" "USER-AGENT" "X-REQUEST-ID"
 * ":AUTHORITY" "UPSTREAM_HOST"`, the request right after an ISO 8601
 * time in brackets (requestHost checks it), a request id that is a UUID
 * or "-". The authority is the host; the upstream host, a backend's
 * address, is not.
 */
function envoy(text: string, f: Fields, r: number): boolean {
  let n = 0;
  for (let i = f.n - 1; i > r && n < FROM_LAST; i--) if (f.kind[i] === QUOTED) quoted[n++] = i;
  if (n < FROM_LAST) return false;
  const id = quoted[REQUEST_ID]!;
  if (!isDash(text, f.start[id]!, f.end[id]!) && !UUID.test(text.slice(f.start[id], f.end[id]))) return false;
  const a = quoted[AUTHORITY]!;
  if (!isDash(text, f.start[a]!, f.end[a]!) && !isAuthority(text, f.start[a]!, f.end[a]!)) return false;
  set(isDash(text, f.start[a]!, f.end[a]!) ? undefined : text.slice(f.start[a], f.end[a]), undefined, quoted[AGENT]!, quoted[UPSTREAM]!);
  return true;
}

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Does text[start, end) start as an ISO 8601 date and time, "2016-04-15T"? */
const isoTime = (text: string, start: number, end: number): boolean =>
  end - start > 11 && text.charCodeAt(start + 4) === HYPHEN && text.charCodeAt(start + 7) === HYPHEN && text.charCodeAt(start + 10) === UPPER_T;

/**
 * The first host name among the headers HAProxy captured from the request:
 * the first `{…}` before the request line, its values between '|' (which
 * HAProxy writes as "#7C" inside a value). `capture request header Host`
 * gives `{1wt.eu}`; a user agent, an address or a referer is no host name.
 */
function captured(text: string, f: Fields, r: number): string | undefined {
  let i = 0;
  while (i < r && !(f.kind[i] === BARE && text.charCodeAt(f.start[i]!) === LBRACE)) i++;
  if (i === r) return undefined;
  const end = f.end[i]!;
  for (let s = f.start[i]! + 1; s <= end; ) {
    let bar = text.indexOf('|', s);
    if (bar === -1 || bar > end) bar = end;
    if (isVhostName(text, s, bar)) return text.slice(s, bar);
    s = bar + 1;
  }
  return undefined;
}
