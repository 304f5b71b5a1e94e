// targetOf's answers remembered for a page (Targets), in slots lent from
// page to page (TargetSlots).

import type { SchemePolicy } from '../../delimit/schemes.js';
import type { UriComponents } from '../../uri/components.js';
import { detach } from '../../delimit/detach.js';
import { byteCharset } from '../bytes.js';
import { targetOf } from './attributes.js';
import { TARGET_SLOTS } from './layout.js';

/** The slot of `s`: a hash of its length and four characters spread over it (every character would cost more than it saves). */
function slotOf(s: string): number {
  const n = s.length;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ s.charCodeAt(n - 1), 0x85ebca6b);
  h = Math.imul(h ^ s.charCodeAt(n >> 1), 0xc2b2ae35);
  h = Math.imul(h ^ s.charCodeAt(n - 2), 0x27d4eb2f);
  h = Math.imul(h ^ s.charCodeAt((n * 3) >> 2), 0x165667b1);
  return (h >>> 16) & (TARGET_SLOTS - 1);
}

/**
 * targetOf's answers for one base and policy, remembered (one per slot, the
 * newest): a page repeats its links (navigation, assets, its own address).
 * What it keeps are copies, so it keeps no input alive. The slots are
 * emptied at the first lookup: a mail has many small text/html parts, some
 * with no URL attribute, each with a Targets of its own, and one sink's
 * buffers at a time lend theirs (TargetSlots).
 */
export class Targets {
  #urls: (string | undefined)[] | undefined;
  #targets: (string | undefined)[] = [];
  readonly #policy: SchemePolicy;
  #base: UriComponents | undefined;
  /** The page's charset when it is no Unicode one (see queryIn). */
  #queryCharset: string | undefined;
  readonly #lent: TargetSlots;

  constructor(base: UriComponents | undefined, policy: SchemePolicy, slots: TargetSlots) {
    this.#base = base;
    this.#policy = policy;
    this.#lent = slots;
  }

  /** targetOf(url, base, policy), as a copy (see detach). */
  get(url: string): string | undefined {
    const slot = slotOf(url);
    const urls = this.#urls ?? this.#slots();
    if (urls[slot] === url) return this.#targets[slot];
    const target = targetOf(url, this.#base, this.#policy, this.#queryCharset);
    const own = target === undefined ? undefined : detach(target);
    urls[slot] = target === url ? own : detach(url);
    this.#targets[slot] = own;
    this.#lent.filled(slot);
    return own;
  }

  #slots(): (string | undefined)[] {
    this.#targets = this.#lent.targets;
    return (this.#urls = this.#lent.empty());
  }

  /** The page's charset: a query's non-ASCII is encoded in it unless it is UTF-8 or UTF-16. */
  set charset(charset: string) {
    this.#queryCharset = byteCharset(charset);
    this.#urls = undefined;
  }

  /** A new base: what was known is forgotten. */
  rebase(base: UriComponents | undefined): void {
    this.#base = base;
    this.#urls = undefined;
  }
}

/**
 * The slots of a Targets: made at the first lookup (holes), then lent with
 * an HTML sink's buffers (HtmlScratch) and emptied for each page. Only the
 * URLs are emptied (a target is read only where its slot's URL matches),
 * and of a page with few URLs only the slots it filled.
 */
export class TargetSlots {
  #urls: (string | undefined)[] | undefined;
  targets: (string | undefined)[] = [];
  /** The slots filled since the last empty(), the first FILLED of them. */
  readonly #filled = new Int32Array(FILLED);
  #count = 0;

  /** The URL slots, empty. */
  empty(): (string | undefined)[] {
    const urls = this.#urls;
    const n = this.#count;
    this.#count = 0;
    if (urls === undefined) {
      this.targets = new Array<string | undefined>(TARGET_SLOTS);
      return (this.#urls = new Array<string | undefined>(TARGET_SLOTS));
    }
    if (n > FILLED) return urls.fill(undefined);
    for (let i = 0; i < n; i++) urls[this.#filled[i]!] = undefined;
    return urls;
  }

  /** A lookup filled `slot`. */
  filled(slot: number): void {
    if (this.#count < FILLED) this.#filled[this.#count] = slot;
    this.#count++;
  }
}

/** Filled slots listed (past it, a page's slots are all emptied). */
const FILLED = 64;
