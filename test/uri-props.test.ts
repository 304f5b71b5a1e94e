// Property tests (fast-check) for the RFC 3986 core. Runs in a few seconds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse, recompose, resolve, normalize, equivalent, removeDotSegments, toUri, inspect } from '../src/index.js';
import type { UriErrorCode } from '../src/index.js';
import { newOffsets, scanUriReference } from '../src/uri/parse.js';
import { CHAR_CLASS, QUERY } from '../src/uri/chars.js';

const RUNS = 400;
const params = { numRuns: RUNS, seed: 3986 } as const;

// ---- a URI-ish grammar (Appendix A, plus deliberate near misses) -----------------

const pick = (s: string) => fc.constantFrom(...s.split(''));
const unreserved = pick('abcXYZ019-._~');
const subDelims = pick("!$&'()*+,;=");
const hex = pick('0123456789abcdefABCDEF');
const pct = fc.tuple(hex, hex).map(([a, b]) => `%${a}${b}`);
// Occasionally emit characters that are not allowed, so invalid inputs are exercised too.
const junk = fc.constantFrom('%', '%g1', ' ', '[', ']', '#', '\\', '"', '<', 'é', '|', '{');
const pchar = fc.oneof(
  { weight: 10, arbitrary: unreserved },
  { weight: 3, arbitrary: subDelims },
  { weight: 2, arbitrary: pct },
  { weight: 2, arbitrary: fc.constantFrom(':', '@') },
  { weight: 1, arbitrary: junk },
);
const str = (a: fc.Arbitrary<string>, max: number) => fc.array(a, { maxLength: max }).map((x) => x.join(''));
const segment = fc.oneof(str(pchar, 6), fc.constantFrom('.', '..', '', '.', '..'));
const pathTail = fc.array(segment, { maxLength: 5 }).map((s) => s.map((x) => '/' + x).join(''));
const scheme = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('http', 'HTTPS', 'ftp', 'ws', 'wss', 'foo', 'urn', 'mailto', 'file', 'a+b.c-d') },
  { weight: 1, arbitrary: fc.constantFrom('1x', '', 'a_b') },
);
const h16 = fc.stringMatching(/^[0-9a-fA-F]{1,4}$/);
const decOctet = fc.integer({ min: 0, max: 260 }).map(String);
const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((p) => p.join('.'));
const ipv6 = fc.oneof(
  fc.array(h16, { minLength: 8, maxLength: 8 }).map((p) => p.join(':')),
  fc.tuple(fc.array(h16, { maxLength: 3 }), fc.array(h16, { maxLength: 3 })).map(([a, b]) => `${a.join(':')}::${b.join(':')}`),
  fc.tuple(fc.array(h16, { maxLength: 2 }), ipv4).map(([a, v4]) => `${a.join(':')}::${v4}`),
  fc.constantFrom('::', '::1', '1::', '1:2:3:4:5:6:7::', '1::2::3', 'fe80::1%25eth0'),
);
const host = fc.oneof(
  { weight: 5, arbitrary: str(fc.oneof(unreserved, subDelims, pct), 8) },
  { weight: 2, arbitrary: ipv4 },
  { weight: 2, arbitrary: ipv6.map((a) => `[${a}]`) },
  { weight: 1, arbitrary: fc.constantFrom('[v7.x:y]', '[V1.a]', '[v.x]', 'a b', 'EXAMPLE.com', '0x7f.1') },
);
const port = fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 70000 }).map(String), fc.constantFrom('080', 'x'));
const authority = fc
  .tuple(fc.option(str(fc.oneof(unreserved, subDelims, pct, fc.constant(':')), 6)), host, fc.option(port))
  .map(([ui, h, p]) => `${ui === null ? '' : ui + '@'}${h}${p === null ? '' : ':' + p}`);
const qf = str(fc.oneof(pchar, fc.constantFrom('/', '?')), 8);
const hier = fc.oneof(
  authority.chain((a) => pathTail.map((p) => `//${a}${p}`)),
  pathTail.map((p) => (p.startsWith('//') ? p.slice(1) : p)),
  fc.tuple(segment, pathTail).map(([s, p]) => s + p),
  fc.constant(''),
);
const uriRef = fc
  .tuple(fc.option(scheme, { freq: 2 }), hier, fc.option(qf), fc.option(qf))
  .map(([s, h, q, f]) => `${s === null ? '' : s + ':'}${h}${q === null ? '' : '?' + q}${f === null ? '' : '#' + f}`);
const absoluteBase = fc
  .tuple(fc.constantFrom('http', 'foo', 'urn', 'HTTP'), hier, fc.option(qf))
  .map(([s, h, q]) => `${s}:${h}${q === null ? '' : '?' + q}`)
  .filter((b) => parse(b) !== undefined);
/** RFC 3986 Appendix B: the five components of any string. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/s;
const anything = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ maxLength: 30 }), uriRef);

// ---- properties -------------------------------------------------------------------

const P = suite('uri properties');

P('the grammar generator yields both valid and invalid references', () => {
  const sample = fc.sample(uriRef, { numRuns: 500, seed: 1 });
  const ok = sample.filter((s) => parse(s) !== undefined).length;
  assert.ok(ok > 100 && ok < 500, `valid ${ok} of 500`);
});

P('recompose(parse(s)) === s for every s that parses (§5.3)', () => {
  fc.assert(
    fc.property(fc.oneof(uriRef, fc.string({ maxLength: 20 })), (s) => {
      const c = parse(s);
      return c === undefined || recompose(c) === s;
    }),
    params,
  );
});

P('parse splits every reference it accepts as Appendix B\'s regular expression does', () => {
  fc.assert(
    fc.property(fc.oneof(uriRef, fc.string({ maxLength: 20 })), (s) => {
      const c = parse(s);
      if (c === undefined) return true;
      const m = APPENDIX_B.exec(s)!;
      const authority = c.host === undefined ? undefined : `${c.userinfo === undefined ? '' : c.userinfo + '@'}${c.host}${c.port === undefined ? '' : ':' + c.port}`;
      assert.equal([c.scheme, authority, c.path, c.query, c.fragment], [m[2], m[4], m[5], m[7], m[9]], s);
      return true;
    }),
    params,
  );
});

P('parse rejects exactly what it reports: undefined iff an error code is pushed', () => {
  fc.assert(
    fc.property(anything, (s) => {
      const errors: UriErrorCode[] = [];
      const c = parse(s, errors);
      return c === undefined ? errors.length > 0 : errors.length === 0;
    }),
    params,
  );
});

P('normalize is idempotent and its output parses', () => {
  for (const level of ['syntax', 'scheme'] as const) {
    fc.assert(
      fc.property(uriRef, (s) => {
        const n = normalize(s, { level });
        if (n === undefined) return parse(s) === undefined;
        return parse(n) !== undefined && normalize(n, { level }) === n;
      }),
      params,
    );
  }
});

P('normalize never changes the scheme/authority presence', () => {
  fc.assert(
    fc.property(uriRef, (s) => {
      const c = parse(s);
      const n = normalize(s);
      if (c === undefined || n === undefined) return true;
      const d = parse(n);
      return d !== undefined && (d.scheme === undefined) === (c.scheme === undefined) && (d.host === undefined) === (c.host === undefined);
    }),
    params,
  );
});

P('equivalent is reflexive on valid URIs and agrees with normalize', () => {
  fc.assert(
    fc.property(uriRef, uriRef, (a, b) => {
      if (parse(a) !== undefined && !equivalent(a, a)) return false;
      const na = normalize(a);
      const nb = normalize(b);
      if (na !== undefined && nb !== undefined && na === nb) return equivalent(a, b);
      return true;
    }),
    params,
  );
});

P('resolve with a valid base yields an absolute URI (scheme defined) that parses', () => {
  fc.assert(
    fc.property(absoluteBase, uriRef, fc.boolean(), (base, ref, strict) => {
      const t = resolve(base, ref, { strict });
      if (t === undefined) return parse(ref) === undefined;
      const c = parse(t);
      return c !== undefined && c.scheme !== undefined;
    }),
    params,
  );
});

P('resolving an absolute target again is stable once its dot segments are gone', () => {
  fc.assert(
    fc.property(absoluteBase, uriRef, (base, ref) => {
      const t = resolve(base, ref);
      if (t === undefined) return true;
      const t2 = resolve(base, t);
      return t2 !== undefined && resolve(base, t2) === t2;
    }),
    params,
  );
});

// ---- §5.2 as the RFC writes it: its pseudocode on Appendix B's split ---------------

/** RFC 3986 §5.2.4 remove_dot_segments, one rule at a time on two string buffers. */
function removeDotSegmentsAsWritten(input: string): string {
  let output = '';
  const dropLast = (): void => void (output = output.slice(0, Math.max(0, output.lastIndexOf('/'))));
  while (input !== '') {
    if (input.startsWith('../')) input = input.slice(3); // A
    else if (input.startsWith('./')) input = input.slice(2); // A
    else if (input.startsWith('/./')) input = input.slice(2); // B
    else if (input === '/.') input = '/'; // B
    else if (input.startsWith('/../')) { input = input.slice(3); dropLast(); } // C
    else if (input === '/..') { input = '/'; dropLast(); } // C
    else if (input === '.' || input === '..') input = ''; // D
    else { // E: the first segment, with its leading "/" if any
      const end = input.indexOf('/', 1);
      const segment = end === -1 ? input : input.slice(0, end);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

/** RFC 3986 §5.2.2 (with §5.2.3 and §5.3) on the five components Appendix B's regular expression splits. */
function resolveAsWritten(base: string, reference: string, strict: boolean): string {
  const split = (s: string) => {
    const m = APPENDIX_B.exec(s)!;
    return { scheme: m[2], authority: m[4], path: m[5]!, query: m[7], fragment: m[9] };
  };
  const B = split(base);
  const R = split(reference);
  if (!strict && R.scheme?.toLowerCase() === B.scheme?.toLowerCase()) R.scheme = undefined;
  const T = { ...R, path: removeDotSegmentsAsWritten(R.path) };
  if (R.scheme === undefined) {
    T.scheme = B.scheme;
    if (R.authority === undefined) {
      T.authority = B.authority;
      if (R.path === '') {
        T.path = B.path;
        T.query = R.query ?? B.query;
      } else if (!R.path.startsWith('/')) {
        const merged = B.authority !== undefined && B.path === '' ? '/' + R.path : B.path.slice(0, B.path.lastIndexOf('/') + 1) + R.path; // §5.2.3
        T.path = removeDotSegmentsAsWritten(merged);
      }
    }
  }
  // §5.3, with recompose's guard: a path starting "//" and no authority would read as one
  const path = T.authority === undefined && T.path.startsWith('//') ? '/.' + T.path : T.path;
  return `${T.scheme}:${T.authority === undefined ? '' : '//' + T.authority}${path}${T.query === undefined ? '' : '?' + T.query}${T.fragment === undefined ? '' : '#' + T.fragment}`;
}

P('resolve gives what §5.2\'s pseudocode gives on Appendix B\'s split, strict or not', () => {
  fc.assert(
    fc.property(absoluteBase, uriRef, fc.boolean(), (base, ref, strict) => {
      if (parse(ref) === undefined) return true;
      assert.is(resolve(base, ref, { strict }), resolveAsWritten(base, ref, strict), `${base} + ${ref}`);
      return true;
    }),
    { numRuns: RUNS * 5, seed: 52 },
  );
});

P('removeDotSegments is §5.2.4\'s loop on every string of ".", "/" and "a" up to 9 long', () => {
  for (let length = 0, strings = ['']; length <= 9; length++, strings = strings.flatMap((s) => [s + '.', s + '/', s + 'a'])) {
    for (const s of strings) if (removeDotSegments(s) !== removeDotSegmentsAsWritten(s)) assert.is(removeDotSegments(s), removeDotSegmentsAsWritten(s), s);
  }
});

P('removeDotSegments output has no complete "." or ".." segment', () => {
  fc.assert(
    fc.property(fc.oneof(pathTail, fc.tuple(segment, pathTail).map(([s, p]) => s + p)), (p) => {
      const out = removeDotSegments(p);
      return !out.split('/').some((seg) => seg === '.' || seg === '..') && removeDotSegments(out) === out;
    }),
    params,
  );
});

P('nothing throws on arbitrary strings (unicode included)', () => {
  fc.assert(
    fc.property(anything, anything, (a, b) => {
      parse(a);
      const c = parse(a);
      if (c) recompose(c);
      removeDotSegments(a);
      resolve(a, b);
      resolve(a, b, { strict: false });
      normalize(a);
      normalize(a, { level: 'syntax' });
      equivalent(a, b);
      equivalent(a, b, { ignoreFragment: true });
      toUri(a);
      inspect(a);
      return true;
    }),
    { numRuns: RUNS * 2, seed: 66 },
  );
});

P('toUri output is a valid URI-reference whenever the IRI is one modulo non-ASCII', () => {
  const nonAscii = fc.constantFrom('é', 'ü', 'ア', '日本', '\u{10300}', 'Москва');
  const iri = fc
    .tuple(uriRef, nonAscii, fc.constantFrom('path', 'query', 'fragment'))
    .filter(([s]) => parse(s) !== undefined)
    .map(([s, x, where]) => {
      const c = parse(s)!;
      if (where === 'query') return recompose({ ...c, query: (c.query ?? '') + x });
      if (where === 'fragment') return recompose({ ...c, fragment: (c.fragment ?? '') + x });
      return c.path === '' || c.path.startsWith('/') ? recompose({ ...c, path: `${c.path}/${x}` }) : recompose({ ...c, path: `${x}/${c.path}` });
    });
  fc.assert(
    fc.property(iri, (s) => {
      const out = toUri(s);
      return out !== undefined && parse(out) !== undefined && /^[\x21-\x7e]*$/.test(out);
    }),
    params,
  );
});

P('the plain fast path (every character a query character, "#" or "%") agrees with the full walk, offsets included', () => {
  const isPlain = (s: string) => [...s].every((ch) => ch === '#' || ch === '%' || (ch.charCodeAt(0) < 128 && (CHAR_CLASS[ch.charCodeAt(0)]! & QUERY) !== 0));
  // Many colons and "@"s: the authority rules the fast path shortcuts.
  const plainRef = fc.oneof(uriRef, str(fc.constantFrom('a', '1', '.', ':', '@', '/', '?', '//', 'x:', '0.1', '!', '#', '%', '%4', 'F'), 14));
  let plainSeen = 0;
  fc.assert(
    fc.property(plainRef, (s) => {
      if (!isPlain(s)) return true;
      plainSeen++;
      const slowErrors: UriErrorCode[] = [];
      const slowOffsets = newOffsets();
      const slow = scanUriReference(slowOffsets, s, slowErrors);
      const fastErrors: UriErrorCode[] = [];
      const fastOffsets = newOffsets();
      const fast = scanUriReference(fastOffsets, s, fastErrors, true);
      assert.is(fast, slow, s);
      assert.equal(fastErrors, slowErrors, s);
      if (slow) assert.equal(fastOffsets, slowOffsets, s);
      return true;
    }),
    { numRuns: RUNS * 5, seed: 34 },
  );
  assert.ok(plainSeen > RUNS, `plain inputs seen: ${plainSeen}`);
});

P.run();
