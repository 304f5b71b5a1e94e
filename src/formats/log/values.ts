// Values named by a key (JSON lines, logfmt): request targets and referers by their key's name, the host, everything else scanned as text.

import type { Delimiter } from '../../delimit/types.js';
import type { LineOut, Piece } from './emit.js';

/** Keys whose value is a request target, resolved against the base when relative. */
const TARGET_KEYS = new Set(['path', 'uri', 'request_uri', 'requesturi', 'url', 'request_url', 'requesturl', 'target']);
/** Keys whose value is a request line ("GET /x HTTP/1.1"). */
const REQUEST_KEYS = new Set(['request', 'request_line', 'requestline']);
const REFERER_KEYS = new Set(['referer', 'referrer', 'http_referer', 'http_referrer']);
export const HOST_KEYS = new Set(['host', 'http_host', 'vhost', 'server_name']);

const REQUEST = /^([A-Z][A-Z_-]{2,19}) (\S+)(?: HTTP\/\d(?:\.\d)?)?$/;

/** One value of a line: its key path, its last key (lower case), its decoded pieces and its raw text. */
export interface Keyed {
  field: string;
  key: string;
  pieces: Piece[];
  rawStart: number;
  rawEnd: number;
}

const joined = (pieces: readonly Piece[]): string => (pieces.length === 1 ? pieces[0]!.text : pieces.map((p) => p.text).join(''));

/** The host a line's values name, if any. */
export function hostOf(values: readonly Keyed[]): string | undefined {
  for (const v of values) if (HOST_KEYS.has(v.key)) return joined(v.pieces) || undefined;
  return undefined;
}

/** Emit the URIs of one value. */
export function readValue(out: LineOut, v: Keyed, delimiter: Delimiter): void {
  if (v.pieces.length === 0) return;
  const raw = out.text.slice(v.rawStart, v.rawEnd);
  if (TARGET_KEYS.has(v.key)) {
    const value = joined(v.pieces);
    if (value !== '' && value !== '-' && value !== '*') out.target(value, v.rawStart, v.field, delimiter, raw);
  } else if (REQUEST_KEYS.has(v.key)) {
    const m = REQUEST.exec(joined(v.pieces));
    if (m === null) out.scanPieces(v.pieces, v.field);
    else if (m[2] !== '*' && m[1] !== 'CONNECT') out.target(m[2]!, v.rawStart + m[1]!.length + 1, v.field, delimiter);
  } else if (REFERER_KEYS.has(v.key)) {
    out.absolute(joined(v.pieces), v.rawStart, v.field, delimiter, raw);
  } else {
    out.scanPieces(v.pieces, v.field);
  }
}
