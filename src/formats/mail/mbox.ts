// Lines → messages: an mbox (mboxo/mboxrd From_ separators, `>From ` unescaped) or one message (.eml).

import { FROM_STOPS, lastLineEmpty } from './bulk.js';
import type { Line, Run } from './lines.js';
import { GT, UPPER_F } from '../../uri/codes.js';
import { isFromLine } from './from-line.js';

/** Where the lines of each message go. */
export interface MessageHandler {
  /** A message starts (1-based number in the input). */
  begin(message: number): void;
  line(line: Line): void;
  /** Whole body lines at once, when it can take them (see Run). */
  bulk(run: Run): void;
  /** The message has ended. */
  finish(): void;
}

/** Longest line looked at as a From_ separator. */
const MAX_FROM = 1000;

/** Apple Mail's .emlx: a first line of digits (the message's length in bytes), the message, then an XML plist. */
const EMLX_LENGTH = /^\d{1,12}\s*$/;
/** A header field's start: the second line of an .emlx. */
const FIELD = /^[!-9;-~]+:/;

/** A line of blanks only (spaces, tabs, a CR). */
function isBlank(b: Buffer): boolean {
  for (const c of b) if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  return true;
}

/** mboxrd: `>From `, `>>From `, … lose one '>' (mboxo's `>From ` too). */
const QUOTED_FROM = /^>+From /;


export class MboxSplitter {
  readonly #handler: MessageHandler;
  /** Undecided until the first line: an mbox starts with a From_ line (anything else is one message). */
  #mbox: boolean | undefined;
  #message = 0;
  #afterBlank = true;
  /** Inside a long line handed on in pieces. */
  #inLine = false;
  /** .emlx: where the message would end, once its second line shows a header field; then where it ends. */
  #emlxEnd = -1;
  #end = Infinity;
  /** The .emlx's plist has begun: the rest is no mail. */
  #plist = false;
  constructor(handler: MessageHandler) {
    this.#handler = handler;
  }

  line(line: Line): void {
    if (line.offset >= this.#end && !this.#pastEmlx(line)) return; // an .emlx's plist
    const first = line.first;
    const wasInLine = this.#inLine;
    this.#inLine = !line.last;
    if (!first || wasInLine) {
      this.#pass(line);
      return;
    }
    const b = line.bytes;
    if (this.#mbox === undefined) {
      if (line.last && line.eol && isBlank(b)) return; // blank lines before the first message (an export's leading newline) are no part of it
      this.#mbox = line.last && b[0] === UPPER_F && this.#isSeparator(b);
      if (!this.#mbox) this.#begin();
      if (this.#emlxLength(line)) return;
    } else if (this.#emlxEnd !== -1) {
      if (FIELD.test(b.toString('latin1', 0, Math.min(b.length, 80)))) this.#end = this.#emlxEnd;
      this.#emlxEnd = -1;
    }
    if (this.#mbox && line.last && b[0] === UPPER_F && this.#isSeparator(b)) {
      this.#begin();
      this.#afterBlank = false;
      return;
    }
    if (this.#mbox && b[0] === GT && QUOTED_FROM.test(b.toString('latin1', 0, Math.min(b.length, 64)))) {
      line.bytes = b.subarray(1);
      line.withEol = line.withEol.subarray(1);
      line.start += 1;
    }
    this.#pass(line);
  }

  /**
   * The first line past an .emlx's length: its plist ("<?xml …"), dropped
   * with the rest; or else the length lied, so it is forgotten and the
   * message goes on (true: take the line).
   */
  #pastEmlx(line: Line): boolean {
    if (this.#plist) return false;
    if (line.first && line.bytes.toString('latin1', 0, 5) === '<?xml') {
      this.#plist = true;
      return false;
    }
    this.#end = Infinity;
    return true;
  }

  /**
   * A first line of digits starts an .emlx when a header field follows (see
   * line()): the line is no mail, and the message ends after that many bytes.
   */
  #emlxLength(line: Line): boolean {
    if (!line.last || line.bytes.length > 14 || !EMLX_LENGTH.test(line.bytes.toString('latin1'))) return false;
    this.#emlxEnd = line.offset + line.withEol.length + Number(line.bytes.toString('latin1').trim());
    return true;
  }

  /** Lines in bulk up to the next line that may be a From_ line or a `>From ` escape. */
  bulk(run: Run): void {
    if (this.#inLine || this.#message === 0 || this.#end !== Infinity || this.#emlxEnd !== -1) return;
    if (this.#mbox === true && !FROM_STOPS.narrow(run)) return;
    this.#handler.bulk(run);
    if (run.to > run.from) this.#afterBlank = lastLineEmpty(run.latin, run.from, run.to);
  }

  end(): void {
    if (this.#message > 0) this.#handler.finish();
  }

  #isSeparator(b: Buffer): boolean {
    if (b.length > MAX_FROM) return false;
    const text = b.toString('latin1');
    return isFromLine(text, this.#afterBlank || this.#message === 0);
  }

  #begin(): void {
    if (this.#message > 0) this.#handler.finish();
    this.#message++;
    this.#handler.begin(this.#message);
  }

  #pass(line: Line): void {
    if (line.last) this.#afterBlank = line.first && line.bytes.length === 0;
    if (this.#message > 0) this.#handler.line(line);
  }
}
