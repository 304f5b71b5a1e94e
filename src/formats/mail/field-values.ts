// MIME field values as the entity walk reads them: Content-Type (RFC 2045 §5, RFC 2231), Content-Transfer-Encoding (§6.1), Message-ID, and URI values.

import { detach } from '../../delimit/detach.js';
import { withoutComments } from './headers.js';
import { parseHeaderValue } from './libmime.js';

export interface ContentType {
  type: string;
  /** Shared between parts with the same field value: read only. */
  params: Readonly<Record<string, string>>;
}

/** Content-Type values already parsed (list mail repeats a few), null when invalid: bounded. */
const PARSED = new Map<string, ContentType | null>();

/** Multipart values with their quoted boundary's text as HOLE (see withBoundary), parsed: bounded. */
const SHAPES = new Map<string, ContentType | null>();

/** Stands for a boundary in SHAPES' keys (no value it is taken from holds it). */
const HOLE = '\0';

/** RFC 2045 §5.1–5.2 with RFC 2231 parameters; an absent or invalid type is the default. */
export function contentType(raw: string | undefined, digest: boolean): ContentType {
  const cached = raw === undefined ? null : PARSED.get(raw);
  const parsed = cached !== undefined ? cached : withBoundary(raw!) ?? parseContentType(raw!);
  return parsed ?? { type: digest ? 'message/rfc822' : 'text/plain', params: {} };
}

function parseContentType(raw: string): ContentType | undefined {
  const ct = parseValue(raw);
  // A multipart's boundary makes its value one of a kind: not worth keeping.
  if (raw.length > 1024 || /boundary/i.test(raw)) return ct;
  if (PARSED.size >= 256) PARSED.clear();
  PARSED.set(detach(raw), ct ?? null);
  return ct;
}

function parseValue(raw: string): ContentType | undefined {
  const parsed = parseHeaderValue(withoutComments(raw));
  const type = parsed.value.trim().toLowerCase();
  return /^[!#-'*+.0-9A-Z^-~-]+\/[!#-'*+.0-9A-Z^-~-]+$/i.test(type) ? { type, params: parsed.params } : undefined;
}

/**
 * A value whose first quoted string is its boundary (a multipart's, one of
 * a kind): the value with that string's text as HOLE is parsed once for
 * all the values of its shape, and the boundary put in. libmime takes the
 * characters of a quoted string as they are when it holds no '"' or '\\';
 * with no '(' (a comment), '\\' or '*' (RFC 2231) in the value, nothing
 * else reads them. Undefined when the value is not of this kind.
 */
function withBoundary(raw: string): ContentType | undefined {
  const open = raw.indexOf('"');
  const close = open === -1 ? -1 : raw.indexOf('"', open + 1);
  if (close === -1 || raw.length > 1024 || raw.includes('(') || raw.includes('\\') || raw.includes('*') || raw.includes(HOLE)) return undefined;
  const shape = raw.slice(0, open + 1) + HOLE + raw.slice(close);
  let ct = SHAPES.get(shape);
  if (ct === undefined) {
    ct = parseValue(shape) ?? null;
    if (SHAPES.size >= 256) SHAPES.clear();
    SHAPES.set(detach(shape), ct);
  }
  if (ct === null || ct.params.boundary !== HOLE) return undefined;
  return { type: ct.type, params: { ...ct.params, boundary: detach(raw.slice(open + 1, close)) } };
}

/** `<id@host>` → `id@host`; undefined when there is none. */
export function messageId(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const m = /<([^<>]*)>/.exec(raw);
  const id = (m?.[1] ?? raw).replace(/\s+/g, '');
  return id === '' ? undefined : detach(id); // every Found's source holds it
}

/** A URI header value: quotes and folding blanks removed (RFC 2110, RFC 2557 §4.4). */
export function uriValue(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const v = raw.replace(/\s+/g, '').replace(/^"(.*)"$/, '$1').replace(/^<(.*)>$/, '$1');
  return v === '' ? undefined : v;
}

/**
 * RFC 2045 §6.1: the mechanism is one token, in any case; what a mailer
 * writes after it (`base64;`, a stray parameter) or quotes around it
 * (`"base64"`) are no part of it. 7bit when the field is absent.
 */
export function mechanism(value: string | undefined): string {
  if (value === undefined) return '7bit';
  let token = MECHANISMS.get(value);
  if (token === undefined) {
    token = parseMechanism(value);
    if (value.length <= 64) {
      if (MECHANISMS.size >= 256) MECHANISMS.clear();
      MECHANISMS.set(detach(value), token);
    }
  }
  return token;
}

/** Content-Transfer-Encoding values already read (a few recur in every message): bounded. */
const MECHANISMS = new Map<string, string>();

function parseMechanism(value: string): string {
  const token = withoutComments(value).split(';')[0]!.trim().toLowerCase();
  return token.length > 1 && token.startsWith('"') && token.endsWith('"') ? token.slice(1, -1).trim() : token;
}
