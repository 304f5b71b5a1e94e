// "Did you mean" for a mistyped option name or value: the candidates that
// the word is a prefix of, else those within a small edit distance, else
// those one '-' word apart.

import { isTextCharset } from '../stream/decode.js';
import { iconv } from '../stream/iconv.js';

/** At most this many suggestions. */
const MAX = 3;
/** A longer word is no typo of a name: no suggestion (and no quadratic work on a pasted blob). */
const MAX_WORD = 64;

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidates `word` most likely stands for: those it begins (a name cut
 * short, two characters at least), else the nearest within one edit for a
 * word of up to four characters and two for a longer one, else those that
 * have one '-' word more or less and the rest in common. Case is ignored.
 */
export function closest(word: string, candidates: readonly string[]): string[] {
  const w = word.toLowerCase();
  if (w.length === 0 || w.length > MAX_WORD) return [];
  const prefixed = w.length >= 2 ? candidates.filter((c) => c.toLowerCase().startsWith(w)) : [];
  if (prefixed.length > 0) return prefixed.slice(0, MAX);
  const reach = w.length <= 4 ? 1 : 2;
  let best = reach + 1;
  let found: string[] = [];
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d > reach) continue;
    if (d < best) {
      best = d;
      found = [c];
    } else if (d === best) found.push(c);
  }
  return (found.length > 0 ? found : candidates.filter((c) => oneWordApart(w, c.toLowerCase()))).slice(0, MAX);
}

/**
 * `a` and `b`, cut into words at '-', differ by one word added or left
 * out: `max-uri-length` and `max-length`, `limit` and `unique-limit`.
 */
function oneWordApart(a: string, b: string): boolean {
  const x = a.split('-');
  const y = b.split('-');
  if (Math.abs(x.length - y.length) !== 1) return false;
  const [fewer, more] = x.length < y.length ? [x, y] : [y, x];
  return fewer.every((word) => word !== '' && more.includes(word));
}

/** "; did you mean 'a' or 'b'?", or '' when nothing is near. `show` writes a candidate as the user would type it. */
export function didYouMean(word: string, candidates: readonly string[], show: (c: string) => string = (c) => c): string {
  const near = closest(word, candidates).map((c) => `'${show(c)}'`);
  if (near.length === 0) return '';
  const list = near.length === 1 ? near[0]! : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]!}`;
  return `; did you mean ${list}?`;
}

/** iconv-lite's spelling of a charset name: lower case, letters and digits only. */
const canonical = (name: string): string => name.toLowerCase().replace(/[^0-9a-z]/g, '');

/** "; did you mean 'utf8'?" for a charset iconv-lite does not know: the text charsets it knows under a near name. */
export function charsetHint(name: string): string {
  const word = canonical(name);
  const reach = word.length <= 4 ? 1 : 2;
  // the text charsets among the near names, tested before closest() keeps three (a byte codec must not push one out)
  const known = Object.keys(iconv().encodings ?? {}).filter((k) => !k.startsWith('_') && (k.startsWith(word) || Math.abs(k.length - word.length) <= reach));
  return didYouMean(word, known.filter((c) => isTextCharset(c)));
}
