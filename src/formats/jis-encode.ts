// Text percent-encoded as its bytes in ISO-2022-JP, by the WHATWG Encoding
// Standard's ISO-2022-JP encoder (§12.2.2): what a browser sends for the
// query of a link in an ISO-2022-JP page. iconv-lite has no encoder for it;
// its JIS X 0208 table is the inverse of the decoder the page is read with
// (libmime's, see stream/iso2022.ts), built on first use.

import { decodeJis } from '../stream/iso2022.js';

const ASCII = 0;
const ROMAN = 1;
const JIS0208 = 2;

/** The escape sequence into each state, as a query writes it: ESC ( B, ESC ( J, ESC $ B. */
const INTO = ['%1B(B', '%1B(J', '%1B$B'];

/**
 * The bytes 0x21–0x7E a browser leaves as they are in a special URL's query
 * (WHATWG URL's special-query percent-encode set) that RFC 3986 allows
 * there too: the others (`"#'<>%[\]^\`{|}`) are percent-encoded, so the
 * URI holds the bytes a browser sends and is one.
 */
const PLAIN = new Uint8Array(0x80);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@/?') PLAIN[c.charCodeAt(0)] = 1;

/** The WHATWG "index ISO-2022-JP katakana": U+FF61 to U+FF9F, the half-width katakana, as the full-width ones. */
const KATAKANA = '。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜';

/** Code unit → 1 + its first JIS X 0208 pointer (row × 94 + cell), 0 for none. */
let pointers: Uint16Array | undefined;

function jis0208(): Uint16Array {
  if (pointers !== undefined) return pointers;
  const n = 94 * 94;
  const bytes = Buffer.alloc(6 + 2 * n);
  bytes.write('\x1b$B', 0, 'latin1');
  for (let p = 0; p < n; p++) {
    bytes[3 + 2 * p] = 0x21 + Math.floor(p / 94);
    bytes[4 + 2 * p] = 0x21 + (p % 94);
  }
  bytes.write('\x1b(B', 3 + 2 * n, 'latin1');
  const text = decodeJis(bytes);
  const table = new Uint16Array(0x10000);
  // One character a pointer (the index is all in the BMP); an unmapped one decodes to "?" or U+FFFD, which no pointer stands for.
  if (text.length === n) {
    for (let p = 0; p < n; p++) {
      const c = text.charCodeAt(p);
      if (c !== 0x3f && c !== 0xfffd && table[c] === 0) table[c] = p + 1;
    }
  }
  return (pointers = table);
}

/** A byte of the encoding, as the query holds it. */
function byteOf(byte: number): string {
  return PLAIN[byte] === 1 ? String.fromCharCode(byte) : `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;
}

/**
 * `value` with its characters that ISO-2022-JP writes in other than ASCII
 * (and the escape sequences around them) written as those bytes, each one
 * RFC 3986 or a browser would not leave in a query percent-encoded
 * (`漢字` is `%1B$B4A;z%1B(B`, as a browser sends it); its ASCII in the
 * ASCII state stays as it is. A character the encoding
 * cannot hold becomes "&#N;", percent-encoded, as the URL parser writes an
 * encoder error (and U+000E, U+000F, U+001B, which would shift the state,
 * "&#65533;").
 */
export function percentEncodeJis(value: string): string {
  const table = jis0208();
  let out = '';
  let state = ASCII;
  for (const ch of value) {
    let cp = ch.codePointAt(0)!;
    if (state !== JIS0208 && (cp === 0x0e || cp === 0x0f || cp === 0x1b)) {
      out += '%26%2365533%3B';
      continue;
    }
    if (state === ASCII && cp < 0x80) {
      out += ch;
      continue;
    }
    if (state === ROMAN && ((cp < 0x80 && cp !== 0x5c && cp !== 0x7e) || cp === 0xa5 || cp === 0x203e)) {
      out += cp < 0x80 ? ch : cp === 0xa5 ? '%5C' : '~';
      continue;
    }
    if (cp < 0x80 || cp === 0xa5 || cp === 0x203e) {
      state = cp < 0x80 ? ASCII : ROMAN;
      out += INTO[state]!;
      if (state === ROMAN || !(cp === 0x0e || cp === 0x0f || cp === 0x1b)) out += cp === 0xa5 ? '%5C' : cp === 0x203e ? '~' : ch;
      else out += '%26%2365533%3B';
      continue;
    }
    if (cp === 0x2212) cp = 0xff0d;
    else if (cp >= 0xff61 && cp <= 0xff9f) cp = KATAKANA.charCodeAt(cp - 0xff61);
    const pointer = cp < 0x10000 ? table[cp]! - 1 : -1;
    if (pointer < 0) {
      if (state === JIS0208) out += INTO[(state = ASCII)]!;
      out += `%26%23${ch.codePointAt(0)!}%3B`;
      continue;
    }
    if (state !== JIS0208) out += INTO[(state = JIS0208)]!;
    out += byteOf(0x21 + Math.floor(pointer / 94)) + byteOf(0x21 + (pointer % 94));
  }
  return state === ASCII ? out : out + INTO[ASCII]!;
}
