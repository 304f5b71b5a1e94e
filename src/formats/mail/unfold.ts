// Decoded text reshaped line by line with its marks: RFC 5545 (iCalendar, vCard) unfolding and TEXT escapes.

import { BACKSLASH, COLON, COMMA, EQUALS, LOWER_N, SEMICOLON, SLASH, SPACE, TAB, UPPER_N } from '../../uri/codes.js';
import { isUtf8 } from 'node:buffer';
import { ContentLineHead } from './content-line.js';
import { hexValue } from './quoted-printable.js';
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
  /** The property's value is quoted-printable (vCard 2.1 §2.1.3, vCalendar 1.0: ENCODING=QUOTED-PRINTABLE). */
  #qp = false;
  /** A quoted-printable value's line ended with a soft break: the next line goes on with it. */
  #soft = false;

  protected line(l: TextLine): void {
    let from = 0;
    if (l.first && this.#soft) {
      this.#soft = false;
    } else if (l.first && this.#pendingBreak) {
      const c = l.text.charCodeAt(0);
      if (c === SPACE || c === TAB) from = 1;
      else this.#lineBreak();
      this.#pendingBreak = false;
    }
    if (this.#colon) this.#valueColon(l.text, from);
    if (!this.#head.done) from = this.#headPart(l, from);
    if (this.#qp && this.#head.done) this.#quotedPrintable(l, from);
    else this.#unescape(l, from);
    if (l.last && l.eol && !this.#soft) this.#pendingBreak = true;
  }

  /** A content line's head in l.text[from…] (it has no escapes), written up to its ':'; where the rest of the text starts. */
  #headPart(l: TextLine, from: number): number {
    const colon = this.#head.separator(l.text, from);
    if (colon === -1 && this.#head.done) { // no content line: text, whatever it says
      this.#qp = false;
      return from;
    }
    if (QP_PARAM.test(l.text.slice(from, colon === -1 ? l.text.length : colon))) this.#qp = true;
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

  /**
   * A quoted-printable value in l.text[from…]: each run of =XX escapes
   * decoded (its bytes as UTF-8 when they are, else Latin-1; =0D=0A a line
   * break), each run between them marked where it stands; a '=' that ends
   * the line is a soft break (vCard 2.1 §2.1.3: the value goes on).
   */
  #quotedPrintable(l: TextLine, from: number): void {
    const text = l.text;
    this.#soft = l.last && l.eol && text.charCodeAt(text.length - 1) === EQUALS;
    const end = this.#soft ? text.length - 1 : text.length;
    for (let k = text.indexOf('=', from); k !== -1 && k < end; k = text.indexOf('=', from)) {
      emitSlice(this.out, l, from, k, true);
      let e = k;
      while (e + 2 < text.length && text.charCodeAt(e) === EQUALS && hexValue(text.charCodeAt(e + 1)) >= 0 && hexValue(text.charCodeAt(e + 2)) >= 0) e += 3;
      this.out.write(e === k ? '=' : qpBytes(text, k, e));
      from = e === k ? k + 1 : e;
    }
    emitSlice(this.out, l, from, end, true);
  }

  #lineBreak(): void {
    if (this.#colon) this.out.write(':'); // a value-less property
    if (this.#escape) this.out.write('\\'); // a backslash that escaped nothing
    this.#colon = false;
    this.#escape = false;
    this.#qp = false;
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

/** A parameter of a content line's head that makes its value quoted-printable (`ENCODING=QUOTED-PRINTABLE`, or vCard 2.1's bare `QUOTED-PRINTABLE`). */
const QP_PARAM = /quoted-printable/i;

/** The bytes of the =XX escapes text[from, to) as text: UTF-8 when they are, else Latin-1; a CR dropped (=0D=0A is a line break). */
function qpBytes(text: string, from: number, to: number): string {
  const bytes = Buffer.alloc((to - from) / 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = hexValue(text.charCodeAt(from + 3 * i + 1)) * 16 + hexValue(text.charCodeAt(from + 3 * i + 2));
  return bytes.toString(isUtf8(bytes) ? 'utf8' : 'latin1').replaceAll('\r', '');
}
