// The start tag the tokenizer is in: its name, and those of its attributes
// that may hold a URL, kept as the tokenizer reports them (an attribute at
// a time, or a whole tag from FastTokenizer's fast path). Of two
// attributes of a name the first is kept, as HTML keeps it; its kind
// (attributes.ts) says how its value is read. HtmlSink holds one OpenTag,
// and does what a tag's start and end do to the text, the head, the scope
// and the base.

import { QuoteType } from 'htmlparser2';
import { kindOf, limitOf, type Kind } from './attributes.js';
import type { DocumentBase } from './base.js';
import type { Embedded } from './embedded.js';
import { ATTR, LONGEST_NAME, REFS } from './layout.js';
import { ATTRIBUTES, NO_NAME, findName, slowName, type AttributeName, type TagName } from './names.js';
import type { Position } from '../positions.js';
import type { Scope } from './scope.js';
import { INERT, INERT_ATTRIBUTES, holdsAttribute, settleValues, type Attribute } from './tag.js';
import type { TagReader } from './tags.js';
import { empty } from './text.js';
import { AttrValue, addReferenced } from './value.js';
import type { TextWindow } from './window.js';

/** The tokenizer's current buffer, and the input index of its start: attribute names are looked up in it. */
interface Buffered {
  readonly buffer: string;
  readonly offset: number;
}

export class OpenTag {
  readonly #window: TextWindow;
  readonly #tokenizer: Buffered;
  readonly #scope: Scope;
  readonly #embedded: Embedded;
  readonly #base: DocumentBase;
  readonly #maxLength: number;
  /** Its name when it is one the tables know (else null: read from [#nameStart, #nameEnd) when needed). */
  #tag: TagName | null = NO_NAME;
  #nameStart = 0;
  #nameEnd = 0;
  readonly #attrs: Attribute[] = [];
  /** Attributes in #attrs whose value is not INERT (only those can give a Found). */
  #live = 0;
  #attr: Attribute | undefined;

  constructor(window: TextWindow, tokenizer: Buffered, scope: Scope, embedded: Embedded, base: DocumentBase, maxLength: number) {
    this.#window = window;
    this.#tokenizer = tokenizer;
    this.#scope = scope;
    this.#embedded = embedded;
    this.#base = base;
    this.#maxLength = maxLength;
  }

  /** What the tables have of its name (null: a name they lack, read from the input when needed). */
  get tag(): TagName | null {
    return this.#tag;
  }

  /** The attributes kept, the one being read left out (see attr). */
  get attrs(): readonly Attribute[] {
    return this.#attrs;
  }

  /** The attribute being read, if it is one kept. */
  get attr(): Attribute | undefined {
    return this.#attr;
  }

  /** Whether an attribute kept may give a Found (its value is not INERT). */
  get live(): boolean {
    return this.#live > 0;
  }

  /** Its name in lower case. */
  get name(): string {
    return (this.#tag ??= slowName(this.#window, this.#nameStart, this.#nameEnd)).name;
  }

  /** A start tag named [start, end) opens: `tag` is what TAGS has of the name (undefined: look again, slowly). */
  open(tag: TagName | null | undefined, start: number, end: number): void {
    this.#tag = tag === undefined ? slowName(this.#window, start, end) : tag;
    this.#nameStart = start;
    this.#nameEnd = end;
    empty(this.#attrs);
    this.#live = 0;
    this.#attr = undefined;
  }

  /** The tag has ended: let go of its attributes (the array is kept for the next tag). */
  ended(): void {
    if (this.#attrs.length === 0) return;
    empty(this.#attrs);
    this.#live = 0;
  }

  /**
   * An attribute starts: keep its value if it may hold a URL (the first of
   * a name only, as HTML does). `inert`: the value is no longer than
   * maxLength and has no ":", and there is no base: as one URL it is
   * relative with nothing to resolve it against, so it is kept empty.
   */
  attribute(start: number, end: number, inert = false): void {
    this.#attr = undefined;
    if (end - start > LONGEST_NAME) return;
    const known = findName(ATTRIBUTES, this.#tokenizer, start, end);
    const name = known === undefined ? this.#window.slice(start, end).toLowerCase() : known?.name;
    if (name === undefined) return;
    const kind = this.#kind(known, name);
    if (kind === undefined || holdsAttribute(this.#attrs, name)) return;
    if (inert && kind === 'url') this.#attr = known == null ? { name, kind, value: INERT, quoted: false } : INERT_ATTRIBUTES[known.id]!;
    else if (kind === 'srcdoc') {
      const value = this.#embedded.srcdoc(this.#base.base);
      this.#attr = value === undefined ? undefined : { name, kind, value, quoted: false };
    }
    else this.#attr = { name, kind, value: new AttrValue(limitOf(kind, this.#maxLength)), quoted: false };
  }

  /** The attribute being read has ended, its value in `quote`. */
  attributeEnd(quote: QuoteType): void {
    const attr = this.#attr;
    if (attr === undefined) return;
    if (attr.value !== INERT) {
      attr.quoted = quote === QuoteType.Double || quote === QuoteType.Single;
      this.#live++;
    }
    this.#attrs.push(attr);
    this.#attr = undefined;
  }

  /**
   * The attributes of a tag the fast path has read whole (`reader`: their
   * places, buffer indexes of the input from `offset`). `relativeIsInert`:
   * there is no base, nor a head to wait for one, and the tag is no
   * <base>; a relative URL then gives no URI.
   */
  readAttributes(reader: TagReader, offset: number, relativeIsInert: boolean): void {
    const a = reader.attrs;
    for (let i = 0; i < reader.length; i += ATTR) {
      const quote = (a[i + 4]! & ~REFS) as QuoteType;
      const from = a[i + 2]!;
      const to = a[i + 3]!;
      // a value that may be blank (" ", "&#32;") or a template ("{{ url }}", "<user>", "&lt;user&gt;") goes the long way, where target() sees it and counts no link
      const inert = relativeIsInert && quote !== QuoteType.NoValue && to - from <= this.#maxLength && reader.colon(from) >= to && !reader.mayBeBlank(from)
        && reader.brace(from) >= to && reader.lt(from) >= to && (a[i + 4]! & REFS) === 0;
      this.attribute(a[i]! + offset, a[i + 1]! + offset, inert);
      const attr = this.#attr;
      if (attr === undefined) continue;
      if (attr.value === INERT && to > from) this.#base.unresolved++; // a relative link, and no base (see DocumentBase#target)
      if (quote !== QuoteType.NoValue && attr.value !== INERT) {
        if ((a[i + 4]! & REFS) === 0) attr.value.add(this.#window.slice(from + offset, to + offset), from + offset, false);
        else addReferenced(attr.value, this.#tokenizer.buffer, this.#window, from, to, offset);
      }
      this.attributeEnd(quote);
    }
  }

  /** Before the window lets go of input: read what the tag's name and values still need of it. */
  settle(positions: { position(i: number): Position }): void {
    if (this.#tag === null) this.#tag = slowName(this.#window, this.#nameStart, this.#nameEnd); // before its name may leave the window
    settleValues(this.#attrs, this.#attr, positions); // before the input its values stand in may leave the window
  }

  /** kindOf the tag and attribute `name` (`known`: its ATTRIBUTES entry), from the tag's table when it has one. */
  #kind(known: AttributeName | null | undefined, name: string): Kind | undefined {
    const kinds = this.#tag?.kinds;
    const foreign = this.#scope.foreign;
    return known != null && kinds !== undefined && !foreign ? kinds[known.id] : kindOf(this.name, name, foreign);
  }
}
