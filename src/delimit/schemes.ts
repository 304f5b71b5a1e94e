// Which `scheme:` starts a bare URI (Appendix C, whitespace delimiting).
// Any scheme followed by "//" does; without "//", only a registered one
// (IANA), so that `Note:`, `re:`, `std::vector` and `10:30` stay prose.

import { UrisiftOptionError } from './errors.js';
import { REGISTERED_SCHEMES } from './schemes-data.js';

/**
 * Registered schemes that are also everyday words, log labels or XML prefixes
 * ("at:10pm", "session:abc", "INFO:root"). They still start a URI before
 * "//" and inside <…> or "…", just not bare without "//".
 */
export const PROSE_SCHEMES: ReadonlySet<string> = new Set(('aim android apt at calculator cast content drop example '
  + 'feed fish go graph ham icon info lid maps market message modem notes num pack payment platform proxy query '
  + 'res resource service session shelter submit teapot things tip tool unreal').split(' '));

/**
 * Schemes whose specifications require an authority ("//"): bare
 * `http:/x` or `https:x` in text is a typo, not a URI (inside <…> or "…"
 * any scheme still counts, as Appendix C says).
 */
export const AUTHORITY_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/** The schemes that start a bare URI without "//": the IANA registry less PROSE_SCHEMES and AUTHORITY_SCHEMES. */
export const DEFAULT_SCHEMES: ReadonlySet<string> = new Set(
  REGISTERED_SCHEMES.filter((s) => !PROSE_SCHEMES.has(s) && !AUTHORITY_SCHEMES.has(s)),
);

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
  if (!Array.isArray(schemes)) throw new TypeError('schemes must be an array of scheme names');
  const edits = schemes.length > 0 && schemes.every((s) => typeof s === 'string' && /^[+-]/.test(s));
  const names = schemes.map((s) => checkScheme(edits ? String(s).slice(1) : s));
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

function checkScheme(name: unknown): string {
  if (typeof name !== 'string') throw new TypeError('schemes must be an array of scheme names');
  const lower = name.toLowerCase();
  if (!SCHEME_RE.test(lower)) throw new UrisiftOptionError('invalid-scheme-name', `not a scheme name: ${JSON.stringify(name)}`);
  return lower;
}

const REGISTERED: ReadonlySet<string> = new Set(REGISTERED_SCHEMES);

/** Schemes in wide use without "//" that the IANA registry does not hold. */
const WELL_KNOWN: ReadonlySet<string> = new Set(['javascript', 'jdbc']);

/** Is text[start, end) a scheme in the IANA registry, or a well-known one (any case)? */
export function isRegisteredScheme(text: string, start: number, end: number): boolean {
  const name = text.slice(start, end).toLowerCase();
  return REGISTERED.has(name) || WELL_KNOWN.has(name);
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
  if (REGISTERED.has(text.slice(start, end).toLowerCase())) return start;
  const suffix = text.slice(dot + 1, end).toLowerCase();
  return /^[a-z]/.test(suffix) && REGISTERED.has(suffix) ? dot + 1 : start;
}

/**
 * Does the scheme text[start, end) start a candidate? `anyScheme` when "//"
 * follows or the text is delimited (<…>, "…"); else the scheme must be one
 * of the policy's opaque schemes.
 */
export function startsCandidate(policy: SchemePolicy, text: string, start: number, end: number, anyScheme: boolean): boolean {
  if (anyScheme && policy.only === undefined && policy.excluded.size === 0) return true; // fast path
  const lower = text.slice(start, end).toLowerCase();
  if (policy.excluded.has(lower)) return false;
  if (policy.only !== undefined && !policy.only.has(lower)) return false;
  return anyScheme || policy.opaque.has(lower);
}
