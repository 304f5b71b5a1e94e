// MIME field values as the entity walk reads them: Content-Type (RFC 2045 §5, RFC 2231), Content-Transfer-Encoding (§6.1), Message-ID, and URI values.

import libmime from 'libmime';
import { detach } from '../../delimit/detach.js';
import { withoutComments } from './headers.js';

export interface ContentType {
  type: string;
  /** Shared between parts with the same field value: read only. */
  params: Readonly<Record<string, string>>;
}

/** Content-Type values already parsed (list mail repeats a few), null when invalid: bounded. */
const PARSED = new Map<string, ContentType | null>();

/** RFC 2045 §5.1–5.2 with RFC 2231 parameters; an absent or invalid type is the default. */
export function contentType(raw: string | undefined, digest: boolean): ContentType {
  const cached = raw === undefined ? null : PARSED.get(raw);
  const parsed = cached === undefined ? parseContentType(raw!) : cached;
  return parsed ?? { type: digest ? 'message/rfc822' : 'text/plain', params: {} };
}

function parseContentType(raw: string): ContentType | undefined {
  const parsed = libmime.parseHeaderValue(withoutComments(raw));
  const type = parsed.value.trim().toLowerCase();
  const ct = /^[!#-'*+.0-9A-Z^-~-]+\/[!#-'*+.0-9A-Z^-~-]+$/i.test(type) ? { type, params: parsed.params } : undefined;
  // A multipart's boundary makes its value one of a kind: not worth keeping.
  if (raw.length > 1024 || /boundary/i.test(raw)) return ct;
  if (PARSED.size >= 256) PARSED.clear();
  PARSED.set(detach(raw), ct ?? null);
  return ct;
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
