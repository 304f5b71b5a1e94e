// The UTF-8 fast path of the Decoder. iconv-lite decodes every other
// charset. For UTF-8, a chunk of pure ASCII (checked with SIMD by isAscii)
// needs no decoding at all, and valid UTF-8 (checked with SIMD by isUtf8) is
// transcoded by the platform; only invalid bytes, and a sequence cut by a
// chunk's end, go through a streaming TextDecoder, which turns each
// ill-formed sequence into U+FFFD as the WHATWG Encoding Standard says.
// isUtf8 + transcode is the fastest way the platform has to turn valid UTF-8
// into a string, faster than a TextDecoder or Buffer#toString on text that
// holds non-ASCII in every chunk (bench/tools/costs.ts --part text times
// each decoder on each corpus).

import { isAscii, isUtf8, transcode } from 'node:buffer';
import { iconv } from './iconv.js';

/** Where the trailing, unfinished UTF-8 sequence of b[0, end) starts (end if there is none). */
export function completeEnd(b: Uint8Array, end: number): number {
  let k = end - 1;
  while (k >= 0 && end - k < 4 && (b[k]! & 0xc0) === 0x80) k--; // back over continuation bytes
  if (k < 0) return end;
  const lead = b[k]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return end - k < need ? k : end;
}

/** UTF-16 code units of the valid UTF-8 in b[from, to). */
export function utf16Length(b: Uint8Array, from: number, to: number): number {
  if (to - from >= 32 && isAscii(b.subarray(from, to))) return to - from;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = b[i]!;
    if ((c & 0xc0) !== 0x80) n += c >= 0xf0 ? 2 : 1;
  }
  return n;
}

/**
 * Index of the first byte ≥ 0x80 in chunk[from, to), or to: spans of
 * doubling length checked with isAscii (SIMD), then halved, then the last
 * few bytes one by one (time in proportion to the distance found).
 */
export function firstNonAscii(chunk: Buffer, from: number, to: number): number {
  let lo = from;
  let hi = lo;
  for (let step = 256; ; step *= 2) {
    hi = Math.min(to, lo + step);
    if (!isAscii(chunk.subarray(lo, hi))) break;
    if (hi === to) return to;
    lo = hi;
  }
  while (hi - lo > 64) { // chunk[lo, hi) holds one
    const mid = (lo + hi) >>> 1;
    if (isAscii(chunk.subarray(lo, mid))) lo = mid;
    else hi = mid;
  }
  while (chunk[lo]! < 0x80) lo++;
  return lo;
}

/** An incremental UTF-8 decoder with iconv-lite's shape: write(bytes) → text, end() → text. */
export class Utf8Decoder {
  // ignoreBOM keeps U+FEFF in the text: TextDecoder would strip one from the
  // first bytes *it* sees, which need not be the stream's first bytes here.
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** The TextDecoder may hold the start of a sequence: the next bytes must go through it. */
  #pending = false;
  #started: boolean;

  /** `midStream`: the text starts after other text, so a U+FEFF at its start is no BOM. */
  constructor(midStream = false) {
    this.#started = midStream;
  }

  write(bytes: Buffer): string {
    return this.#strip(this.#pending ? this.#streamed(bytes) : this.#fresh(bytes));
  }

  /**
   * Nothing held from the last chunk: ASCII is copied as it is, and valid
   * UTF-8 up to an unfinished last sequence is transcoded (the same text the
   * TextDecoder would give: it is context-free at a sequence's end). The
   * unfinished sequence, or bytes that are not UTF-8, go to the TextDecoder.
   */
  #fresh(bytes: Buffer): string {
    if (isAscii(bytes)) return bytes.toString('latin1');
    const end = completeEnd(bytes, bytes.length);
    const body = bytes.subarray(0, end);
    if (end === 0 || !isUtf8(body)) return this.#streamed(bytes);
    const text = transcode(body, 'utf8', 'utf16le').toString('utf16le');
    return end === bytes.length ? text : text + this.#streamed(bytes.subarray(end));
  }

  /** Through the streaming TextDecoder, which may hold the start of a sequence for the next bytes. */
  #streamed(bytes: Buffer): string {
    const text = this.#decoder.decode(bytes, { stream: true });
    // After a non-ASCII last byte the TextDecoder may hold bytes (also when
    // this chunk was only continuation bytes of a sequence begun before),
    // so the next chunk goes through it too; after an ASCII byte it holds none.
    this.#pending = bytes.length > 0 && bytes[bytes.length - 1]! >= 0x80;
    return text;
  }

  end(): string {
    return this.#strip(this.#decoder.decode());
  }

  /** A BOM is stripped from the start of the stream only (as iconv-lite does). */
  #strip(text: string): string {
    if (this.#started || text.length === 0) return text;
    this.#started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

/**
 * UTF-8 whose bytes that start no valid sequence are read as windows-1252:
 * for text labelled US-ASCII, which any 8-bit byte breaks (mislabelled
 * UTF-8, or Latin-1 from an older mailer). Valid UTF-8 decodes as UTF-8; a
 * sequence cut by a chunk's end is held for the next chunk, so any chunking
 * gives the same text.
 */
export class Utf8OrCp1252Decoder {
  #held: Buffer | undefined;

  write(bytes: Buffer): string {
    const b = this.#held === undefined ? bytes : Buffer.concat([this.#held, bytes]);
    const end = completeEnd(b, b.length);
    this.#held = end < b.length ? Buffer.from(b.subarray(end)) : undefined;
    return utf8OrCp1252(b.subarray(0, end));
  }

  end(): string | undefined {
    const held = this.#held;
    this.#held = undefined;
    return held === undefined ? undefined : utf8OrCp1252(held);
  }
}

/** windows-1252's characters for bytes 0x80–0xFF (made on first use). */
let cp1252High: string | undefined;

/** `b` as UTF-8, each byte that starts no valid sequence as its windows-1252 character. */
function utf8OrCp1252(b: Buffer): string {
  if (isAscii(b)) return b.toString('latin1');
  if (isUtf8(b)) return b.toString('utf8');
  const high = (cp1252High ??= iconv().decode(Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i)), 'windows-1252'));
  let out = '';
  let from = 0; // where the valid stretch before i starts
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    const n = c < 0x80 ? 1 : c < 0xc2 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf5 ? 4 : 0;
    if (n === 1 || (n > 1 && i + n <= b.length && isUtf8(b.subarray(i, i + n)))) {
      i += n;
      continue;
    }
    out += b.toString('utf8', from, i) + high[c - 0x80]!;
    from = ++i;
  }
  return out + b.toString('utf8', from, b.length);
}

/**
 * Names programs write for UTF-8 that iconv-lite does not know: Python's
 * utf-8-sig (a BOM first, which the UTF-8 decoder drops), and MySQL's
 * utf8mb4 and utf8mb3, which PHP applications put in the mail and pages
 * they write. `label` is lower-case.
 */
export function isUtf8Alias(label: string): boolean {
  return /^(?:utf[-_]?8[-_]sig|utf8mb[34])$/.test(label);
}

/** True when `charset` names UTF-8 (any case and punctuation: utf8, UTF-8, utf_8). */
export function isUtf8Name(charset: string): boolean {
  return charset.toLowerCase().replace(/[^a-z0-9]/g, '') === 'utf8';
}
