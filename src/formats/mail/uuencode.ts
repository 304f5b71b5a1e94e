// Uuencoded data inside a text body, as old mail and Usenet embed a file
// ("begin 644 name", lines of characters 0x20-0x60, "end"): its lines are
// skipped, since they are no text, and their characters spell URI-like
// noise that no rule tells from a link ("MH7E://ED4=", "YJ://M!@&WQQZ").

import { LF } from '../../uri/codes.js';
import { Stops, type StopFinder } from './bulk.js';

const B = 0x62; // 'b'
const BEGIN = Buffer.from('begin ');

/** "begin ", a mode of three or four octal digits, a blank and a name: the line uuencoded data follows. */
function isBegin(b: Uint8Array): boolean {
  if (b[0] !== B || b.length < 11 || Buffer.compare(b.subarray(0, 6), BEGIN) !== 0) return false;
  let i = 6;
  while (i < b.length && b[i]! >= 0x30 && b[i]! <= 0x37) i++; // octal digits
  return (i === 9 || i === 10) && b[i] === 0x20 && i + 1 < b.length;
}

/**
 * A line of uuencoded data: characters 0x20-0x60 only, the first saying how
 * many bytes the line holds, and four characters for each three of them
 * (up to three trailing blanks lost on the way, up to two added by some
 * encoders).
 */
function isDataLine(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  for (let i = 0; i < b.length; i++) if (b[i]! < 0x20 || b[i]! > 0x60) return false;
  const chars = Math.ceil(((b[0]! - 0x20) & 0x3f) / 3) * 4;
  return b.length - 1 <= chars + 2 && b.length - 1 >= chars - 3;
}

/** Whether the lines of a text body are uuencoded data, line by line. */
export class UuSkip {
  #inside = false;

  /** After a "begin" line, while each line is one of data: the lines go through line(), not in runs. */
  get inside(): boolean {
    return this.#inside;
  }

  /** Is the whole line `b` (without its line break) uuencoded data, to be skipped? The "begin" and "end" lines are text. */
  skips(b: Uint8Array): boolean {
    if (!this.#inside) {
      this.#inside = b[0] === B && isBegin(b);
      return false;
    }
    this.#inside = isDataLine(b);
    return this.#inside;
  }
}

/**
 * A line that starts with "begin " (uuencoded data may follow: the line path
 * decides). `from` is a line's start. The search is for "begin " and then
 * its line start: V8 finds a six-character pattern with a first-character
 * scan, and "\nbegin " with a slower skip table, as its first character
 * starts every line.
 */
const beginLine: StopFinder = (latin, from, limit) => {
  for (let p = latin.indexOf('begin ', from); p !== -1 && p < limit; p = latin.indexOf('begin ', p + 1)) {
    if (p === from || latin.charCodeAt(p - 1) === LF) return p;
  }
  return limit;
};

/** Runs stop before a "begin " line (its cache at run.stops[8, 9]: after nonAsciiAt's). */
export const BEGIN_STOPS = new Stops(beginLine, 4);
