// Bytes → text with iconv-lite's incremental decoders. 'auto' picks the
// charset from a BOM (stripped; UTF-8, UTF-16, UTF-32), else UTF-8 when the first 64 KiB are valid
// UTF-8, else the charset an XML declaration at the start names, else
// windows-1252. Invalid bytes become U+FFFD; decoding never throws.

import { isUtf8 } from 'node:buffer';
import { iconv } from './iconv.js';
import { optionType, UrisiftOptionError } from '../delimit/errors.js';
import { LT } from '../uri/codes.js';
import { iconvDecoder } from './boundary.js';
import { Utf8Decoder, completeEnd, firstNonAscii, isUtf8Alias, isUtf8Name } from './utf8.js';
import { xmlEncodingLabel } from './xml-declaration.js';
import { whatwgLabel } from './labels.js';
import { Iso2022JpDecoder, iso2022jpName } from './iso2022.js';

/** Bytes 'auto' looks at before it settles on UTF-8. */
export const SNIFF_BYTES = 64 * 1024;

/** The first bytes 'auto' keeps while they may be an XML declaration (the HTML prescan's 1024). */
const PROLOG_BYTES = 1024;

interface IncrementalDecoder {
  write(bytes: Buffer): string;
  end(): string | undefined;
}

/**
 * The charset option's iconv-lite name: its own when iconv-lite knows it,
 * else the one the WHATWG labels table maps it to (x-cp1251, x-mac-cyrillic,
 * as a <meta> names them), 'iso-2022-jp' (which libmime decodes), 'utf-8'
 * for the names programs write for it (isUtf8Alias), or 'auto'. Throws RangeError (code
 * 'unknown-charset') for any other name.
 */
export function checkCharset(charset: unknown): string {
  if (charset === undefined) return 'auto';
  if (typeof charset !== 'string') throw optionType('charset must be a string');
  if (charset.toLowerCase() === 'auto') return 'auto';
  const label = charset.trim().toLowerCase();
  if (isUtf8Alias(label)) return 'utf-8';
  const jis = iso2022jpName(label);
  if (jis !== undefined) return jis;
  const name = iconv().encodingExists(charset) ? charset : whatwgLabel(label);
  if (name === undefined || !iconv().encodingExists(name)) throw new UrisiftOptionError('unknown-charset', `unknown charset: '${charset}'`);
  if (!isTextCharset(name)) throw new UrisiftOptionError('not-a-text-charset', `not a text charset: '${charset}'`);
  return name;
}

/**
 * The iconv-lite name for a charset label as a document writes it (a
 * <meta>, an XML declaration), by the WHATWG labels table first, or
 * undefined (a byte codec such as hex too: no text is read in one).
 */
export function charsetName(label: string): string | undefined {
  const name = label.trim().toLowerCase();
  if (name === '') return undefined;
  if (isUtf8Alias(name)) return 'utf-8';
  const mapped = whatwgLabel(name) ?? name;
  if (!isKnownTextCharset(mapped)) return undefined;
  return isAsciiCompatible(mapped) ? mapped : 'utf-8'; // bytes that spell a <meta> in ASCII are in no UTF-16, UTF-32 or UTF-7: UTF-8, as WHATWG reads a UTF-16 one
}

/** URI characters every charset of iconv-lite holds as they are (cp864 has its own percent sign, so no '%'). */
const SAMPLE = 'http://a.example/AZaz09?q=1&x#f';

/**
 * iconv-lite also knows byte codecs (base64, hex, binary-to-text) that read
 * text as other bytes: with one, nothing would ever be found.
 */
export function isTextCharset(charset: string): boolean {
  return iconv().decode(iconv().encode(SAMPLE, charset), charset) === SAMPLE;
}

/** ASCII the format rules of mode 'auto' read (src/formats/detect.ts), and "+" and "&", where UTF-7 shifts. */
const ASCII_SAMPLE = 'From: <!doctype html><?xml> [10/Oct/2000:13:55:36 -0700] "GET /?a=1+2&c#b HTTP/1.1"\r\n\t-';

/** Do ASCII bytes read as themselves in `charset` ('auto' too)? Not in UTF-16, UTF-32 or UTF-7. */
export function isAsciiCompatible(charset: string): boolean {
  if (charset === 'auto' || isUtf8Name(charset) || iso2022jpName(charset) !== undefined) return true;
  return iconv().decode(Buffer.from(ASCII_SAMPLE, 'latin1'), charset) === ASCII_SAMPLE;
}

/** Can `charset`, as a document or a part names it, be read as text: iconv-lite knows it, and it is no byte codec? */
export function isKnownTextCharset(charset: string): boolean {
  return iconv().encodingExists(charset) && isTextCharset(charset);
}

/** The charset a BOM announces, with the BOM's length, or undefined. */
function sniffBom(b: Buffer): [string, number] | undefined {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return ['utf-8', 3];
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return ['utf-32le', 4]; // before UTF-16LE's, which it starts with
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return ['utf-16le', 2];
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return ['utf-16be', 2];
  return undefined;
}

/** iconv-lite's incremental decoder, the UTF-8 fast path, or ISO-2022-JP's. */
function decoderFor(charset: string, midStream = false): IncrementalDecoder {
  if (isUtf8Name(charset)) return new Utf8Decoder(midStream);
  return iso2022jpName(charset) !== undefined ? new Iso2022JpDecoder() : iconvDecoder(charset);
}

const BOMS = [[0xef, 0xbb, 0xbf], [0xff, 0xfe, 0, 0], [0xff, 0xfe], [0xfe, 0xff]];

/** UTF-32BE's BOM: it starts with ASCII, so Decoder#write holds it apart. */
const UTF32BE_BOM = [0, 0, 0xfe, 0xff];

/** True when the first n bytes could still grow into a BOM. */
function mayBeBom(b: Uint8Array, n: number): boolean {
  return n < 4 && BOMS.some((bom) => n < bom.length && b.subarray(0, n).every((x, i) => x === bom[i]));
}

/**
 * How many bytes past the 64 KiB mark (`capacity`) the held bytes need, to
 * end with a whole UTF-8 sequence: held[0, n), then b, reach the mark; 0
 * when no sequence is cut there.
 */
function cutBy(held: Buffer, b: Buffer, n: number, capacity: number): number {
  const at = (i: number): number => (i < n ? held[i]! : b[i - n]!); // the bytes up to the mark, held or not yet copied
  let k = capacity - 1;
  while (k >= 0 && capacity - k < 4 && (at(k) & 0xc0) === 0x80) k--;
  if (k < 0) return 0;
  const lead = at(k);
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return Math.max(0, need - (capacity - k));
}

/**
 * An incremental bytes → text decoder for one charset, or 'auto'. While
 * 'auto' is still looking, ASCII passes straight through (it reads the same
 * in UTF-8 and windows-1252), so a pipe of ASCII text is never held back;
 * bytes are held only from the first non-ASCII byte to the 64 KiB mark.
 */
export class Decoder {
  #decoder: IncrementalDecoder | undefined;
  /** The charset the bytes are read in, once decided. */
  #charset: string | undefined;
  /** 'auto' only: ASCII bytes passed through before anything was held. */
  #ascii = 0;
  /** 'auto' only: bytes from the first non-ASCII one, held until the charset is settled. */
  #held: Buffer | undefined;
  #heldBytes = 0;
  /** 'auto' only: held[0, checked) is known to be valid UTF-8. */
  #checked = 0;
  /** 'auto' only: the first bytes, while they may be UTF-32BE's BOM (NULs, ASCII, which would otherwise pass through). */
  #lead: Buffer | undefined;
  /** 'auto' only: the ASCII the input starts with, when it starts with '<' (an XML declaration's encoding is the fallback's). */
  #prolog: string | undefined;

  constructor(charset: string = 'auto') {
    const name = checkCharset(charset);
    if (name !== 'auto') {
      this.#decoder = decoderFor(name);
      this.#charset = name;
    }
  }

  /** The charset the bytes are read in ('utf-8', 'windows-1252', …); undefined while 'auto' is still looking. */
  get charset(): string | undefined {
    return this.#charset;
  }

  /** False while 'auto' is still looking at the first bytes. */
  get decided(): boolean {
    return this.#decoder !== undefined;
  }

  write(bytes: Uint8Array): string {
    const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.#decoder !== undefined) return this.#decoder.write(b);
    if (this.#lead === undefined && (b[0] !== 0 || this.#ascii > 0 || this.#heldBytes > 0)) return this.#sniff(b);
    const lead = this.#lead === undefined ? b : Buffer.concat([this.#lead, b]);
    this.#lead = undefined;
    if (lead.length < 4 && lead.every((x, i) => x === UTF32BE_BOM[i])) {
      this.#lead = Buffer.from(lead); // a copy: the caller may reuse its buffer
      return '';
    }
    return UTF32BE_BOM.every((x, i) => lead[i] === x) ? this.#decide('utf-32be', lead) : this.#sniff(lead);
  }

  /** 'auto', still looking: ASCII passes through until a non-ASCII byte, which starts the bytes held. */
  #sniff(bytes: Buffer): string {
    let b = bytes;
    let ascii = '';
    if (this.#heldBytes === 0) {
      const n = firstNonAscii(b, 0, b.length);
      const all = n === b.length;
      ascii = b.toString('latin1', 0, n);
      this.#keepProlog(ascii);
      this.#ascii += n;
      b = b.subarray(n);
      if (this.#ascii >= SNIFF_BYTES) return ascii + this.#decide('utf-8', b);
      if (all) return ascii;
    }
    return ascii + this.#hold(b);
  }

  /** Keep the first PROLOG_BYTES of ASCII when the input starts with '<': it may be an XML declaration. */
  #keepProlog(ascii: string): void {
    if (this.#ascii === 0 ? ascii.charCodeAt(0) !== LT : this.#prolog === undefined || this.#prolog.length >= PROLOG_BYTES) return;
    this.#prolog = ((this.#prolog ?? '') + ascii.slice(0, PROLOG_BYTES)).slice(0, PROLOG_BYTES);
  }

  /** For bytes that are no UTF-8: the charset an XML declaration at the start names (XML 1.0 §4.3.3), read as the HTML prescan reads it, else windows-1252. */
  #legacyCharset(): string {
    const label = this.#prolog === undefined ? undefined : xmlEncodingLabel(Buffer.from(this.#prolog, 'latin1'));
    const name = label === undefined ? undefined : charsetName(label);
    return name !== undefined && !isUtf8Name(name) ? name : 'windows-1252';
  }

  /** Hold b (which follows a non-ASCII byte) until the first 64 KiB settle the charset. */
  #hold(b: Buffer): string {
    const capacity = SNIFF_BYTES - this.#ascii;
    const held = (this.#held ??= Buffer.allocUnsafe(capacity + 3)); // 3 more: the rest of a sequence cut by the mark
    const reachesMark = this.#heldBytes + b.length >= capacity;
    const limit = capacity + (reachesMark ? cutBy(held, b, this.#heldBytes, capacity) : 0); // the mark, or past it to a sequence's end
    const take = Math.max(0, Math.min(b.length, limit - this.#heldBytes));
    b.copy(held, this.#heldBytes, 0, take);
    this.#heldBytes += take;
    const rest = b.subarray(take);
    const n = this.#heldBytes;
    const atStart = this.#ascii === 0;
    if (atStart && mayBeBom(held, n) && rest.length === 0) return '';
    const bom = atStart ? sniffBom(held.subarray(0, n)) : undefined;
    if (bom !== undefined) return this.#decide(bom[0], rest);
    const full = n >= capacity;
    // A sequence cut by the end of what we have (or by the 64 KiB mark) is
    // not invalid: it is checked, and decoded, with the bytes that follow.
    const end = completeEnd(held, n);
    if (!isUtf8(held.subarray(this.#checked, end))) return this.#decide(this.#legacyCharset(), rest);
    this.#checked = end;
    if (!full || end < n) return ''; // a sequence cut by the mark waits for its rest (windows-1252's "é" as the last byte has none)
    return this.#decide('utf-8', rest);
  }

  /** Bytes decoded; a string taken as text, after what bytes held for 'auto' give (a reader given strings after bytes). */
  take(chunk: Uint8Array | string): string {
    return typeof chunk === 'string' ? (this.decided ? '' : this.flush()) + chunk : this.write(chunk);
  }

  /** Settle 'auto' now (as at the end of input) and return the text held so far. */
  flush(): string {
    if (this.#decoder !== undefined) return '';
    const lead = this.#lead === undefined ? '' : this.#sniff(this.#lead); // the start of a UTF-32BE BOM, cut short
    this.#lead = undefined;
    if (this.#decoder !== undefined) return lead;
    const valid = this.#held === undefined || isUtf8(this.#held.subarray(this.#checked, this.#heldBytes));
    return lead + this.#decide(valid ? 'utf-8' : this.#legacyCharset(), Buffer.alloc(0));
  }

  end(): string {
    const text = this.flush();
    return text + (this.#decoder!.end() ?? '');
  }

  #decide(charset: string, rest: Buffer): string {
    const decoder = decoderFor(charset, this.#ascii > 0); // after ASCII passed through, U+FEFF is a character
    this.#decoder = decoder;
    this.#charset = charset;
    const held = this.#held === undefined ? '' : decoder.write(this.#held.subarray(0, this.#heldBytes));
    this.#held = undefined;
    return rest.length === 0 ? held : held + decoder.write(rest);
  }
}
