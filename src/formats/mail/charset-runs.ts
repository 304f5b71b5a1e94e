// The charset stage's runs of whole lines: which charsets decode a run as they decode its lines one by one, and the
// marks of a run's decoded text, moved from byte indexes to text indexes.

import { iconv } from '../../stream/iconv.js';
import { completeEnd, isUtf8Name, utf16Length } from '../../stream/utf8.js';
import type { Mark } from './line-charset.js';
import type { MarkList } from './mark-list.js';

/** Bytes 0–255, to probe a charset. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const ASCII_SINGLE_BYTE = new Map<string, boolean>();

/**
 * Does `name` (iconv-lite) decode line by line as it decodes a run of lines:
 * UTF-8, or a single-byte charset that keeps ASCII as it is and maps every
 * other byte to one non-ASCII character (ISO-8859-*, windows-125*, KOI8, …)?
 */
export function runsDecode(name: string): boolean {
  if (name === 'utf-8' || isUtf8Name(name)) return true;
  let ok = ASCII_SINGLE_BYTE.get(name);
  if (ok === undefined) {
    const s = iconv().decode(ALL_BYTES, name);
    ok = s.length === 256;
    for (let i = 0; i < 256 && ok; i++) ok = i < 0x80 ? s.charCodeAt(i) === i : s.charCodeAt(i) >= 0x80;
    if (ASCII_SINGLE_BYTE.size < 256) ASCII_SINGLE_BYTE.set(name, ok);
  }
  return ok;
}

/**
 * The marks of `text`, the decoding of `b` (see CharsetStage#runBytes):
 * `list` holds flat [byte index, line, column, offset] per mark; pushed to
 * `out` as flat [text index, line breaks before it, line, column, offset],
 * as mark() and write() in turn would give them, each index and count
 * from `at` and `atLines` on (where the text goes in the batch's). `same`:
 * a byte index is a text index (else `b` is valid UTF-8). `remark`
 * (base64): a mark again after each line break, of the mark before it
 * (`before`, ahead of the run's first). Returns the line breaks of the text.
 */
export function runMarks(text: string, b: Buffer, same: boolean, list: MarkList, remark: boolean, before: Mark | undefined, out: MarkList, at: number, atLines: number): number {
  const marks = list.a;
  const n = list.n;
  // The mark a line break's text comes after (for base64's mark again after it): one of `marks`, or `before` ahead of them.
  let m = -1;
  let lines = 0;
  let nl = text.indexOf('\n');
  let bi = 0;
  let ti = 0;
  for (let k = 0; k <= n; k += 4) {
    let t = k < n ? marks[k]! : Infinity;
    if (!same && k < n) {
      const e = completeEnd(b, t);
      t = ti + utf16Length(b, bi, e);
      bi = e;
      ti = t;
    }
    for (; nl !== -1 && nl < t; nl = text.indexOf('\n', nl + 1)) {
      lines++;
      if (!remark) continue;
      if (m !== -1) out.push5(at + nl + 1, atLines + lines, marks[m + 1]!, marks[m + 2]!, marks[m + 3]!); // as CharsetStage#text does
      else if (before !== undefined) out.push5(at + nl + 1, atLines + lines, before[0], before[1], before[2]);
    }
    if (k === n) break;
    out.push5(at + t, atLines + lines, marks[k + 1]!, marks[k + 2]!, marks[k + 3]!);
    m = k;
  }
  return lines;
}
