// The text of a feed's URI-valued element or attribute, gathered as the
// tokenizer reports it (in pieces, character references decoded), with the
// file position of its first character that is no blank.

import type { Position } from '../positions.js';

/** XML's white space (S): space, tab, CR, LF. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Blanks a value may have around it beyond maxLength (a pretty-printer's indent) before it counts as too long. */
const SLACK = 4096;

export class Value {
  #text = '';
  /** A character of it was decoded from a reference. */
  #decoded = false;
  /** The value was longer than its limit: it is dropped (and counted by the caller). */
  tooLong = false;
  /** Where its first character that is no blank stands; line 0 while there is none. */
  readonly at: Position = { line: 0, column: 0, offset: 0 };
  readonly #limit: number;

  /** `maxLength`: the longest URI taken. */
  constructor(maxLength: number) {
    this.#limit = maxLength + SLACK;
  }

  /**
   * Add `s`, which starts at input index `start` (`reference`: it is one
   * character decoded from a reference there); `positions` looks up a file
   * position, once.
   */
  add(s: string, start: number, reference: boolean, positions: { position(i: number): Position }): void {
    if (this.tooLong) return;
    if (reference) this.#decoded = true;
    if (this.at.line === 0) {
      let k = 0;
      while (k < s.length && isBlank(s.charCodeAt(k))) k++;
      if (k < s.length) {
        const p = positions.position(reference ? start : start + k);
        this.at.line = p.line;
        this.at.column = p.column;
        this.at.offset = p.offset;
      }
    }
    if (this.#text.length + s.length > this.#limit) {
      this.tooLong = true;
      this.#text = '';
    } else this.#text += s;
  }

  /** Is the value (url) the characters the input has from \`at\` on, one for one: no reference decoded, no tab or line break removed? */
  get plain(): boolean {
    return !this.#decoded && this.url.length === this.#text.trim().length;
  }

  /** The value, blanks around it trimmed and tabs and line breaks inside it removed (as a URL parser does); '' when too long. */
  get url(): string {
    const t = this.#text;
    let a = 0;
    let b = t.length;
    while (a < b && isBlank(t.charCodeAt(a))) a++;
    while (b > a && isBlank(t.charCodeAt(b - 1))) b--;
    const url = t.slice(a, b);
    return url.indexOf('\n') === -1 && url.indexOf('\t') === -1 && url.indexOf('\r') === -1 ? url : url.replace(/[\t\n\r]/g, '');
  }
}

/** Is `s` all blanks? */
export function isAllBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isBlank(s.charCodeAt(i))) return false;
  return true;
}

/** Characters no URI reference holds (RFC 3986 §2; an IRI's non-ASCII ones are allowed), below 0x80: controls, space, "<>\\^`{|}. */
const NOT_IN_URI = new Uint8Array(0x80);
for (let c = 0; c <= 0x20; c++) NOT_IN_URI[c] = 1;
for (const c of '"<>\\^`{|}\x7f') NOT_IN_URI[c.charCodeAt(0)] = 1;

/** Could `s` be a URI reference (or an IRI's)? A value of an attribute the reader takes by its name alone ("Support us", "{url}") is left out when not. */
export function isUriReference(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && NOT_IN_URI[c] === 1) return false;
  }
  return true;
}
