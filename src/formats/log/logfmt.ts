// logfmt lines (key=value, key="…" with Go-style escapes): each value unescaped and read by its key.

import type { LineOut, Piece } from './emit.js';
import { hostOf, httpContext, otherTargets, readValue, type Keyed } from './values.js';
import { BACKSLASH, DQUOTE, SPACE, TAB } from '../../uri/codes.js';

const KEY = /[A-Za-z_@][\w.@/-]*=/y;

/** Does text[from…] open with two key=value pairs (the shape of a logfmt line)? */
export function looksLogfmt(text: string, from: number): boolean {
  KEY.lastIndex = from;
  if (!KEY.test(text)) return false;
  return /\s[A-Za-z_@][\w.@/-]*=/.test(text.slice(from, from + 512));
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r' };

/** A quoted value's body from i (after its quote) as pieces; the index after the closing quote (or the line's end). */
function quoted(text: string, i: number, pieces: Piece[]): number {
  let from = i;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DQUOTE) break;
    if (c !== BACKSLASH) continue;
    const e = ESCAPES[text[i + 1] ?? ''];
    if (e === undefined) continue;
    if (i > from) pieces.push({ text: text.slice(from, i), at: from });
    pieces.push({ text: e, at: i });
    i++;
    from = i + 1;
  }
  if (i > from) pieces.push({ text: text.slice(from, i), at: from });
  return i < text.length ? i + 1 : i;
}

/** The pairs of text[from…]; words without '=' are skipped. */
function pairs(text: string, from: number): Keyed[] {
  const values: Keyed[] = [];
  let i = from;
  while (i < text.length) {
    while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
    if (i >= text.length) break;
    KEY.lastIndex = i;
    if (!KEY.test(text)) {
      i = text.indexOf(' ', i) === -1 ? text.length : text.indexOf(' ', i);
      continue;
    }
    const field = text.slice(i, KEY.lastIndex - 1);
    i = KEY.lastIndex;
    const pieces: Piece[] = [];
    const start = text.charCodeAt(i) === DQUOTE ? i + 1 : i;
    if (start > i) {
      i = quoted(text, start, pieces);
      values.push({ field, key: field.toLowerCase(), pieces, rawStart: start, rawEnd: text.charCodeAt(i - 1) === DQUOTE ? i - 1 : i });
    } else {
      let j = i;
      while (j < text.length && text.charCodeAt(j) !== SPACE && text.charCodeAt(j) !== TAB) j++;
      if (j > i) pieces.push({ text: text.slice(i, j), at: i });
      values.push({ field, key: field.toLowerCase(), pieces, rawStart: i, rawEnd: j });
      i = j;
    }
  }
  return values;
}

export function readLogfmt(out: LineOut, from: number): void {
  const values = pairs(out.text, from);
  const http = httpContext(values);
  out.host = hostOf(values, http);
  const others = otherTargets(values, http, out.host);
  for (const v of values) readValue(out, v, v.rawStart > 0 && out.text.charCodeAt(v.rawStart - 1) === DQUOTE ? 'quote' : 'none', http, values, others);
}
