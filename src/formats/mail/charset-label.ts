// A part's charset label → how its bytes are decoded: iconv-lite, libmime (ISO-2022-JP and kin), 'auto' (us-ascii), or unknown (a byte codec such as hex too).

import { isKnownTextCharset } from '../../stream/decode.js';
import { whatwgLabel } from '../../stream/labels.js';
import { isUtf8Alias } from '../../stream/utf8.js';
import { libmime } from './libmime.js';

/** How a charset label is decoded. */
export type CharsetChoice = { kind: 'iconv' | 'libmime'; name: string } | { kind: 'ascii' } | { kind: 'unknown' };

/** UTF-8 and its aliases (and the names programs write for it: isUtf8Alias). */
const UTF8 = /^(?:utf-?8|unicode-1-1-utf-8)$/;
/**
 * us-ascii and its aliases: any 8-bit byte breaks the label, so the bytes
 * are read as 'auto' reads them (UTF-8 if valid, the usual mislabelling,
 * else windows-1252), not as U+FFFD.
 */
const ASCII = /^(?:(?:us-?)?ascii|ansi_x3\.4-19(?:68|86)|iso646-us|7bit|8bit)$/;
/** Charsets libmime decodes and iconv-lite does not (encoding-japanese). */
const LIBMIME_ONLY = /^jis|^iso-?2022-?jp|^eucjp/i;

/** Labels already resolved (bounded): a part's label is resolved per part, and mail repeats a few. */
const RESOLVED = new Map<string, CharsetChoice>();

/** How a charset label is decoded (the result is shared: read only). */
export function resolveCharset(label: string): CharsetChoice {
  let choice = RESOLVED.get(label);
  if (choice === undefined) {
    choice = resolve(label);
    if (RESOLVED.size >= 256) RESOLVED.clear();
    if (label.length <= 64) RESOLVED.set(label, choice);
  }
  return choice;
}

function resolve(label: string): CharsetChoice {
  const name = label.trim().replace(/^["']|["']$/g, '').toLowerCase();
  if (name === '') return { kind: 'unknown' };
  if (UTF8.test(name) || isUtf8Alias(name)) return { kind: 'iconv', name: 'utf-8' };
  if (ASCII.test(name)) return { kind: 'ascii' };
  if (isKnownTextCharset(name)) return { kind: 'iconv', name };
  const normal = libmime().normalizeCharset(name); // a label iconv-lite does not know: libmime is loaded for it
  if (LIBMIME_ONLY.test(normal) || LIBMIME_ONLY.test(name)) return { kind: 'libmime', name: normal };
  if (isKnownTextCharset(normal)) return { kind: 'iconv', name: normal };
  const whatwg = whatwgLabel(name); // x-user-defined, as a mail client that reads WHATWG's labels does
  return whatwg !== undefined && isKnownTextCharset(whatwg) ? { kind: 'iconv', name: whatwg } : { kind: 'unknown' };
}
