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
  const inc = include.map(compileGlob);
  const exc = exclude.map(compileGlob);
  const excDir = excludeDir.map((g) => compileGlob(dirGlob(g)));
  const any = (globs: readonly Glob[], name: string): boolean => globs.some((g) => g.test(name));
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

/** One step of a compiled pattern: a test of one character, a star, or a brace's fork and join. */
type Node =
  | { kind: 'char'; c: string }
  | { kind: 'any' }
  | { kind: 'set'; re: RegExp }
  | { kind: 'star' }
  | { kind: 'fork'; to: number[] }
  | { kind: 'join'; to: number };

/**
 * A compiled pattern, matched as a set of positions in it that moves one
 * character of the name at a time (Thompson's construction): no backtracking,
 * at most (pattern length + 1) positions a character, so a name of n
 * characters costs O(n·m) whatever the pattern ("*a*a*a*a*b" included).
 */
export class Glob {
  /** Positions visited by test() so far (a measure of work, for tests). */
  work = 0;

  constructor(private readonly nodes: readonly Node[]) {}

  /** Does the whole name match? */
  test(name: string): boolean {
    const seen = new Int32Array(this.nodes.length + 1).fill(-1);
    let now: number[] = [];
    this.reach(0, now, seen, 0);
    let step = 0;
    for (const ch of name) {
      const next: number[] = [];
      step++;
      for (const i of now) {
        const n = this.nodes[i];
        if (n?.kind === 'star') this.reach(i, next, seen, step);
        else if (n !== undefined && takes(n, ch)) this.reach(i + 1, next, seen, step);
      }
      if (next.length === 0) return false;
      now = next;
    }
    return now.includes(this.nodes.length);
  }

  /** Adds position `from` and those it reaches by an empty match (past a star, a fork, a join) to `into`, once a step. */
  private reach(from: number, into: number[], seen: Int32Array, step: number): void {
    const stack = [from];
    for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
      if (seen[i] === step) continue;
      seen[i] = step;
      this.work++;
      const n = this.nodes[i];
      if (n?.kind === 'fork') for (const to of n.to) stack.push(to);
      else if (n?.kind === 'join') stack.push(n.to);
      else into.push(i);
      if (n?.kind === 'star') stack.push(i + 1);
    }
  }
}

/** Does this character-testing node take `ch`? */
const takes = (n: Node, ch: string): boolean =>
  n.kind === 'char' ? n.c === ch : n.kind === 'any' || (n.kind === 'set' && n.re.test(ch));

/**
 * A pattern compiled over characters (not UTF-16 units): `*` any run of
 * characters, `?` one, `[…]` one of a set (`[!…]` or `[^…]` none of it;
 * ranges `a-z`; `[:alpha:]` and the other POSIX classes; a `]` first is
 * itself, `\` quotes), `{a,b}` one of the alternatives, `\` the next
 * character as itself. A `[` or `{` that is not closed is itself, as fnmatch
 * reads it; a `*` matches a leading dot too. Throws GlobError for a `/` (a
 * base name holds none), nested braces, a range out of order, an unknown class.
 */
export function compileGlob(glob: string): Glob {
  const chars = [...glob];
  const nodes: Node[] = [];
  const group = new Braces(nodes);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) nodes.push({ kind: 'char', c: chars[++i]! });
    else if (c === '*') nodes.push({ kind: 'star' });
    else if (c === '?') nodes.push({ kind: 'any' });
    else if (c === '/') throw new GlobError("a '/' never matches: patterns match base names");
    else if (c === '[') {
      const set = bracket(chars, i);
      nodes.push(set === undefined ? { kind: 'char', c } : { kind: 'set', re: new RegExp(`^${set.re}$`, 'u') });
      if (set !== undefined) i = set.end;
    } else if (c === '{' && group.open) throw new GlobError('braces inside braces are not read');
    else if (c === '{' && group.start(braceEnd(chars, i))) continue;
    else if (c === ',' && group.open) group.next();
    else if (c === '}' && group.closesAt(i)) group.close();
    else nodes.push({ kind: 'char', c });
  }
  return new Glob(nodes);
}

/** The brace group being compiled: a fork to each alternative, a join after each but the last. */
class Braces {
  private end = -1; // the index of the "}" that closes the group, or -1
  private fork: { kind: 'fork'; to: number[] } = { kind: 'fork', to: [] };
  private joins: Array<{ kind: 'join'; to: number }> = [];

  constructor(private readonly nodes: Node[]) {}

  get open(): boolean {
    return this.end !== -1;
  }

  closesAt(i: number): boolean {
    return this.end === i;
  }

  /** Opens a group that ends at `end` (-1: no "}" closes it, so there is none); whether one opened. */
  start(end: number): boolean {
    if (end === -1) return false;
    this.end = end;
    this.fork = { kind: 'fork', to: [this.nodes.length + 1] };
    this.nodes.push(this.fork);
    return true;
  }

  next(): void {
    const join = { kind: 'join' as const, to: -1 };
    this.joins.push(join);
    this.nodes.push(join);
    this.fork.to.push(this.nodes.length);
  }

  close(): void {
    for (const join of this.joins) join.to = this.nodes.length;
    this.joins = [];
    this.end = -1;
  }
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

const classChar = (c: string): string => (/[\\\]\[^-]/.test(c) ? `\\${c}` : c);
