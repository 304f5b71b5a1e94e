// --include, --exclude and --exclude-dir: shell patterns (POSIX fnmatch, as
// grep reads them, plus ripgrep's "{a,b}") matched against a base name.

/** A name filter of -r's walk: which files it reads and which directories it enters. */
export interface WalkFilter {
  /** Read a file of this base name? (--include, then --exclude) */
  file(name: string): boolean;
  /** Enter a directory of this base name? (--exclude-dir) */
  dir(name: string): boolean;
}

/** A pattern that names nothing it could match, with why. */
export class GlobError extends Error {
  override name = 'GlobError';
}

/** The filter of these patterns; no pattern lets everything through. Throws GlobError. */
export function walkFilter(include: readonly string[], exclude: readonly string[], excludeDir: readonly string[]): WalkFilter {
  const inc = include.map(globRegExp);
  const exc = exclude.map(globRegExp);
  const excDir = excludeDir.map((g) => globRegExp(dirGlob(g)));
  const any = (res: readonly RegExp[], name: string): boolean => res.some((re) => re.test(name));
  return {
    file: (name) => (inc.length === 0 || any(inc, name)) && !any(exc, name),
    dir: (name) => !any(excDir, name),
  };
}

/** An --exclude-dir pattern as shell completion writes a directory ("sub/"): the name. */
export const dirGlob = (g: string): string => (g.length > 1 && g.endsWith('/') ? g.slice(0, -1) : g);

/** POSIX character classes ("[[:alpha:]]"), as Unicode property sets. */
const CLASSES: Record<string, string> = {
  alpha: '\\p{L}', digit: '0-9', alnum: '\\p{L}\\p{Nd}', upper: '\\p{Lu}', lower: '\\p{Ll}', space: '\\s', blank: ' \\t',
  punct: '\\p{P}\\p{S}', xdigit: '0-9A-Fa-f', cntrl: '\\p{Cc}',
};

/**
 * A pattern as an anchored RegExp over characters (not UTF-16 units): `*` any
 * run of characters, `?` one, `[…]` one of a set (`[!…]` or `[^…]` none of
 * it; ranges `a-z`; `[:alpha:]` and the other POSIX classes; a `]` first is
 * itself, `\` quotes), `{a,b}` one of the alternatives, `\` the next
 * character as itself. A `[` or `{` that is not closed is itself, as fnmatch
 * reads it; a `*` matches a leading dot too. Throws GlobError for a `/` (a
 * base name holds none), nested braces, a range out of order, an unknown class.
 */
export function globRegExp(glob: string): RegExp {
  const chars = [...glob];
  let re = '';
  let braces = -1; // where the open brace's group ends, or -1
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) re += escape(chars[++i]!);
    else if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '/') throw new GlobError("a '/' never matches: patterns match base names");
    else if (c === '[') {
      const set = bracket(chars, i);
      re += set === undefined ? '\\[' : set.re;
      if (set !== undefined) i = set.end;
    } else if (c === '{' && braces !== -1) throw new GlobError('braces inside braces are not read');
    else if (c === '{' && (braces = braceEnd(chars, i)) !== -1) re += '(?:';
    else if (c === ',' && braces !== -1) re += '|';
    else if (c === '}' && braces === i) {
      braces = -1;
      re += ')';
    } else re += escape(c);
  }
  return new RegExp(`^(?:${re})$`, 'su');
}

/** The index of the "}" that closes the brace at chars[i] (past escapes and sets), or -1. */
function braceEnd(chars: readonly string[], i: number): number {
  for (let j = i + 1; j < chars.length; j++) {
    const c = chars[j]!;
    if (c === '\\') j++;
    else if (c === '[') j = bracket(chars, j)?.end ?? j;
    else if (c === '}') return j;
  }
  return -1;
}

/** The set that opens at chars[i] ("["), as a RegExp class, and the index of its "]"; undefined when it is not closed. */
function bracket(chars: readonly string[], i: number): { re: string; end: number } | undefined {
  let j = i + 1;
  const negate = chars[j] === '!' || chars[j] === '^';
  if (negate) j++;
  let body = '';
  for (let first = true; j < chars.length; j++, first = false) {
    const c = chars[j]!;
    if (c === ']' && !first) return { re: `[${negate ? '^' : ''}${body}]`, end: j };
    const cls = c === '[' && chars[j + 1] === ':' ? posixClass(chars, j) : undefined;
    if (cls !== undefined) {
      body += cls.re;
      j = cls.end;
      continue;
    }
    const lo = c === '\\' && j + 1 < chars.length ? chars[++j]! : c;
    if (chars[j + 1] === '-' && chars[j + 2] !== undefined && chars[j + 2] !== ']') {
      const hi = chars[j + 2] === '\\' && chars[j + 3] !== undefined ? chars[j + 3]! : chars[j + 2]!;
      if (hi.codePointAt(0)! < lo.codePointAt(0)!) throw new GlobError(`the range ${lo}-${hi} is out of order`);
      body += `${classChar(lo)}-${classChar(hi)}`;
      j += chars[j + 2] === '\\' ? 3 : 2;
    } else body += classChar(lo);
  }
  return undefined;
}

/** "[:name:]" at chars[j], as the class's RegExp body, and the index of its last "]"; undefined when it is no class. */
function posixClass(chars: readonly string[], j: number): { re: string; end: number } | undefined {
  const close = chars.indexOf(':', j + 2);
  if (close === -1 || chars[close + 1] !== ']') return undefined;
  const name = chars.slice(j + 2, close).join('');
  const re = CLASSES[name];
  if (re === undefined) throw new GlobError(`no class [:${name}:] (${Object.keys(CLASSES).join(', ')})`);
  return { re, end: close + 1 };
}

const escape = (c: string): string => (/[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c);
const classChar = (c: string): string => (/[\\\]\[^-]/.test(c) ? `\\${c}` : c);
