// Where in the document the tokenizer is, as far as a link reader needs to
// know: inside <svg> or <math> (foreign content, WHATWG §13.2.6.5: no raw
// text elements there, "/>" closes any element, "<![CDATA[" opens CDATA),
// and inside <template> (its content is no part of the document, so its
// <base> is not the document's). Depths, not a tree: a tokenizer has no
// tree, and HTML integration points (<foreignObject>) are not told apart.

/** The elements Scope follows. */
export const SCOPES: readonly string[] = ['svg', 'math', 'template'];

/**
 * HTML start tags that end foreign content (WHATWG §13.2.6.5: a parser pops
 * <svg> and <math> off the stack at them); an end tag of an HTML block
 * element that holds the <svg> (an unclosed one: "<div><svg>…</div>") ends
 * it too.
 */
const BREAKOUT: ReadonlySet<string> = new Set([
  'b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'head', 'hr', 'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small',
  'span', 'strong', 'strike', 'sub', 'sup', 'table', 'tt', 'u', 'ul', 'var',
]);
const CLOSES: ReadonlySet<string> = new Set(['body', 'div', 'html', 'p', 'br', 'section', 'article', 'main', 'td', 'th', 'tr', 'table', 'li', 'ul', 'ol', 'figure']);

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
    if (this.#foreign > 0 && BREAKOUT.has(name)) this.#foreign = 0;
    else if (name === 'svg' || name === 'math') {
      if (!selfClosing) this.#foreign++;
    } else if (name === 'template' && this.#foreign === 0) {
      this.#template++; // HTML ignores "/>" on a template; in <svg> or <math> a <template> is no HTML one
    }
  }

  /** An end tag `name` (lower case). */
  closed(name: string): void {
    if (this.#foreign > 0 && CLOSES.has(name)) this.#foreign = 0;
    else if ((name === 'svg' || name === 'math') && this.#foreign > 0) this.#foreign--;
    else if (name === 'template' && this.#template > 0 && this.#foreign === 0) this.#template--;
  }
}
