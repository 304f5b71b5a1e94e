// Which `scheme:` starts a bare URI (Appendix C, whitespace delimiting).
// Any scheme followed by "//" does; without "//", only a registered one
// (IANA), so that `Note:`, `re:`, `std::vector` and `10:30` stay prose.

import { SCHEMES } from '../uri/schemes.js';
import { optionType, UrisiftOptionError } from './errors.js';
import { hasUpperCase } from './chars.js';

/** The table's names, sorted into the fast lookups below in one pass (forEach: no iterator to walk in the interpreter, where this runs). */
function names(): Record<'prose' | 'authority' | 'registered' | 'known' | 'opaque', Set<string>> {
  const sets = { prose: new Set<string>(), authority: new Set<string>(), registered: new Set<string>(), known: new Set<string>(), opaque: new Set<string>() };
  SCHEMES.forEach((row, name) => {
    sets.known.add(name);
    if (row.registered) sets.registered.add(name);
    if (row.form === 'word') sets.prose.add(name);
    else if (row.form === 'authority') sets.authority.add(name);
    else if (name !== 'javascript') sets.opaque.add(name);
  });
  return sets;
}

const NAMES = names();

/** Registered schemes that are also everyday words (the table's form 'word'): bare or in quotes they need "//". */
export const PROSE_SCHEMES: ReadonlySet<string> = NAMES.prose;

/**
 * Schemes written with "//" (the table's form 'authority'): bare they need
 * it; in quotes too, but for http and https (needsSlashesInQuotes); inside
 * <…> any scheme still counts, as Appendix C says.
 */
const AUTHORITY_SCHEMES: ReadonlySet<string> = NAMES.authority;

/** The IANA registry's schemes. */
const REGISTERED: ReadonlySet<string> = NAMES.registered;

/** The registry's schemes and the common ones (all the table's rows). */
const KNOWN: ReadonlySet<string> = NAMES.known;

/**
 * The schemes that start a bare URI without "//": the table's opaque ones,
 * registered or common, but javascript (a bare "javascript:" is left to
 * delimiters).
 */
export const DEFAULT_SCHEMES: ReadonlySet<string> = NAMES.opaque;

/** A compiled `schemes` option. */
export interface SchemePolicy {
  /** Schemes that may start a candidate without "//". */
  readonly opaque: ReadonlySet<string>;
  /** When set, only these schemes start a candidate at all, "//" or not. */
  readonly only: ReadonlySet<string> | undefined;
  /** Schemes that never start a candidate. */
  readonly excluded: ReadonlySet<string>;
}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*$/;
const NONE: ReadonlySet<string> = new Set();

/**
 * Compile the `schemes` option: a list replaces the default set; a list
 * whose entries all start with "+" or "-" adds to or removes from it.
 */
export function compileSchemes(schemes: readonly string[] | undefined): SchemePolicy {
  if (schemes === undefined) return { opaque: DEFAULT_SCHEMES, only: undefined, excluded: NONE };
  if (!Array.isArray(schemes) || !schemes.every((s) => typeof s === 'string')) throw optionType('schemes must be an array of scheme names');
  if (schemes.length === 0) throw new UrisiftOptionError('empty-scheme-list', 'a schemes list names no scheme: nothing would be found');
  const marked = schemes.filter((s) => /^[+-]/.test(s));
  const edits = schemes.length > 0 && marked.length === schemes.length;
  if (marked.length > 0 && !edits) {
    throw new UrisiftOptionError('mixed-scheme-list', `a schemes list names schemes or edits the default with +x/-x entries, not both: ${JSON.stringify(marked[0])}`);
  }
  const names = schemes.map((s) => checkScheme(edits ? s.slice(1) : s));
  if (!edits) {
    const only = new Set(names);
    return { opaque: only, only, excluded: NONE };
  }
  const opaque = new Set(DEFAULT_SCHEMES);
  const excluded = new Set<string>();
  schemes.forEach((s, i) => {
    const name = names[i]!;
    if (s[0] === '+') { opaque.add(name); excluded.delete(name); }
    else { opaque.delete(name); excluded.add(name); }
  });
  return { opaque, only: undefined, excluded };
}

function checkScheme(name: string): string {
  const lower = name.toLowerCase();
  if (!SCHEME_RE.test(lower)) throw new UrisiftOptionError('invalid-scheme-name', `not a scheme name: ${JSON.stringify(name)}`);
  return lower;
}

/**
 * text[start, end) in lower case: the name the scheme sets below are keyed
 * by. Scheme characters are ASCII, and toLowerCase on a slice of a two-byte
 * string (text with any character above U+00FF) goes through ICU: it is
 * called only when there is an upper-case letter to change.
 */
export function schemeName(text: string, start: number, end: number): string {
  const name = text.slice(start, end);
  return hasUpperCase(text, start, end) ? name.toLowerCase() : name;
}

/**
 * Is `name` written with "//", but for http and https? In quotes without
 * "//" such a scheme is config ("ssh:22", "redis:6379"); "http:g" stays a
 * reference, as RFC 3986 §5.4.2 reads it.
 */
export function needsSlashesInQuotes(name: string): boolean {
  return AUTHORITY_SCHEMES.has(name) && name !== 'http' && name !== 'https';
}

/** Is `name` (lower case) in the IANA registry, or a well-known one? */
export function isRegisteredName(name: string): boolean {
  return KNOWN.has(name);
}

/** Is text[start, end) a scheme in the IANA registry, or a well-known one (any case)? */
export function isRegisteredScheme(text: string, start: number, end: number): boolean {
  return isRegisteredName(schemeName(text, start, end));
}

/**
 * A dotted scheme that is not registered but ends in one that is
 * ("www.ftp", "see.http") reads as a prefix glued to a URI: start at the
 * registered part. Registered dotted schemes ("z39.50r") stay whole.
 */
export function registeredSuffix(text: string, start: number, end: number): number {
  let dot = end - 1; // a bounded walk: lastIndexOf would search the whole text before `start`
  while (dot >= start && text.charCodeAt(dot) !== 0x2e) dot--;
  if (dot < start) return start;
  if (REGISTERED.has(schemeName(text, start, end))) return start;
  const suffix = schemeName(text, dot + 1, end);
  return /^[a-z]/.test(suffix) && REGISTERED.has(suffix) ? dot + 1 : start;
}

/**
 * Does the scheme text[start, end) start a candidate? `anyScheme` when "//"
 * follows or the text is delimited (<…>, "…"); else the scheme must be one
 * of the policy's opaque schemes.
 */
export function startsCandidate(policy: SchemePolicy, text: string, start: number, end: number, anyScheme: boolean): boolean {
  if (anyScheme && policy.only === undefined && policy.excluded.size === 0) return true; // fast path
  const lower = schemeName(text, start, end);
  if (policy.excluded.has(lower)) return false;
  if (policy.only !== undefined && !policy.only.has(lower)) return false;
  return anyScheme || policy.opaque.has(lower);
}

/** Does the policy name `scheme` (lower case) itself: a plain list holding it, or the default set's opaque schemes? */
export function namedScheme(policy: SchemePolicy, scheme: string): boolean {
  return policy.only?.has(scheme) === true || (policy.only === undefined && policy.opaque.has(scheme));
}

/**
 * A scheme the caller named that neither the registry nor the default set
 * knows ("+myapp", ['session']): in <…> and "…" it is taken as written, with
 * none of the guesses that keep unknown words and XML names out.
 */
export function callerScheme(policy: SchemePolicy, scheme: string): boolean {
  return policy.only !== undefined ? policy.only.has(scheme) && !isRegisteredName(scheme) : policy.opaque.has(scheme) && !DEFAULT_SCHEMES.has(scheme);
}
