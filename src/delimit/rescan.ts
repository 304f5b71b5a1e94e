// When the Scanner scans a held candidate again.
//
// A candidate that runs into the end of the text so far ("<http://a/xxx…"
// with no ">" yet) is held, and scanned again from its start when more text
// comes: the answer cannot be known before. Scanning it again on every
// piece of new text made a long candidate quadratic (8 MiB in "<…>" with a
// large maxLength: 16 s). So a held candidate longer than FREE is scanned
// again only when new text holds a character that may settle it (a closer,
// a blank, a bracket, …) and the rescans so far cost less than twice the
// held text, or when the held text has doubled. Either way the work is a
// constant times the held text. The output does not change: scanning later,
// on more text, gives what scanning every piece would have (the scanner's
// promise that chunking never changes the output); only the time a URI is
// emitted can move, and only for candidates longer than FREE.

import { ASCII_CLASS, QUERY_ONLY, RUN_SPECIAL } from './chars.js';

/**
 * Held text up to this length is scanned again on every write, as before:
 * cheap (at most FREE per piece of new text), and a URI comes out as soon
 * as its closer does.
 */
export const FREE = 65536;

/** Characters the scanner has (re)scanned, and copied to join held text and new text, for tests that count work instead of timing it. */
export const scanWork = { chars: 0, joined: 0 };

export class RescanPolicy {
  /** Absolute offset where the held candidate starts; -1 when none is held. */
  #start = -1;
  /** Its length at its last scan. */
  #scannedLength = 0;
  /** Characters spent scanning it again. */
  #spent = 0;
  /** A settling character came since the last scan. */
  #settling = false;

  /**
   * `piece` was just added to the held text, which is now `held` long:
   * should its scan wait for more text? Only ever true for a held candidate
   * longer than FREE and no longer than maxLength (past it the scan gives
   * the candidate up). Only the new piece is looked at: the held text is a
   * rope, and reading it would flatten it, at the cost of a scan.
   */
  wait(piece: string, held: number, maxLength: number): boolean {
    if (this.#start === -1 || held <= FREE || held > maxLength || held >= 2 * this.#scannedLength) return false;
    if (!this.#settling) this.#settling = hasSettling(piece);
    return !(this.#settling && this.#spent <= 2 * held);
  }

  /** A scan of buf[from…] ended at `pos`: a candidate is held from there when pos < buf.length. */
  scanned(buf: string, bufStart: number, from: number, pos: number): void {
    scanWork.chars += buf.length - from;
    this.#settling = false;
    if (pos >= buf.length) {
      this.#start = -1;
      return;
    }
    const held = buf.length - pos;
    if (this.#start !== bufStart + pos) {
      this.#start = bufStart + pos;
      this.#spent = 0;
    } else {
      this.#spent += held;
    }
    this.#scannedLength = held;
  }
}

/**
 * Is there a character in `piece` that may end or settle a held
 * candidate: anything but letters, digits and the URI characters that no
 * scan rule looks at (a blank, a closer, a bracket, a comma, non-ASCII, …)?
 */
function hasSettling(piece: string): boolean {
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c >= 128) return true;
    const k = ASCII_CLASS[c]!;
    if ((k & QUERY_ONLY) === 0 || (k & RUN_SPECIAL) !== 0) return true; // every stop is outside QUERY_ONLY
  }
  return false;
}
