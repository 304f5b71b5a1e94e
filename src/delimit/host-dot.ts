// The ideographic full stops inside a bare URI's host. UTS #46 maps "。",
// "．" and "｡" to "." (toUri does so), and IMEs type them inside an IDN
// ("http://例え。テスト/"); in Japanese prose the same "。" ends a sentence
// right after a URL ("…/a。次"). One is a label separator only when the
// candidate is still in its host and a label follows it directly, then
// the host's end: a "/", or, after a label typed with the IME (one not all
// ASCII), a port, query, fragment or the URI's end ("http://例え。テスト。 次":
// the last "。" ends the sentence, as in "http://example.jp。次へ"), when the
// label after the last one is written in one script, as each IDN TLD is
// ("http://例え。テスト。次の": "次の", kanji and kana, starts a sentence).

import { COLON, DOT, HASH, HYPHEN, QUESTION, SLASH, isAlnum, isStop, isUnicodeStop } from './chars.js';
import type { ScanState } from './state.js';

/** The longest host name looked at either way (RFC 1035's 255 octets). */
const HOST_REACH = 255;

/** Does the stop at text[i] go on in the host, an IDN's "。" ("http://例え。テスト/")? Sets `waiting` when the text ends before the answer. */
export function hostStop(st: ScanState, text: string, i: number): boolean {
  if (!isIdeographicStop(text.charCodeAt(i))) return false;
  const dot = hostDotAt(text, i, st.runFinal);
  if (dot === undefined) st.waiting = true;
  return dot === true;
}

/** Is `c` one of the full stops UTS #46 maps to "." ("。", "．", "｡")? */
function isIdeographicStop(c: number): boolean {
  return c === 0x3002 || c === 0xff0e || c === 0xff61;
}

/**
 * Does the ideographic full stop at text[i] separate two labels of a bare
 * URI's host (RFC 3986 §3.2.2): "scheme://" and host characters only before
 * it, a label and then "/" after it ("http://例え。テスト/"), or, when the
 * label before it is not all ASCII, a label and the host's end: a port's
 * ":", a "?", a "#", a character that ends a bare URI or the text's, with
 * labels and full stops between ("http://例え。テスト。 次")? undefined
 * when the text ends before the answer (and it is not `final`).
 */
function hostDotAt(text: string, i: number, final: boolean): boolean | undefined {
  if (!inHost(text, i)) return false;
  const label = i + 1 < text.length && labelChar(text.charCodeAt(i + 1)) && typedLabelBefore(text, i);
  const limit = Math.min(text.length, i + 1 + HOST_REACH);
  for (let j = i + 1; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === SLASH) return j > i + 1 && !isIdeographicStop(text.charCodeAt(j - 1)); // a label, then the path
    if (labelChar(c) || isIdeographicStop(c)) continue;
    return label && (c === COLON || c === QUESTION || c === HASH || (isStop(c) && topLabel(text, i, j))); // the host ends
  }
  if (limit < text.length) return false;
  return final ? label && topLabel(text, i, text.length) : undefined;
}

/**
 * Can the stop at text[i] stand before a host of labels and full stops that
 * ends the URI at `end`: is the label after the last stop but a trailing
 * one (the sentence's) one a top-level domain may be? Each IDN TLD is
 * written in one script (コム, みんな, 世界, 中国); a word of kanji and kana
 * ("次の", "次へ") starts the next sentence after the full stop that ends
 * one ("http://例え。テスト。次の"). Only that stop ends the host: the ones
 * before it stay dots.
 */
function topLabel(text: string, i: number, end: number): boolean {
  let e = isIdeographicStop(text.charCodeAt(end - 1)) ? end - 1 : end;
  let k = e - 1;
  while (k > i && !isIdeographicStop(text.charCodeAt(k))) k--;
  if (k !== i) return true;
  let scripts = 0;
  for (e--; e > i; e--) scripts |= kanjiOrKana(text.charCodeAt(e));
  return scripts !== 3 && scripts !== 5 && scripts !== 6 && scripts !== 7;
}

/** 1 for a kanji (CJK ideograph), 2 for hiragana, 4 for katakana (but "ー", written with both), else 0. */
function kanjiOrKana(c: number): number {
  if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) return 1;
  if (c >= 0x3041 && c <= 0x309f) return 2;
  return c >= 0x30a0 && c <= 0x30ff && c !== 0x30fc ? 4 : 0;
}

/** Does the label that ends at text[i] (after a "." or a full stop, or "//") hold a character that is not ASCII? */
function typedLabelBefore(text: string, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === DOT || c === SLASH || isIdeographicStop(c)) return false;
    if (c >= 128) return true;
  }
  return false;
}

/** Is text[i] right after "scheme://" and host characters (no "/", port or userinfo between)? */
function inHost(text: string, i: number): boolean {
  const low = Math.max(2, i - HOST_REACH);
  let k = i;
  while (k > low && (labelChar(text.charCodeAt(k - 1)) || isIdeographicStop(text.charCodeAt(k - 1)))) k--;
  return k < i && text.charCodeAt(k - 1) === SLASH && text.charCodeAt(k - 2) === SLASH && text.charCodeAt(k - 3) === COLON;
}

/** A character of a host's label: a letter or digit, "-", "." and any non-ASCII one that ends no URI. */
function labelChar(c: number): boolean {
  return isAlnum(c) || c === HYPHEN || c === DOT || (c >= 128 && !isUnicodeStop(c));
}
