// Tag and attribute names looked up where the tokenizer found them, without
// slicing or lower-casing them: an HTML page has a tag every few dozen
// characters, and most of its names are none this format looks for. A name
// that cannot be looked up there (too long, not ASCII, or no longer in the
// tokenizer's buffer) is sliced from the window and lower-cased (slowName).

import { BLOCK, HIDDEN, INLINE, RAW, URL_NAMES, kindOf, type Kind } from './attributes.js';
import { KEY_BASE, KEY_LENGTH, KEY_LIMIT, LONGEST_NAME, NAME_SLOTS } from './layout.js';
import { SCOPES } from './scope.js';
import type { TextWindow } from './window.js';
import { CASE_BIT, COLON, DEL, DIGIT_0, HYPHEN, LOWER_A, UPPER_A, UPPER_Z } from '../../uri/codes.js';

/** What the sink needs to know of a tag name. */
export interface TagName {
  /** In lower case. */
  name: string;
  block: boolean;
  /** <wbr>: a line break opportunity, no character; the text on both sides is one word. */
  joins?: boolean;
  /** A phrasing element (INLINE): its boundary is no gap in the text (see TextFlow.boundary). */
  inline?: boolean;
  /** <pre>: preformatted text, where a highlighter's tokens (see token) stand as written. */
  pre?: boolean;
  /** <span>: in a <pre>, a highlighter's token, whose boundary adds no character to the code. */
  token?: boolean;
  /** <code>: in a <pre>, a block of code, whose boundary is a space. */
  code?: boolean;
  hidden: boolean;
  /** Its content is raw text or RCDATA to the tokenizer (its "special" tags). */
  raw: boolean;
  /** <svg>, <math> or <template>: the sink's Scope follows it. */
  scope?: boolean;
  /** kindOf this element and each of URL_NAMES (by AttributeName.id), outside foreign content: for the names of TAGS. */
  kinds?: readonly (Kind | undefined)[];
}

/** An entry of ATTRIBUTES: one of URL_NAMES, and its index there. */
export interface AttributeName {
  name: string;
  id: number;
}

/**
 * Elements whose attributes kindOf tells apart (besides BLOCK and HIDDEN,
 * which hold html), common ones with URLs, and <wbr> (joins): their names
 * need no slicing.
 */
const ELEMENTS = [
  'meta', 'base', 'img', 'source', 'form', 'button', 'input', 'video', 'object',
  'a', 'link', 'area', 'iframe', 'frame', 'embed', 'audio', 'track', 'q', 'del', 'ins', 'span', 'font', 'wbr',
  ...SCOPES,
];

/**
 * The digit of each ASCII character in a name's key (see keyStep): a letter
 * in either case 1-26, a digit 27-36, "-" 37, ":" 38 (xlink:href,
 * http-equiv), anything else 0.
 */
const KEY_DIGITS = new Uint8Array(DEL + 1);
for (let i = 0; i < 26; i++) KEY_DIGITS[LOWER_A + i] = KEY_DIGITS[UPPER_A + i] = 1 + i;
for (let i = 0; i < 10; i++) KEY_DIGITS[DIGIT_0 + i] = 27 + i;
KEY_DIGITS[HYPHEN] = 37;
KEY_DIGITS[COLON] = 38;

/**
 * The key of a name so far, `k`, and its next character `c` (ASCII): start
 * from 0. A key is the name's digits in base KEY_BASE, exact up to
 * KEY_LENGTH characters; any other character is a 0 digit, which no key in
 * a KeyTable holds, so a name with one matches none.
 */
export const keyStep = (k: number, c: number): number => k * KEY_BASE + KEY_DIGITS[c & DEL]!;

if (KEY_LIMIT !== KEY_BASE ** KEY_LENGTH || !(KEY_LIMIT < 2 ** 53)) throw new Error('names.ts: KEY_LIMIT is not KEY_BASE ** KEY_LENGTH below 2 ** 53');

const lower = (c: number): number => (c >= UPPER_A && c <= UPPER_Z ? c | CASE_BIT : c);

/**
 * Names in lower case, found in any ASCII case: by their key (keyStep) when
 * they are no longer than KEY_LENGTH, else (imagesrcset) by a hash of their
 * characters (open addressing) and a comparison.
 */
class NameTable<T extends { name: string }> {
  readonly #hashes = new Int32Array(NAME_SLOTS).fill(-1);
  readonly #entries: (T | undefined)[] = new Array<T | undefined>(NAME_SLOTS).fill(undefined);
  readonly #byName = new Map<string, T>();
  readonly #keyed: KeyTable<T>;

  /** `allKeyed`: every name is no longer than KEY_LENGTH (byKey finds them all), or the constructor throws. */
  constructor(entries: readonly T[], allKeyed = false) {
    const keyed = entries.filter((e) => e.name.length <= KEY_LENGTH);
    if (allKeyed && keyed.length < entries.length) throw new Error(`a name longer than ${KEY_LENGTH} in a table read by key`);
    this.#keyed = new KeyTable(keyed);
    for (const e of entries) {
      this.#byName.set(e.name, e);
      if (e.name.length <= KEY_LENGTH) continue; // found by key
      const h = hash(e.name, 0, e.name.length);
      let i = h & (NAME_SLOTS - 1);
      while (this.#hashes[i] !== -1) i = (i + 1) & (NAME_SLOTS - 1);
      this.#hashes[i] = h;
      this.#entries[i] = e;
    }
  }

  /**
   * The entry named s[start, end) in any case, or null; undefined when the
   * name is not ASCII (lower-casing may then make a name: ask `get`).
   */
  find(s: string, start: number, end: number): T | null | undefined {
    if (end - start <= KEY_LENGTH) {
      const k = keyOf(s, start, end);
      return k === -1 ? undefined : this.#keyed.get(k);
    }
    const h = hash(s, start, end);
    return h === -1 ? undefined : this.#lookup(h, s, start, end);
  }

  /** The entry whose name has key `k` (see keyStep), or null: any name of a table made `allKeyed`. */
  byKey(k: number): T | null {
    return this.#keyed.get(k);
  }

  /** The entry named s[start, end) in any case (ASCII), or null; `h`: its hash (nameHash over it). */
  #lookup(h: number, s: string, start: number, end: number): T | null {
    const hashes = this.#hashes;
    for (let i = h & (NAME_SLOTS - 1); hashes[i] !== -1; i = (i + 1) & (NAME_SLOTS - 1)) {
      if (hashes[i] === h && matches(this.#entries[i]!.name, s, start, end)) return this.#entries[i]!;
    }
    return null;
  }

  /** The entry of a name in lower case, or null. */
  get(name: string): T | null {
    return this.#byName.get(name) ?? null;
  }
}

/**
 * Names of letters, digits, "-" and ":", no longer than KEY_LENGTH, found by
 * their exact key (keyStep): no character is compared again.
 */
class KeyTable<T extends { name: string }> {
  readonly #keys = new Float64Array(NAME_SLOTS).fill(-1);
  readonly #entries: (T | undefined)[] = new Array<T | undefined>(NAME_SLOTS).fill(undefined);

  constructor(entries: readonly T[]) {
    for (const e of entries) {
      if (!KEYED_NAME.test(e.name)) throw new Error(`${e.name}: a KeyTable name has letters, digits, "-" and ":" only, at most ${KEY_LENGTH}`);
      const k = keyOf(e.name, 0, e.name.length);
      let i = slotOf(k);
      while (this.#keys[i] !== -1) i = (i + 1) & (NAME_SLOTS - 1);
      this.#keys[i] = k;
      this.#entries[i] = e;
    }
  }

  /** The entry whose name has key `k`, or null. */
  get(k: number): T | null {
    if (!(k < KEY_LIMIT)) return null;
    const keys = this.#keys;
    for (let i = slotOf(k); keys[i] !== -1; i = (i + 1) & (NAME_SLOTS - 1)) if (keys[i] === k) return this.#entries[i]!;
    return null;
  }
}

/** A name in lower case that a KeyTable can hold: each of its characters a nonzero key digit, and its key exact. */
const KEYED_NAME = new RegExp(`^[a-z0-9:-]{1,${KEY_LENGTH}}$`);

/** The key of s[start, end) (see keyStep), or -1 when it holds a character above DEL. */
function keyOf(s: string, start: number, end: number): number {
  let k = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c > DEL) return -1;
    k = keyStep(k, c);
  }
  return k;
}

/**
 * The slot of key k (an integer from 0 below KEY_LIMIT): k modulo
 * NAME_SLOTS. `&` reads k as ToInt32(k), which is k modulo 2 ** 32 for any
 * such integer, and NAME_SLOTS divides 2 ** 32; TurboFan compiles it to a
 * truncation and a mask, where the floor of a division took a call.
 */
const slotOf = (k: number): number => k & (NAME_SLOTS - 1);

/** Is s[start, end) `name` (in lower case) in any ASCII case? */
function matches(name: string, s: string, start: number, end: number): boolean {
  if (name.length !== end - start) return false;
  for (let i = start; i < end; i++) if (lower(s.charCodeAt(i)) !== name.charCodeAt(i - start)) return false;
  return true;
}

/**
 * The hash of a name so far, `h`, and its next character `c` (ASCII): start
 * from 0, end with nameHash. It folds case with CASE_BIT, which also folds
 * some punctuation onto other punctuation: names that differ only there
 * share a hash, and `matches` tells them apart.
 */
const hashStep = (h: number, c: number): number => (Math.imul(h, 31) + (c | CASE_BIT)) | 0;

/** The hash of a name from hashStep's: a small integer, never -1. */
const nameHash = (h: number): number => h & 0x3fffffff;

/** A hash of s[start, end) in lower case (ASCII), or -1 when it holds other characters. */
function hash(s: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c > DEL) return -1;
    h = hashStep(h, c);
  }
  return nameHash(h);
}

const tagNames = new Set([...BLOCK, ...HIDDEN, ...RAW, ...INLINE, ...ELEMENTS]);
/** All by key too: TagReader.name reads a name's key as it reads the name. */
export const TAGS = new NameTable<TagName>([...tagNames].map((name) => ({
  name, block: BLOCK.has(name), joins: name === 'wbr', inline: INLINE.has(name), pre: name === 'pre', token: name === 'span', code: name === 'code', hidden: HIDDEN.has(name), raw: RAW.has(name), scope: SCOPES.includes(name),
  kinds: URL_NAMES.map((attribute) => kindOf(name, attribute)),
})), true);
export const ATTRIBUTES = new NameTable<AttributeName>(URL_NAMES.map((name, id) => ({ name, id })));

/** The longest custom element name read (`<my-application-navigation-link href>`): the rest are read as no name. */
const LONGEST_CUSTOM_NAME = 1024;

/** A comment, CDATA or processing instruction in text: no gap a reader sees, as a phrasing element's boundary (see TextFlow.boundary). */
export const UNSEEN: TagName = { name: '', block: false, hidden: false, raw: false, inline: true };

/** The name of a tag too long to be any we look for. */
export const NO_NAME: TagName = { name: '', block: false, hidden: false, raw: false };

/** The entry of `table` for the name [start, end) in any case, read in the tokenizer's buffer; null when it has none. */
export function findName<T extends { name: string }>(
  table: NameTable<T>, tokenizer: { readonly buffer: string; readonly offset: number }, start: number, end: number,
): T | null | undefined {
  if (end - start > LONGEST_NAME) return undefined;
  return start >= tokenizer.offset ? table.find(tokenizer.buffer, start - tokenizer.offset, end - tokenizer.offset) : undefined;
}

/** The tag name [start, end) in lower case, sliced, with what TAGS knows of it; a longer name than any it holds is a custom element's or none. */
export function slowName(window: TextWindow, start: number, end: number): TagName {
  if (end - start > LONGEST_CUSTOM_NAME) return NO_NAME;
  const name = window.slice(start, end).toLowerCase();
  if (end - start > LONGEST_NAME) return name.includes('-') ? { name, block: false, hidden: false, raw: false } : NO_NAME;
  return TAGS.get(name) ?? { name, block: false, hidden: false, raw: false };
}
