// "Did you mean" for a mistyped option name or value: the candidates that
// the word is a prefix of, else those within a small edit distance, else
// those near it in words; for an option, also the name another program
// gives it, and the long option written with one '-'.

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
 * word of up to four characters and two for a longer one, else those near
 * it in words (nearInWords). Case is ignored.
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
  return (found.length > 0 ? found : candidates.filter((c) => nearInWords(w, c.toLowerCase()))).slice(0, MAX);
}

/** A name's words, cut at '-' or '_' (`max_length` is `max-length`). */
const wordsOf = (name: string): string[] => name.split(/[-_]/);

/**
 * `a` and `b`, cut into words, differ by one word added or left out
 * (`max-uri-length` and `max-length`, `limit` and `unique-limit`), or by
 * one word in the same place when another of four letters or more is the
 * same (`uri-length` and `max-length`); or the words of one, run together,
 * begin those of the other, four letters at least (`baseuri` and `base`,
 * `maxlen` and `max-length`).
 */
function nearInWords(a: string, b: string): boolean {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.includes('') || y.includes('')) return false;
  if (Math.abs(x.length - y.length) === 1) {
    const [fewer, more] = x.length < y.length ? [x, y] : [y, x];
    if (fewer.every((word) => more.includes(word))) return true;
  }
  if (x.length === y.length && x.length > 1) {
    const differ = x.filter((word, i) => word !== y[i]).length;
    if (differ === 1 && x.some((word, i) => word === y[i] && word.length >= 4)) return true;
  }
  const [p, q] = [x.join(''), y.join('')];
  return Math.min(p.length, q.length) >= 4 && (p.startsWith(q) || q.startsWith(p));
}

/** Names other programs give an option urisift has under its own: suggested when no name of urisift's is near. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  encoding: 'charset', threads: 'jobs', parallel: 'jobs', dedup: 'unique', dedupe: 'unique', distinct: 'unique',
  canonicalize: 'normalize', glob: 'include', 'ignore-dir': 'exclude-dir', type: 'mode',
};

/**
 * The long options an unknown '--name' may stand for (`names`: the options,
 * without '--'); else, when the name is a value of an option (`values`: each
 * option's allowed values), that option with it: `--tsv` is `--format tsv`.
 */
export function optionHint(option: string, names: readonly string[], values: Readonly<Record<string, readonly string[]>> = {}): string {
  if (!option.startsWith('--')) return '';
  const word = option.slice(2);
  const near = didYouMean(word, names, (c) => `--${c}`);
  if (near !== '') return near;
  const other = OTHER_NAMES[wordsOf(word.toLowerCase()).join('-')];
  if (other !== undefined && names.includes(other)) return `; did you mean '--${other}'?`;
  const owner = Object.keys(values).find((name) => values[name]!.includes(word.toLowerCase()));
  return owner === undefined ? '' : `; did you mean '--${owner} ${word.toLowerCase()}'?`;
}

/**
 * A long option written with one '-' (`-json`, `-format=json`), before
 * any '--': parseArgs would read it as short options and a value (`-j son`),
 * none of which fits; the message that names the option meant, if any.
 */
export function singleDashHint(argv: readonly string[], names: readonly string[]): string | undefined {
  for (const arg of argv) {
    if (arg === '--') return undefined;
    if (arg.length < 3 || arg.charCodeAt(0) !== 0x2d || arg.charCodeAt(1) === 0x2d) continue;
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(1) : arg.slice(1, eq);
    if (names.includes(name)) return `unknown option '-${name}'; did you mean '--${name}'?`;
  }
  return undefined;
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
