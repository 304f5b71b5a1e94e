// Shapes of a relative reference that acceptRelative reads as no link, by a
// walk over its characters: a reference may be megabytes long (maxLength
// up to 16 Mi), and a regular expression that repeats a group takes a place
// on V8's backtrack stack per repetition, which a few million overflow (a
// RangeError from the match).

import { DOT, HASH, HYPHEN, PLUS, QUESTION, SLASH, UNDERSCORE, isAlnum, isAlpha, isDigit } from './chars.js';

/** A word character of a regular expression's \w. */
const isWord = (c: number): boolean => isAlnum(c) || c === UNDERSCORE;

/**
 * "/", "?", "#", or dot segments only ("..", "../..", "./", RFC 3986
 * §5.4.1): the references of punctuation only that are links.
 */
export function dotsOrDelimiter(ref: string): boolean {
  const n = ref.length;
  const c = ref.charCodeAt(0);
  if (n === 1 && (c === SLASH || c === QUESTION || c === HASH)) return true;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && j - i < 2 && ref.charCodeAt(j) === DOT) j++;
    if (j === i) return false;
    if (j === n) return true;
    if (ref.charCodeAt(j) !== SLASH) return false;
    i = j + 1;
  }
  return n > 0;
}

/**
 * ref[i…] is one or more words, each after a "." (\.[\w-]+ repeated, or
 * \.\w+ without `hyphen`), to the end.
 */
function dottedWords(ref: string, i: number, hyphen: boolean): boolean {
  if (ref.charCodeAt(i) !== DOT) return false;
  let run = 0;
  for (let j = i + 1; j < ref.length; j++) {
    const c = ref.charCodeAt(j);
    if (c === DOT) {
      if (run === 0) return false;
      run = 0;
    } else if (isWord(c) || (hyphen && c === HYPHEN)) {
      run++;
    } else {
      return false;
    }
  }
  return run > 0;
}

/** A name after a dot, with no slash: a dotfile (".git", ".npmrc") or a file name's extension (".py", ".tar.gz"). */
export function dotName(ref: string): boolean {
  return dottedWords(ref, 0, true);
}

/** A product and its version (RFC 9110 §10.1.5), as user agents write them: "curl/8.5.0", "Mozilla/5.0". */
export function product(ref: string): boolean {
  const n = ref.length;
  if (!isAlpha(ref.charCodeAt(0))) return false;
  let i = 1;
  for (let c = ref.charCodeAt(i); i < n && (isWord(c) || c === DOT || c === PLUS || c === HYPHEN); c = ref.charCodeAt(++i));
  if (ref.charCodeAt(i) !== SLASH) return false;
  const digits = ++i;
  while (i < n && isDigit(ref.charCodeAt(i))) i++;
  return i > digits && dottedWords(ref, i, false);
}

/** A date or a fraction: numbers with a "/" between them ("12/31/2024", "50/50"). */
export function slashedNumbers(ref: string): boolean {
  let run = 0;
  let slashes = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (isDigit(c)) run++;
    else if (c !== SLASH || run === 0) return false;
    else { run = 0; slashes++; }
  }
  return slashes > 0 && run > 0;
}
