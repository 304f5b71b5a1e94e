// Tag and attribute names looked up where the tokenizer found them, without
// slicing or lower-casing them: an HTML page has a tag every few dozen
// characters, and most of its names are none this format looks for.

import { BLOCK, HIDDEN, RAW, URL_NAMES } from './attributes.js';
import { SCOPES } from './scope.js';
import { CASE_BIT, DEL, UPPER_A, UPPER_Z } from '../../uri/codes.js';

/** What the sink needs to know of a tag name. */
export interface TagName {
  /** In lower case. */
  name: string;
  block: boolean;
  hidden: boolean;
  /** Its content is raw text or RCDATA to the tokenizer (its "special" tags). */
  raw: boolean;
  /** <svg>, <math> or <template>: the sink's Scope follows it. */
  scope?: boolean;
}

/** Longer names are no names this format looks for (and are read as ''). */
export const LONGEST_NAME = 32;

/**
 * Elements whose attributes kindOf tells apart (besides BLOCK and HIDDEN,
 * which hold html), and common ones with URLs: their names need no slicing.
 */
const ELEMENTS = [
  'meta', 'base', 'img', 'source', 'form', 'button', 'input', 'video', 'object',
  'a', 'link', 'area', 'iframe', 'frame', 'embed', 'audio', 'track', 'q', 'del', 'ins', 'span', 'font',
  ...SCOPES,
];

const lower = (c: number): number => (c >= UPPER_A && c <= UPPER_Z ? c | CASE_BIT : c);

/** Slots of a table: a power of two, many times its names (a lookup of a name not in it ends at the first empty slot). */
const SLOTS = 1024;

/** Names in lower case, found by a hash of their characters in any ASCII case (open addressing). */
class NameTable<T extends { name: string }> {
  readonly #hashes = new Int32Array(SLOTS).fill(-1);
  readonly #entries: (T | undefined)[] = new Array<T | undefined>(SLOTS).fill(undefined);
  readonly #byName = new Map<string, T>();

  constructor(entries: readonly T[]) {
    for (const e of entries) {
      const h = hash(e.name, 0, e.name.length);
      let i = h & (SLOTS - 1);
      while (this.#hashes[i] !== -1) i = (i + 1) & (SLOTS - 1);
      this.#hashes[i] = h;
      this.#entries[i] = e;
      this.#byName.set(e.name, e);
    }
  }

  /**
   * The entry named s[start, end) in any case, or null; undefined when the
   * name is not ASCII (lower-casing may then make a name: ask `get`).
   */
  find(s: string, start: number, end: number): T | null | undefined {
    const h = hash(s, start, end);
    return h === -1 ? undefined : this.lookup(h, s, start, end);
  }

  /** The entry named s[start, end) in any case (ASCII), or null; `h`: its hash (nameHash over it). */
  lookup(h: number, s: string, start: number, end: number): T | null {
    const hashes = this.#hashes;
    for (let i = h & (SLOTS - 1); hashes[i] !== -1; i = (i + 1) & (SLOTS - 1)) {
      if (hashes[i] === h && matches(this.#entries[i]!.name, s, start, end)) return this.#entries[i]!;
    }
    return null;
  }

  /** The entry of a name in lower case, or null. */
  get(name: string): T | null {
    return this.#byName.get(name) ?? null;
  }
}

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
export const hashStep = (h: number, c: number): number => (Math.imul(h, 31) + (c | CASE_BIT)) | 0;

/** The hash of a name from hashStep's: a small integer, never -1. */
export const nameHash = (h: number): number => h & 0x3fffffff;

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

const tagNames = new Set([...BLOCK, ...HIDDEN, ...RAW, ...ELEMENTS]);
export const TAGS = new NameTable<TagName>([...tagNames].map((name) => ({
  name, block: BLOCK.has(name), hidden: HIDDEN.has(name), raw: RAW.has(name), scope: SCOPES.includes(name),
})));
export const ATTRIBUTES = new NameTable<{ name: string }>(URL_NAMES.map((name) => ({ name })));
