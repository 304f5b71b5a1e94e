// The head of an iCalendar or vCard content line (RFC 5545 §3.1, RFC 6350 §3.3): its name and parameters, up to the ':' before its value.

import { BACKSLASH, COLON, DOT, DQUOTE, HYPHEN, SEMICOLON, SPACE, TAB, isAlpha, isDigit } from '../../uri/codes.js';

const NAME = 0;
const PARAM = 1;
const QUOTED = 2;
const VALUE = 3;

/** name = iana-token / x-name (letters, digits, "-"), after an optional vCard group ("item1."). */
const isNameChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === HYPHEN || c === DOT;

/** Reads a content line's head across its folds: where the ':' before its value stands, or that the line is no content line. */
export class ContentLineHead {
  #state = NAME;
  #named = false;

  /** A new content line starts. */
  reset(): void {
    this.#state = NAME;
    this.#named = false;
  }

  /** The head has ended (or the line is no content line): the rest of the line is its value. */
  get done(): boolean {
    return this.#state === VALUE;
  }

  /** The index of the ':' that ends the head in text[from…], or -1 (the head goes on past the text, or it is no head). */
  separator(text: string, from: number): number {
    for (let i = from; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const state = this.#state;
      if (state === QUOTED) {
        if (c === DQUOTE) this.#state = PARAM;
      } else if (c === COLON && (state === PARAM || this.#named)) {
        this.#state = VALUE;
        return i;
      } else if (state === NAME && isNameChar(c)) {
        this.#named = true;
      } else if (state === NAME && c === SEMICOLON && this.#named) {
        this.#state = PARAM;
      } else if (state === PARAM && c === DQUOTE) {
        this.#state = QUOTED;
      } else if (state === NAME || c === BACKSLASH || (c < SPACE && c !== TAB)) {
        this.#state = VALUE; // no content line (text, or an escape: only a value has escapes)
        return -1;
      }
    }
    return -1;
  }
}
