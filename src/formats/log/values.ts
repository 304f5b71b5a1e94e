// Values named by a key (JSON lines, logfmt): request targets and referers by their key's name, the host, everything else scanned as text.

import type { Delimiter } from '../../delimit/types.js';
import { NO_ABSOLUTE_FORM, type LineOut, type Piece } from './emit.js';
import { HOST_KEYS, hostFor, joined, namedIn, objectOf } from './named.js';
import { DQUOTE, SLASH } from '../../uri/codes.js';
import { removeDotSegments } from '../../uri/remove-dot-segments.js';

/** Keys whose value is a request target, resolved against the base when relative. */
const TARGET_KEYS = new Set([
  'path', 'uri', 'request_uri', 'requesturi', 'url', 'request_url', 'requesturl', 'target',
  'requestpath', // Traefik's
  'clientrequesturi', 'clientrequestpath', // Cloudflare's (Logpush): the path and query, the path alone
  'csuristem', 'cs-uri-stem', // W3C's column as a JSON member (Azure's AppServiceHTTPLogs), with its query (see STEM_KEYS)
]);
/**
 * Target keys that hold the client's whole target, its query too (nginx's
 * $request_uri, Kong's url): of one request, they win over a key of its
 * path (nginx's $uri, the path alone, decoded and normalized).
 */
const WHOLE_TARGET_KEYS = new Set(['request_uri', 'requesturi', 'url', 'request_url', 'requesturl', 'target', 'clientrequesturi']);
/** Keys that say a line is about an HTTP request: only then is a "path" a request's (else it is a file's: "/etc/app/config.yaml"). */
const HTTP_KEYS = new Set([
  'method', 'request_method', 'http_method', 'requestmethod', 'status', 'status_code', 'statuscode', 'http_status', 'protocol', 'proto',
  'user_agent', 'useragent', 'http_user_agent', 'referer', 'referrer', 'http_referer', 'remote_addr', 'remoteip', 'client_ip',
  'httpmethod', 'verb', 'remote_ip', 'response_code', 'responsecode', 'response_status', 'http_version', 'httpversion',
  'bytes_sent', 'body_bytes_sent', 'request_time', 'upstream_response_time',
]);
/** Keys whose value is a request line ("GET /x HTTP/1.1"). */
const REQUEST_KEYS = new Set(['request', 'request_line', 'requestline']);
const REFERER_KEYS = new Set(['referer', 'referrer', 'http_referer', 'http_referrer', 'request_referer', 'clientrequestreferer']); // request_Referer: Traefik's; ClientRequestReferer: Cloudflare's
/** ECS fields of a file's path (Filebeat's log.file.path, the file it read), no request's: read as text. */
const ECS_FILE_PATHS = new Set(['log.file.path', 'file.path']);

/**
 * The key a member stands for: the last name of its key path, a key
 * written flat with dots in it too (OpenTelemetry's and Datadog's
 * `http.url`, `http.referer`, `http.url_details.host`, as nested ones are),
 * and an Elastic Common Schema field by its whole path, nested or flat
 * (a last name alone is too loose: `user_agent.original` is no target):
 * `url.original`, the target as the client sent it, is nginx's
 * request_uri; `url.full` a URL; `url.domain` the host; `log.file.path` a
 * file's (see ECS_FILE_PATHS). `key`: the member's key, lower case.
 */
export function ecsKey(field: string, key: string): string {
  const dot = key.lastIndexOf('.');
  const name = dot === -1 ? key : key.slice(dot + 1);
  switch (name) {
    case 'original': return field === 'url.original' ? 'request_uri' : name;
    case 'full': return field === 'url.full' ? 'url' : name;
    case 'domain': return field === 'url.domain' ? 'host' : name;
    case 'path': return ECS_FILE_PATHS.has(field) ? 'file' : name;
    default: return name;
  }
}

const REQUEST = /^([A-Z][A-Z_-]{2,19}) (\S+)(?: HTTP\/\d(?:\.\d)?)?$/;

/**
 * Is a request key's value that is no request line the target alone
 * (grok's COMBINEDAPACHELOG `request`, "/a?b=1", as Logstash's legacy
 * fields hold it), on a line about a request: origin-form (RFC 9112 §3.2.1),
 * no white space?
 */
const targetAlone = (value: string, http: boolean): boolean => http && value.charCodeAt(0) === SLASH && !/\s/.test(value);

/**
 * A value JSON or logfmt has already unescaped, written as an access log
 * writes its fields (a backslash doubled), which is how LineOut reads a
 * target or a referer: its bytes are then read once, not twice (a JSON
 * "/a\\x41b" is a backslash and "x41b", not "/aAb").
 */
const asLogged = (value: string): string => (value.includes('\\') ? value.replace(/\\/g, '\\\\') : value);

export { joined } from './named.js';

/** One value of a line: its key path, its last key (lower case), its decoded pieces and its raw text. */
export interface Keyed {
  field: string;
  key: string;
  pieces: Piece[];
  rawStart: number;
  rawEnd: number;
}

/** The host a line's values name, if any; `http`: the line names an HTTP request, so an `authority` is its Host (Envoy's :authority, as Istio logs it). */
export function hostOf(values: readonly Keyed[], http: boolean): string | undefined {
  for (const v of values) if (HOST_KEYS.has(v.key) || (http && v.key === 'authority')) return joined(v.pieces) || undefined;
  return undefined;
}

/** Is `key` (lower case) one that names an HTTP request's method, status, client or headers? */
export const isHttpKey = (key: string): boolean => HTTP_KEYS.has(key);

/** Does a line with these values name an HTTP request (a method or a status)? */
export function httpContext(values: readonly Keyed[]): boolean {
  for (const v of values) if (HTTP_KEYS.has(v.key)) return true;
  return false;
}

/** Is `v` (its key lower case) a request target's or a request line's value? */
const targetKey = (v: Keyed, http: boolean): boolean => (TARGET_KEYS.has(v.key) && (v.key !== 'path' || http)) || REQUEST_KEYS.has(v.key);

/** A target value, how it stands for its request, the request it is of and the page it names (see ranked). */
interface Ranked {
  v: Keyed;
  rank: number;
  scope: string;
  page: string;
}

/**
 * How a value stands for its request's target, best first: 0 an absolute
 * URI (it names the host), 1 a request line, 2 a key of the whole target,
 * 3 a key of its path; with the page it names: the key path of its JSON
 * object but the last name, and the target's path (RFC 9112 §3.2), and an
 * absolute URI's scheme and authority unless they name the line's `host`
 * (a proxy's upstream is another page); or undefined when it names no
 * target.
 */
function ranked(v: Keyed, http: boolean, host: string | undefined): Ranked | undefined {
  if (v.pieces.length === 0 || !targetKey(v, http)) return undefined;
  let value = joined(v.pieces);
  let rank = WHOLE_TARGET_KEYS.has(v.key) ? 2 : 3;
  if (REQUEST_KEYS.has(v.key)) {
    const m = REQUEST.exec(value);
    if (m === null ? !targetAlone(value, http) : m[1] === 'CONNECT') return undefined;
    if (m !== null) value = m[2]!;
    rank = m === null ? 2 : 1;
  }
  let from = 0;
  let origin = '';
  if (value.charCodeAt(0) !== SLASH) {
    const m = ABSOLUTE.exec(value); // absolute-form: the path after the authority
    if (m === null) return undefined; // "*", "-", "host:443", a label: no target to compare
    from = m[0].length;
    rank = 0;
    if (host === undefined || m[1]!.toLowerCase() !== host.toLowerCase()) origin = m[0];
  }
  const end = pathEnd(value, from);
  const scope = `${objectOf(v)} ${origin}`;
  return { v, rank, scope, page: `${scope}${end > from ? pathAsServed(value.slice(from, end)) : '/'}` };
}

/** Does `v` name a request's target (origin-form or absolute, see ranked)? */
export const namesTarget = (v: Keyed, http: boolean): boolean => ranked(v, http, undefined) !== undefined;

/**
 * A target's path as a server reads it, to compare with a key of the path
 * that logs it so (nginx's $uri beside $request_uri): its percent-encoded
 * octets decoded as UTF-8 ("/caf%C3%A9" is "/café"), runs of "/" merged and
 * dot-segments removed (RFC 3986 §5.2.4).
 */
function pathAsServed(path: string): string {
  const decoded = path.indexOf('%') === -1 ? path : path.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeRun);
  return removeDotSegments(decoded.indexOf('//') === -1 ? decoded : decoded.replace(/\/{2,}/g, '/'));
}

/** A run of percent-encoded octets, decoded as UTF-8; as it is when it is no UTF-8. */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
}

/** A scheme and an authority (RFC 3986 §3.2). */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/;

/** Where the path that starts at `from` ends: at its query or fragment. */
function pathEnd(value: string, from: number): number {
  const q = value.indexOf('?', from);
  const h = value.indexOf('#', from);
  return q === -1 ? (h === -1 ? value.length : h) : h === -1 ? q : Math.min(q, h);
}

/**
 * The request-target values of a line that are left out: one request
 * gives one target, so of the values of one JSON object that name the same
 * page (nginx's request, uri and request_uri; Kong's request.uri and
 * request.url on its line's host) only the best (see ranked), the first of
 * them, is read, and a key of the path alone is left out beside a key of
 * the whole target on the same host (nginx's $uri after a rewrite names the
 * page the server made of it, not the one the client asked for). `host`:
 * the host the line names. Undefined when none is left out.
 */
export function otherTargets(values: readonly Keyed[], http: boolean, host: string | undefined): Set<Keyed> | undefined {
  let n = 0;
  for (const v of values) if (targetKey(v, http)) n++;
  if (n < 2) return undefined; // the common line: no choice to make
  const best = new Map<string, Ranked>();
  const all: Ranked[] = [];
  for (const v of values) {
    const r = ranked(v, http, host);
    if (r === undefined) continue;
    all.push(r);
    const b = best.get(r.page);
    if (b === undefined || r.rank < b.rank) best.set(r.page, r);
  }
  const whole = new Set<string>();
  for (const r of all) if (r.rank < 3) whole.add(r.scope);
  let out: Set<Keyed> | undefined;
  for (const r of all) {
    // an array's values under one key stay
    if (best.get(r.page)!.v.field !== r.v.field || (r.rank === 3 && whole.has(r.scope))) (out ??= new Set()).add(r.v);
  }
  return out;
}

/**
 * Emit the URIs of one value of a line's `values`; `http`: the line names
 * an HTTP request (see httpContext); `others`: the targets left out (see
 * otherTargets).
 */
export function readValue(out: LineOut, v: Keyed, delimiter: Delimiter, http: boolean, values: readonly Keyed[], others?: Set<Keyed>): void {
  if (v.pieces.length === 0 || others?.has(v)) return;
  const raw = out.text.slice(v.rawStart, v.rawEnd);
  if (TARGET_KEYS.has(v.key) && (v.key !== 'path' || http)) {
    const value = joined(v.pieces);
    if (value === '' || value === '-' || value === '*') return;
    if (value.charCodeAt(0) !== SLASH && NO_ABSOLUTE_FORM.test(value)) out.scanPieces(v.pieces, v.field); // a URI with no "//" (mailto:, urn:), none (host:443), as text reads it
    else requestTarget(out, v, withQuery(value, v, values), delimiter, raw, values);
  } else if (REQUEST_KEYS.has(v.key)) {
    const value = joined(v.pieces);
    const m = REQUEST.exec(value);
    if (m === null && targetAlone(value, http)) requestTarget(out, v, value, delimiter, raw, values);
    else if (m === null) out.scanPieces(v.pieces, v.field);
    else if (m[2] !== '*' && m[1] !== 'CONNECT') {
      const at = rawAt(v, m[1]!.length + 1);
      requestTarget(out, v, m[2]!, delimiter, out.text.slice(at, rawAt(v, m[1]!.length + 1 + m[2]!.length)), values, at);
    }
  } else if (REFERER_KEYS.has(v.key)) {
    referer(out, v, joined(v.pieces), delimiter, raw);
  } else {
    out.scanPieces(v.pieces, QUERY_KEYS.has(v.key) && beside(values, v, STEM_KEYS) !== undefined ? 'in-request' : v.field); // a stem's query is of its target: "go=https://…"
  }
}

/** W3C's cs-uri-stem and cs-uri-query columns as JSON members (Azure's AppServiceHTTPLogs: CsUriStem, CsUriQuery). */
const STEM_KEYS = new Set(['csuristem', 'cs-uri-stem']);
const QUERY_KEYS = new Set(['csuriquery', 'cs-uri-query']);

/** The member of `v`'s own object whose key is one of `keys`, if any. */
function beside(values: readonly Keyed[], v: Keyed, keys: ReadonlySet<string>): Keyed | undefined {
  const object = objectOf(v);
  for (const w of values) if (keys.has(w.key) && objectOf(w) === object) return w;
  return undefined;
}

/** A W3C stem and the query beside it, joined by "?" as a W3C row's columns are (its raw text stays the stem's); any other target as it is. */
function withQuery(value: string, v: Keyed, values: readonly Keyed[]): string {
  const q = STEM_KEYS.has(v.key) ? beside(values, v, QUERY_KEYS) : undefined;
  const query = q === undefined ? '' : joined(q.pieces);
  return query === '' || query === '-' ? value : `${value}?${query}`;
}

/**
 * A referer value: the text inside its quotes when it is quoted (grok's
 * QS, as Logstash's COMBINEDAPACHELOG keeps them: "\"https://r.example/\"",
 * "\"-\""), as no URI holds a '"' (RFC 3986 §2).
 */
function referer(out: LineOut, v: Keyed, value: string, delimiter: Delimiter, raw: string): void {
  const n = value.length;
  if (n < 2 || value.charCodeAt(0) !== DQUOTE || value.charCodeAt(n - 1) !== DQUOTE) return out.absolute(asLogged(value), v.rawStart, v.field, delimiter, raw);
  const at = rawAt(v, 1);
  out.absolute(asLogged(value.slice(1, n - 1)), at, v.field, delimiter, out.text.slice(at, rawAt(v, n - 1)));
}

/** Where the decoded value's character d (or its end) is written in the line: an escape ("\\/", "\\u0026") is one character of its own piece. */
export function rawAt(v: Keyed, d: number): number {
  let start = 0;
  for (const p of v.pieces) {
    if (d < start + p.text.length) return p.at + (d - start);
    start += p.text.length;
  }
  return v.rawEnd;
}

/**
 * A request target, and the URI inside it (`/go?url=https://…`: 'in-request'),
 * as in an access line; on a line whose `values` name the scheme and the
 * host, the URI they make with it (see namedTarget).
 */
function requestTarget(out: LineOut, v: Keyed, value: string, delimiter: Delimiter, raw: string, values: readonly Keyed[], at = v.rawStart): void {
  const line = out.host;
  out.host = hostFor(values, v, line);
  const named = out.host !== undefined && value.charCodeAt(0) === SLASH ? namedIn(values, out.host, value, v) : undefined;
  if (named !== undefined) out.absolute(asLogged(named), at, v.field, delimiter, raw);
  else out.target(asLogged(value), at, v.field, delimiter, raw);
  out.host = line;
  const inner = value.indexOf('://', 1);
  if (inner !== -1 && value.charCodeAt(0) === SLASH) out.scanPieces(v.pieces, 'in-request');
}
