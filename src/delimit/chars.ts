// Character classes for delimiting (RFC 3986 Appendix C): what ends a bare
// URI, what counts as whitespace, and the char codes the scanner switches on.

import { CHAR_CLASS, QUERY } from '../uri/chars.js';
import {
  APOSTROPHE, BACKSLASH, BANG, COLON, COMMA, CR, DEL, DOLLAR, DOT, DQUOTE, FF, GT, HASH, LBRACKET, LF, LPAREN, LT, MATH_LANGLE, PERCENT, PIPE, QUESTION, RBRACKET, RPAREN, SEMICOLON, SPACE, TAB, UPPER_A, UPPER_Z, VT,
  isAlpha, isDigit,
} from '../uri/codes.js';

/** The char codes, defined once in ../uri/codes.ts (src/uri imports nothing from src/delimit), for the scanners. */
export * from '../uri/codes.js';

/** Longest scheme the walks accept; the IANA registry's longest is 36. */
export const MAX_SCHEME = 64;

export function isAlnum(c: number): boolean {
  return isDigit(c) || isAlpha(c);
}

/** ASCII sentence punctuation, which a bare URI's end leaves out (trimEnd): . , ; : ! ? */
export function isSentencePunctuation(c: number): boolean {
  return c === DOT || c === COMMA || c === SEMICOLON || c === COLON || c === BANG || c === QUESTION;
}

/** Bit: whitespace (SP, HT, LF, VT, FF, CR). */
export const WS = 1;
/** Bit: cannot appear in a URI or IRI as typed; ends a bare URI. */
export const STOP = 2;
/** Bit: needs a look inside <…> or "…": whitespace, the closers, "<", "\"", "|" and "\\" (before a line break). */
export const ENCLOSED_STOP = 4;
/**
 * Bit: a query character (RFC 3986 §3.4: pchar / "/" / "?"), "#" or "%".
 * The delimiting walks AND it over a candidate, so the parser knows when
 * the components need no walk of their own (see scanUriReference's `queryOnly`).
 */
export const QUERY_ONLY = 8;
/** Bit: a character a bare URI's end rules look at: ( ) [ ] , the apostrophe, and "$" (a variable's, maybe). */
export const RUN_SPECIAL = 16;

function build(): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if ((CHAR_CLASS[c]! & QUERY) !== 0) t[c] = QUERY_ONLY;
  t[HASH] = QUERY_ONLY;
  t[PERCENT] = QUERY_ONLY;
  for (let c = 0; c < SPACE; c++) t[c] = STOP;
  t[DEL] = STOP; // (none of these is QUERY_ONLY)
  for (const c of [TAB, LF, VT, FF, CR, SPACE]) t[c] = WS | STOP;
  for (const ch of '<>"{}|\\^`') t[ch.charCodeAt(0)] = STOP;
  for (const c of [TAB, LF, VT, FF, CR, SPACE, LT, GT, DQUOTE, PIPE, BACKSLASH]) t[c]! |= ENCLOSED_STOP;
  for (const c of [LPAREN, RPAREN, LBRACKET, RBRACKET, APOSTROPHE, COMMA, DOLLAR]) t[c]! |= RUN_SPECIAL;
  return t;
}

export const ASCII_CLASS: Uint8Array = build();

/**
 * A sticky regex matching a run of the ASCII characters whose class has
 * every bit of `all` and none of `none`. One character class with a star:
 * it cannot backtrack, and V8 compiles it to a native loop that passes a
 * plain URI several times faster than a charCodeAt loop does.
 */
function runOf(all: number, none: number, after = ''): RegExp {
  let set = '';
  for (let c = 0; c < 128; c++) {
    const k = ASCII_CLASS[c]!;
    if ((k & all) === all && (k & none) === 0) set += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return new RegExp(`[${set}]*${after}`, 'y');
}

/** Characters a walk inside <…> or "…" passes without a look: query characters, "#" and "%" (none is an ENCLOSED_STOP). */
export const ENCLOSED_RUN = runOf(QUERY_ONLY, ENCLOSED_STOP);
/**
 * ENCLOSED_RUN characters, then ">": the rest of a plain "<http(s)://…>" in
 * one native match. (The run holds no ">", so a failed match gives its
 * characters back one at a time: linear.)
 */
export const ANGLE_RUN = runOf(QUERY_ONLY, ENCLOSED_STOP, '>');
/** Characters a bare URI's walk passes without a look: the same, less the brackets and apostrophe its end rules watch. */
export const BARE_RUN = runOf(QUERY_ONLY, STOP | RUN_SPECIAL);

/** True for characters that end a bare URI: whitespace, `<>"{}|\^\``, controls, Unicode spaces, quotes and brackets. */
export function isStop(c: number): boolean {
  if (c < 128) return (ASCII_CLASS[c]! & STOP) !== 0;
  return isUnicodeStop(c);
}

/** An ASCII capital letter. */
export function isUpper(c: number): boolean {
  return c >= UPPER_A && c <= UPPER_Z;
}

/** True when text[start, end) holds an ASCII capital letter. */
export function hasUpperCase(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isUpper(text.charCodeAt(i))) return true;
  return false;
}

/** True for ASCII whitespace. */
export function isSpace(c: number): boolean {
  return c < 128 && (ASCII_CLASS[c]! & WS) !== 0;
}

/** Unicode spaces (en quad to hair space), line separators and bidi marks (RFC 3987 §4.1: never in an IRI). */
export function isUnicodeBlank(c: number): boolean {
  switch (c) {
    case 0x85: case 0xa0: case 0x1680: case 0x2028: case 0x2029: case 0x202f: case 0x205f: case 0x3000:
    case 0x200e: case 0x200f: case 0x202a: case 0x202b: case 0x202c: case 0x202d: case 0x202e:
    case 0x2066: case 0x2067: case 0x2068: case 0x2069:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200a;
  }
}

/**
 * Invisible characters that only say where a line may break or may not:
 * zero-width space, word joiner, zero-width no-break space (U+FEFF inside
 * text) and soft hyphen. Pages and chat programs put them inside long URIs
 * ("http://pay\u200Bment.example/") so that they wrap; the URI a reader sees
 * is the one without them, so they are removed from a candidate (like the
 * whitespace in "<…>") and it comes out whole, `repaired`. (ZWJ and ZWNJ
 * are not among them: they join emoji and shape Persian and Indic words.)
 */
export function isInvisible(c: number): boolean {
  return c === 0x200b || c === 0x2060 || c === 0xfeff || c === SOFT_HYPHEN;
}

/**
 * Is text[i] half of a surrogate pair whose other half is missing? Such a
 * code unit is no character, so it is in no IRI and ends a candidate. A high
 * surrogate that ends the text so far may be paired by the next text: it is
 * lone only when the text is `final`.
 */
export function isLoneSurrogate(text: string, i: number, final: boolean): boolean {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdfff) return false;
  if (c <= 0xdbff) {
    if (i + 1 >= text.length) return final;
    const d = text.charCodeAt(i + 1);
    return d < 0xdc00 || d > 0xdfff;
  }
  const b = text.charCodeAt(i - 1); // NaN before the text: lone
  return !(b >= 0xd800 && b <= 0xdbff);
}

/**
 * U+2010 HYPHEN: what groff and other typesetters print at a line break they
 * make in a word (Appendix C's "hyphen at the end of a line"). No URI holds
 * it, so at a break it is dropped and the URI goes on; at a URI's end it is
 * trimmed.
 */
export const TYPESET_HYPHEN = 0x2010;
/** U+00AD: where a word may be hyphenated; invisible (isInvisible), so never part of a URI. */
export const SOFT_HYPHEN = 0xad;

/** U+200B, one of the invisible characters (isInvisible). */
export const ZERO_WIDTH_SPACE = 0x200b;

/** Does `c` open a candidate read as "<…>" (whitespace inside removed)? */
export function isAngleOpener(c: number): boolean {
  return c === LT || c === MATH_LANGLE;
}

/** The stops at and above U+0080. */
export function isUnicodeStop(c: number): boolean {
  if (isUnicodeBlank(c)) return true; // Unicode spaces, line separators, bidi marks
  switch (c) {
    case 0xab: case 0xbb: case 0x2018: case 0x2019: case 0x201a: case 0x201b:
    case 0x201c: case 0x201d: case 0x201e: case 0x201f: case 0x2039: case 0x203a:
      return true; // quotation marks
    case 0x3001: case 0x3002: case 0xff0c: case 0xff0e: case 0xff61: case 0xff64: case 0xff01: case 0xff1f: case 0xff1a: case 0xff1b:
      return true; // CJK, fullwidth and halfwidth punctuation (、。，．｡､！？：；)
    case 0x2014: case 0x2026:
      return true; // em dash and ellipsis: "see https://example.com/a—then", "…/a… or"
    case 0xfffd:
      return true; // the replacement character: an undecodable byte is never part of a URI
    default:
      if (c >= 0x80 && c < 0xa0) return true; // C1 controls
      if (c === 0xff1c || c === 0xff1e || c === 0xff02) return true; // fullwidth < > "
      return c >= 0xf3a && isBracket(c);
  }
}

/**
 * Brackets (Unicode's Ps and Pe above U+0080: every opening and closing
 * one): ⟨…⟩ as groff writes a man page's links, ❮❯ ⟦⟧ ⦅⦆ ⁅⁆ ﴾﴿, the CJK
 * and fullwidth ones, vertical and small forms. A bracket no reader takes
 * for part of a URI ends it.
 */
function isBracket(c: number): boolean {
  if (c < 0x2045) return c <= 0xf3d || c === 0x169b || c === 0x169c;
  if (c <= 0x2e5c) {
    return c === 0x2045 || c === 0x2046 || c === 0x207d || c === 0x207e || c === 0x208d || c === 0x208e
      || (c >= 0x2308 && c <= 0x230b) || c === 0x2329 || c === 0x232a || (c >= 0x2768 && c <= 0x2775)
      || c === 0x27c5 || c === 0x27c6 || (c >= 0x27e6 && c <= 0x27ef) || (c >= 0x2983 && c <= 0x2998)
      || (c >= 0x29d8 && c <= 0x29db) || c === 0x29fc || c === 0x29fd || (c >= 0x2e22 && c <= 0x2e29)
      || c === 0x2e42 || c >= 0x2e55;
  }
  if (c <= 0x301f) return c >= 0x3008 && c !== 0x3012 && c !== 0x3013 && c !== 0x301c; // 〈〉《》「」『』【】〔〕〖〗〘〙〚〛〝〞〟
  if (c < 0xfd3e) return false; // kana, CJK ideographs, Hangul
  return c === 0xfd3e || c === 0xfd3f || c === 0xfe17 || c === 0xfe18 || (c >= 0xfe35 && c <= 0xfe44) || c === 0xfe47
    || c === 0xfe48 || (c >= 0xfe59 && c <= 0xfe5e) || c === 0xff08 || c === 0xff09 || c === 0xff3b || c === 0xff3d
    || c === 0xff5b || c === 0xff5d || c === 0xff5f || c === 0xff60 || c === 0xff62 || c === 0xff63;
}
