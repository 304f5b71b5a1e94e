// The scheme and the host a line's keyed values (JSON, logfmt) name, which make an origin-form target an absolute URI (RFC 9112 §3.3).

import type { Piece } from './emit.js';
import { namedTarget } from './target.js';
import { COLON } from '../../uri/codes.js';
import type { Keyed } from './values.js';

/** Keys whose value names the host a request was made to (Traefik's RequestHost, Cloudflare's ClientRequestHost, W3C's cs-host as Azure's CsHost). */
export const HOST_KEYS = new Set(['host', 'http_host', 'vhost', 'server_name', 'requesthost', 'clientrequesthost', 'cshost', 'cs-host']);

/** Keys whose value is the scheme the client asked for (nginx's $scheme, Traefik's RequestScheme, Cloudflare's ClientRequestScheme; a `protocol` of http or https too, see HTTP_SCHEME): with the host, a target's URI. */
const SCHEME_KEYS = new Set(['scheme', 'requestscheme', 'clientrequestscheme']);
/** A `protocol` that is a scheme (Heroku's router: "protocol=https"), not a version ("HTTP/1.1", as nginx's $server_protocol). */
const HTTP_SCHEME = /^https?$/;

/** A JSON string's decoded pieces, joined. */
export const joined = (pieces: readonly Piece[]): string => (pieces.length === 1 ? pieces[0]!.text : pieces.map((p) => p.text).join(''));

/**
 * The URI of an origin-form target `v` on a line whose values name the
 * scheme (case-insensitive, RFC 3986 §3.1: "HTTPS" is https), or a `tls`
 * object beside it, with its host; undefined when they name none that a
 * request is made in.
 */
export function namedIn(values: readonly Keyed[], host: string, target: string, v: Keyed): string | undefined {
  const object = objectOf(v);
  for (let pass = 0; pass < 2; pass++) { // the scheme of the target's own object first (Vercel's proxy.scheme beside proxy.path)
    for (const w of values) {
      if ((pass === 0) !== (objectOf(w) === object)) continue;
      const scheme = SCHEME_KEYS.has(w.key) ? joined(w.pieces).toLowerCase() : w.key === 'protocol' && HTTP_SCHEME.test(joined(w.pieces)) ? joined(w.pieces) : undefined;
      const named = scheme === undefined ? undefined : namedTarget(scheme, host, target);
      if (named !== undefined) return named;
    }
  }
  return overTls(values, v) ? namedTarget('https', host, target) : undefined;
}

/** The key path of the JSON object a value is a member of ("proxy" for "proxy.path", "" for a top member). */
export const objectOf = (v: Keyed): string => v.field.slice(0, Math.max(0, v.field.lastIndexOf('.')));

/**
 * The host of a target `v`: the one its own JSON object names (Vercel's
 * proxy.host, the Host the client sent, beside proxy.path, where the top
 * `host` is the deployment's), else the line's; the line's too when it is
 * that host with a port (ECS's url.domain "localhost" beside a Host header
 * "localhost:3000").
 */
export function hostFor(values: readonly Keyed[], v: Keyed, line: string | undefined): string | undefined {
  const object = objectOf(v);
  let own: string | undefined;
  for (const w of values) if (HOST_KEYS.has(w.key) && objectOf(w) === object) { own = joined(w.pieces); break; }
  if (!own) return line;
  if (line === undefined) return own;
  const l = line.toLowerCase();
  const o = own.toLowerCase();
  return l === o || (l.startsWith(o) && l.charCodeAt(o.length) === COLON) ? line : own;
}

/** Is there a `tls` object beside the value `v` (Caddy's request.tls, which it writes for a request made over TLS only)? Its request's scheme is https. */
function overTls(values: readonly Keyed[], v: Keyed): boolean {
  const tls = `${v.field.slice(0, v.field.lastIndexOf('.') + 1)}tls.`;
  for (const w of values) if (w.field.startsWith(tls)) return true;
  return false;
}
