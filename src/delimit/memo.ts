// A memo of references that were their own target, so that a repeat costs
// no parse and no copy.
//
// Logs and mail repeat their URIs: a bot's address in every user agent, a
// site's own pages as referers, a mailing list's footer. An absolute URI
// that is valid and holds no dot-segment is its own target (RFC 3986 §5.2.2,
// with §5.2.4 changing nothing), whatever the base and wherever it stands,
// so the answer for a repeat can be taken from here.
//
// The table is two-way set-associative: a hash picks a set of two slots,
// the one used last comes first, and a newcomer pushes out the other. Its
// size is bounded (`entries` references of at most LONGEST characters), and
// the streaming adapters keep copies in it, so it keeps no scanned text alive.
// It starts small and grows to `entries` as references come: a scanner of a
// small input (one file of a Maildir, a file of a line or two) fills no
// more than 64 slots.

/** References longer than this are not remembered. */
export const LONGEST = 128;

/** The set for text[start, start + n): a hash of the length and five characters spread over it. */
function setOf(text: string, start: number, n: number, mask: number): number {
  const end = start + n;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ text.charCodeAt(end - 1), 0x85ebca6b);
  h = Math.imul(h ^ text.charCodeAt(start + (n >> 1)), 0xc2b2ae35);
  h = Math.imul(h ^ text.charCodeAt(end - 2), 0x27d4eb2f);
  h = Math.imul(h ^ text.charCodeAt(start + ((n * 3) >> 2)), 0x165667b1);
  h = Math.imul(h ^ text.charCodeAt(start + (n >> 2)), 0x9e3779b1);
  return ((h >>> 12) & mask) << 1;
}

/**
 * Slots a table starts with; once that is a quarter full, the input is no
 * small one and the table takes BIG_SLOTS; after that it grows GROWTH times
 * at a time (64 → 512 → 4096 makes a 2 MiB pass of prose cost 4% more
 * instructions).
 */
const FIRST_SLOTS = 64;
const BIG_SLOTS = 1024;
const GROWTH = 8;

export class TargetMemo {
  /** Made on the first remember: a scanner that finds nothing costs nothing. */
  #slots: (string | undefined)[] | undefined;
  readonly #entries: number;
  /** The table's sets - 1 (the number of sets is a power of two). */
  #mask = 0;
  /** References remembered since the table was made or grown. */
  #remembered = 0;

  /** `entries`: how many references it holds at most (rounded down to an even power of two; 0 turns it off). */
  constructor(entries: number) {
    const sets = entries < 2 ? 0 : 2 ** Math.floor(Math.log2(entries / 2));
    this.#entries = sets * 2;
  }

  /**
   * The remembered string equal to `reference`, which was sliced from
   * text[start…] (the hash reads `text`: a flat string reads faster than a
   * slice of one), or undefined.
   */
  recall(reference: string, text: string, start: number): string | undefined {
    const slots = this.#slots;
    const n = reference.length;
    if (slots === undefined || n > LONGEST || n < 2) return undefined;
    const i = setOf(text, start, n, this.#mask);
    const first = slots[i];
    if (first === reference) return first;
    const second = slots[i + 1];
    if (second !== reference) return undefined;
    slots[i + 1] = first; // used last: first in its set
    slots[i] = second;
    return second;
  }

  /** Remember `target`: a reference, found as it stands, that is its own target. */
  remember(target: string): void {
    const n = target.length;
    if (n > LONGEST || n < 2 || this.#entries === 0) return;
    let slots = this.#slots;
    if (slots === undefined) slots = this.#make(Math.min(this.#entries, FIRST_SLOTS));
    else if (++this.#remembered > slots.length >> 2 && slots.length < this.#entries) slots = this.#grow(slots); // a quarter full: grown before its sets fill
    const i = setOf(target, 0, n, this.#mask);
    slots[i + 1] = slots[i];
    slots[i] = target;
  }

  #make(size: number): (string | undefined)[] {
    this.#mask = size / 2 - 1;
    this.#remembered = 0;
    return (this.#slots = new Array<string | undefined>(size).fill(undefined));
  }

  /** A table of BIG_SLOTS, or GROWTH times larger (at most `entries`), holding what `old` holds, each set's first still used last. */
  #grow(old: (string | undefined)[]): (string | undefined)[] {
    const slots = this.#make(Math.min(this.#entries, old.length < BIG_SLOTS ? BIG_SLOTS : old.length * GROWTH));
    for (let j = old.length - 1; j >= 0; j--) {
      const target = old[j];
      if (target === undefined) continue;
      const i = setOf(target, 0, target.length, this.#mask);
      slots[i + 1] = slots[i];
      slots[i] = target;
    }
    return slots;
  }
}
