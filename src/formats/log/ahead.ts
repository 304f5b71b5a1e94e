// Where a string next stands in a line, remembered: a line of many fields, each asking from its own start, is searched once, not once per field.

/**
 * The first index of `search` at or after a place in one text (forget()
 * before each new one). The answer holds for every later place up to it
 * (nothing stands between), so asks that come in the order of their
 * places search each stretch of the text once.
 */
export class Ahead {
  readonly #search: string;
  #from = -1;
  #at = -1;

  constructor(search: string) {
    this.#search = search;
  }

  /** A new text: nothing known of it. */
  forget(): void {
    this.#from = -1;
  }

  /** text.indexOf(search, from), searched again only when the last answer does not hold for `from`. */
  in(text: string, from: number): number {
    if (this.#from === -1 || from < this.#from || (this.#at !== -1 && this.#at < from)) {
      this.#from = from;
      this.#at = text.indexOf(this.#search, from);
    }
    return this.#at;
  }
}
