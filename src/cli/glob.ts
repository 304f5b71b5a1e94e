// --include, --exclude and --exclude-dir: shell patterns (POSIX fnmatch, as
// grep reads them, plus ripgrep's "{a,b}") matched against a base name.

/** A name filter of -r's walk: which files it reads and which directories it enters. */
export interface WalkFilter {
  /** Read a file of this base name? (--include, then --exclude) */
  file(name: string): boolean;
  /** Enter a directory of this base name? (--exclude-dir) */
  dir(name: string): boolean;
}

/** The filter of these patterns; no pattern lets everything through. */
export function walkFilter(include: readonly string[], exclude: readonly string[], excludeDir: readonly string[]): WalkFilter {
  const inc = include.map(globRegExp);
  const exc = exclude.map(globRegExp);
  const excDir = excludeDir.map(globRegExp);
  const any = (res: readonly RegExp[], name: string): boolean => res.some((re) => re.test(name));
  return {
    file: (name) => (inc.length === 0 || any(inc, name)) && !any(exc, name),
    dir: (name) => !any(excDir, name),
  };
}

/**
 * A pattern as an anchored RegExp: `*` any run of characters, `?` one, `[…]`
 * one of a set (`[!…]` or `[^…]` none of it, ranges `a-z`, a `]` first is
 * itself), `{a,b}` one of the alternatives (not nested), `\` the next
 * character as itself. A `[` or `{` that is not closed is itself, as fnmatch
 * reads it. A name's leading dot is matched by `*` like any character.
 */
export function globRegExp(glob: string): RegExp {
  let re = '';
  let inBraces = false;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) re += escape(glob[++i]!);
    else if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[') {
      const set = bracket(glob, i);
      if (set === undefined) re += '\\[';
      else {
        re += set.re;
        i = set.end;
      }
    } else if (c === '{' && !inBraces && glob.indexOf('}', i) !== -1) {
      inBraces = true;
      re += '(?:';
    } else if (c === ',' && inBraces) re += '|';
    else if (c === '}' && inBraces) {
      inBraces = false;
      re += ')';
    } else re += escape(c);
  }
  return new RegExp(`^(?:${re})$`, 's');
}

/** The set that opens at glob[i] ("["), as a RegExp class, and the index of its "]"; undefined when it is not closed. */
function bracket(glob: string, i: number): { re: string; end: number } | undefined {
  let j = i + 1;
  const negate = glob[j] === '!' || glob[j] === '^';
  if (negate) j++;
  let body = '';
  for (let first = true; j < glob.length; j++, first = false) {
    const c = glob[j]!;
    if (c === ']' && !first) return { re: `[${negate ? '^' : ''}${body}]`, end: j };
    if (c === '-' && !first && glob[j + 1] !== ']' && j + 1 < glob.length) body += '-';
    else body += c === '\\' || c === ']' || c === '[' || c === '^' || c === '-' ? `\\${c}` : c;
  }
  return undefined;
}

const escape = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
