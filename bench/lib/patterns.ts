// Pathological inputs for the linear-time check: each builds a string of about
// `bytes` bytes (all ASCII, so bytes = UTF-16 code units) by repeating a unit.

export interface Pattern {
  name: string;
  /** What it stresses. */
  about: string;
  make: (bytes: number) => string;
  /** Options for extract() and the stream (default: none). */
  options?: { maxLength: number };
}

/** A maxLength past any size measured: a held candidate is never given up (issue 17: 8 MiB in `<…>` took 16 s). */
const LONG = { maxLength: 1 << 27 };

function rep(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
}

function prefixed(head: string, unit: string, bytes: number): string {
  return head + rep(unit, bytes - head.length);
}

function quoteLines(bytes: number): string {
  // Quote depth cycles 1..256 so prefixes are deep and vary line to line.
  const parts: string[] = [];
  let n = 0;
  let d = 1;
  while (n < bytes) {
    const line = '>'.repeat(d) + ' <http://a/\n';
    parts.push(line);
    n += line.length;
    d = d === 256 ? 1 : d + 1;
  }
  return parts.join('').slice(0, bytes);
}

export const PATTERNS: readonly Pattern[] = [
  { name: '<', about: '`<` repeated: an angle opener on every character', make: (b) => rep('<', b) },
  { name: 'http://(((', about: '`http://` then `(` repeated: bracket balancing', make: (b) => prefixed('http://', '(', b) },
  { name: 'a:', about: '`a:` repeated: a scheme-shaped start on every other character', make: (b) => rep('a:', b) },
  { name: 'a.a.a.', about: 'dotted run `a.a.a.…`', make: (b) => rep('a.', b) },
  { name: 'www.www.', about: 'dotted run `www.www.…`', make: (b) => rep('www.', b) },
  { name: 'xxxx', about: 'one endless token, no whitespace', make: (b) => rep('x', b) },
  { name: 'http://aaaa', about: 'one endless bare URI (past maxLength)', make: (b) => prefixed('http://', 'a', b) },
  { name: '<http://a/xxxx', about: 'one endless unclosed `<…` URI', make: (b) => prefixed('<http://a/', 'x', b) },
  { name: '<http://a/b-⏎', about: '`<http://a/b-\\n` repeated: hyphen breaks inside unclosed angles', make: (b) => rep('<http://a/b-\n', b) },
  { name: 'http://x-⏎', about: '`http://x-\\n` repeated: bare hyphen breaks, each line continuing the last', make: (b) => rep('http://x-\n', b) },
  { name: '>>> <http://a/', about: 'quote prefixes 1..256 deep, each line an unclosed `<http://a/`', make: quoteLines },
  { name: '<http://a/ x x', about: '`<http://a/` then ` x` repeated: whitespace inside an unclosed angle', make: (b) => prefixed('<http://a/', ' x', b) },
  { name: '"http://a/', about: '`"http://a/` repeated: quote openers that never close', make: (b) => rep('"http://a/', b) },
  { name: 'http://[::', about: '`http://[` then `:` repeated: an endless IPv6 literal', make: (b) => prefixed('http://[', ':', b) },
  { name: 'http://a[[[', about: '`http://a` then `[x` repeated: a link-text look ahead at every bracket', make: (b) => prefixed('http://a', '[x', b) },
  { name: 'http://a,b', about: '`http://a` then `,b` repeated: a glued-scheme look ahead at every comma', make: (b) => prefixed('http://a', ',bbbbbbbbbbbbbbb', b) },
  { name: '<http://a/xxxx 2^27', about: 'one endless `<…` URI closed at the end, maxLength 2^27: held, never given up', make: (b) => prefixed('<http://a/', 'x', b - 1) + '>', options: LONG },
  { name: '"http://a/xxxx 2^27', about: 'the same in `"…"`', make: (b) => prefixed('"http://a/', 'x', b - 1) + '"', options: LONG },
  { name: 'http://aaaa 2^27', about: 'one endless bare URI, maxLength 2^27', make: (b) => prefixed('http://', 'a', b - 1) + ' ', options: LONG },
  { name: ' tag:x', about: '` tag:` and 250 characters repeated: the tagging-entity look ahead', make: (b) => rep(' tag:' + 'x'.repeat(250), b) },
];
