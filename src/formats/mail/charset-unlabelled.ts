// The charset of a part that names none, decided on its first bytes: an HTML part's `<meta charset>`, else the charset
// option's `auto` (a byte-order mark, else UTF-8 if the bytes are valid UTF-8, else windows-1252).

import { isUtf8 } from 'node:buffer';
import { SNIFF_BYTES } from '../../stream/decode.js';
import { completeEnd } from '../../stream/utf8.js';

/** An HTML charset sniffer over the first bytes (`<meta charset>`). */
export type Sniffer = (head: Uint8Array) => string | undefined;

/** Bytes an HTML part is held for its `<meta charset>`. */
export const SNIFF_HTML = 1024;

const BOMS: Array<[string, number[]]> = [['utf-8', [0xef, 0xbb, 0xbf]], ['utf-16le', [0xff, 0xfe]], ['utf-16be', [0xfe, 0xff]]];

/**
 * The charset of a part read so far: `passed` ASCII bytes, then `all`.
 * Only its first SNIFF_BYTES decide, however its bytes were chunked; a
 * character they cut counts when `final` (the part ended there).
 */
export function autoCharset(all: Buffer, passed: number, final: boolean): string {
  const held = all.subarray(0, Math.max(0, SNIFF_BYTES - passed));
  const bom = passed === 0 ? BOMS.find(([, bytes]) => bytes.every((x, i) => held[i] === x)) : undefined;
  const end = final && held.length === all.length ? held.length : completeEnd(held, held.length);
  return bom?.[0] ?? (isUtf8(held.subarray(0, end)) ? 'utf-8' : 'windows-1252');
}
