// Where a string next stands in a text, remembered: a line of many fields, each asking from its own start, is searched once, not once per field; lines read in place in their chunk share the chunk's answers.

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

  /** Is there a `search` in text[from, to)? */
  within(text: string, from: number, to: number): boolean {
    const at = this.in(text, from);
    return at !== -1 && at < to;
  }
}

/**
 * What a line's readers look ahead for in LineOut.text (see LineOut.marks),
 * one Ahead each, forgotten when that text changes: the lines of a chunk
 * read in place share the answers.
 */
export class Marks {
  readonly colon = new Ahead(':');
  readonly backslash = new Ahead('\\');
  readonly hash = new Ahead('#');
  readonly query = new Ahead('?');
  readonly quote = new Ahead('"');
  readonly open = new Ahead('[');
  readonly close = new Ahead(']');
  readonly brace = new Ahead('}');
  readonly tab = new Ahead('\t');
  readonly slashes = new Ahead('://');
  readonly version = new Ahead('HTTP/');
  readonly #all = [this.colon, this.backslash, this.hash, this.query, this.quote, this.open, this.close, this.brace, this.tab, this.slashes, this.version];

  forget(): void {
    for (const a of this.#all) a.forget();
  }
}
