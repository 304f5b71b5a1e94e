// Where in the document the tokenizer is, as far as a link reader needs to
// know: inside <svg> or <math> (foreign content, WHATWG §13.2.6.5: no raw
// text elements there, "/>" closes any element, "<![CDATA[" opens CDATA),
// and inside <template> (its content is no part of the document, so its
// <base> is not the document's). Depths, not a tree: a tokenizer has no
// tree, and HTML integration points (<foreignObject>) are not told apart.

/** The elements Scope follows. */
export const SCOPES: readonly string[] = ['svg', 'math', 'template'];

export class Scope {
  #foreign = 0;
  #template = 0;

  /** Inside <svg> or <math>. */
  get foreign(): boolean {
    return this.#foreign > 0;
  }

  /** In the document itself: neither in foreign content nor in a template. */
  get document(): boolean {
    return this.#foreign === 0 && this.#template === 0;
  }

  /** A start tag `name` (lower case) has ended; `selfClosing`: with "/>". */
  opened(name: string, selfClosing: boolean): void {
    if (name === 'svg' || name === 'math') {
      if (!selfClosing) this.#foreign++;
    } else if (name === 'template' && !(selfClosing && this.foreign)) {
      this.#template++; // HTML ignores "/>" on a template
    }
  }

  /** An end tag `name` (lower case). */
  closed(name: string): void {
    if ((name === 'svg' || name === 'math') && this.#foreign > 0) this.#foreign--;
    else if (name === 'template' && this.#template > 0) this.#template--;
  }
}
