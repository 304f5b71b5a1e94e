// Decoded text reshaped line by line with its marks: RFC 5545 (iCalendar, vCard) unfolding and TEXT escapes.

import { BACKSLASH, COLON, COMMA, LOWER_N, SEMICOLON, SLASH, SPACE, TAB, UPPER_N } from '../../uri/codes.js';
import { ContentLineHead } from './content-line.js';
import { emitSlice, LineSink, type TextLine } from './text-line.js';

/**
 * RFC 5545 §3.1 (and vCard, RFC 6350 §3.2): a line break followed by one
 * space or tab is removed with it. Then the escapes of TEXT values
 * (§3.3.11): backslash-n and backslash-N are line breaks; a backslash
 * before "," ";" or a backslash is that character. An invitation's
 * DESCRIPTION "Join Zoom Meeting" backslash-n "https://…" holds
 * a URI at the start of a line, not "nhttps:". The ':' between a
 * property's name and parameters and its value is written as a blank.
 */
export class UnfoldSink extends LineSink {
  #pendingBreak = false;
  /** A backslash ended the text so far (a fold or a piece may cut an escape): what follows it decides. */
  #escape = false;
  readonly #head = new ContentLineHead();
  /** The ':' that ends a head was the last character so far: the next one decides how it is written. */
  #colon = false;

  protected line(l: TextLine): void {
    let from = 0;
    if (l.first && this.#pendingBreak) {
      const c = l.text.charCodeAt(0);
      if (c === SPACE || c === TAB) from = 1;
      else this.#lineBreak();
      this.#pendingBreak = false;
    }
    if (this.#colon) this.#valueColon(l.text, from);
    if (!this.#head.done) from = this.#headPart(l, from);
    this.#unescape(l, from);
    if (l.last && l.eol) this.#pendingBreak = true;
  }

  /** A content line's head in l.text[from…] (it has no escapes), written up to its ':'; where the rest of the text starts. */
  #headPart(l: TextLine, from: number): number {
    const colon = this.#head.separator(l.text, from);
    if (colon === -1) return from;
    emitSlice(this.out, l, from, colon, true);
    this.#colon = true;
    this.#valueColon(l.text, colon + 1);
    return colon + 1;
  }

  /**
   * RFC 5545 §3.1: the ':' before a value, written as a blank, so a value
   * that is a URI (`ORGANIZER;CN=Al:mailto:al@example.com`, an ATTENDEE,
   * a vCard TEL or IMPP) starts a token. Before "/" it stays (a line
   * `https://…` is no property). The character after it decides, and a
   * fold may put it off to the next line.
   */
  #valueColon(text: string, at: number): void {
    if (at >= text.length) return;
    this.#colon = false;
    this.out.write(text.charCodeAt(at) === SLASH ? ':' : ' ');
  }

  /** l.text[from…] with its escapes decoded, each run between them marked where it stands. */
  #unescape(l: TextLine, from: number): void {
    const text = l.text;
    if (this.#escape && from < text.length) {
      this.#escape = false;
      this.out.write(unescaped(text.charCodeAt(from)));
      from++;
    }
    for (let k = text.indexOf('\\', from); k !== -1; k = text.indexOf('\\', from)) {
      emitSlice(this.out, l, from, k, true);
      if (k + 1 === text.length) {
        this.#escape = true; // decided by what comes next
        return;
      }
      this.out.write(unescaped(text.charCodeAt(k + 1)));
      from = k + 2;
    }
    emitSlice(this.out, l, from, text.length, true);
  }

  #lineBreak(): void {
    if (this.#colon) this.out.write(':'); // a value-less property
    if (this.#escape) this.out.write('\\'); // a backslash that escaped nothing
    this.#colon = false;
    this.#escape = false;
    this.#head.reset();
    this.out.write('\n');
  }

  protected finish(): void {
    if (this.#pendingBreak || this.#escape || this.#colon) this.#lineBreak();
    this.out.end();
  }
}

/**
 * What a backslash and the character `c` stand for in a TEXT value (RFC 5545 §3.3.11); an unknown escape stays as written.
 * A colon too (RFC 2426 §4's escapes are those, but vCard 3.0 writers, Apple's among them, escape it: `URL:http\://…`).
 */
function unescaped(c: number): string {
  if (c === LOWER_N || c === UPPER_N) return '\n';
  if (c === COMMA || c === SEMICOLON || c === BACKSLASH || c === COLON) return String.fromCharCode(c);
  return '\\' + String.fromCharCode(c);
}
