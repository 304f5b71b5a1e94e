// Table-driven RFC 3986 tests. Every vector lives in test/fixtures/uri-*.json
// and names the suite it came from ("source"); each case is named after it.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  parse,
  recompose,
  removeDotSegments,
  mergePaths,
  resolve,
  normalize,
  equivalent,
  toUri,
  inspect,
} from '../src/index.js';
import type { UriComponents, UriErrorCode } from '../src/index.js';

// ---- fixture loading -------------------------------------------------------

function load<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

/** Fixture form of UriComponents: JSON has no `undefined`, so absent is `null`. */
interface JsonComponents {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  port: string | null;
  hostType: UriComponents['hostType'] | null;
  path: string;
  query: string | null;
  fragment: string | null;
}
interface ParseVector {
  input: string;
  valid: boolean;
  expected?: JsonComponents;
  error?: UriErrorCode;
  source: string;
  also?: string[];
  note?: string;
}
interface ResolveVector {
  base: string;
  reference: string;
  strict?: boolean;
  expected: string | null;
  source: string;
  note?: string;
}
interface NormalizeVector {
  input: string;
  level: 'syntax' | 'scheme';
  expected: string | null;
  source: string;
  note?: string;
}
interface Misc {
  recompose: { components: JsonComponents; expected: string; source: string; note?: string }[];
  removeDotSegments: { input: string; expected: string; source: string; note?: string }[];
  mergePaths: { base: string; refPath: string; expected: string; source: string; note?: string }[];
  equivalent: { a: string; b: string; expected: boolean; ignoreFragment?: boolean; source: string; note?: string }[];
  toUri: { input: string; expected: string | null; source: string; note?: string }[];
  inspect: { input: string; expected: string[]; source: string; note?: string }[];
}

const parseFx = load<{ vectors: ParseVector[] }>('uri-parse.json');
const resolveFx = load<{ vectors: ResolveVector[] }>('uri-resolve.json');
const normalizeFx = load<{ vectors: NormalizeVector[] }>('uri-normalize.json');
const misc = load<Misc>('uri-misc.json');

const u = <T>(x: T | null): T | undefined => (x === null ? undefined : x);
const fromJson = (c: JsonComponents): UriComponents => ({
  scheme: u(c.scheme),
  userinfo: u(c.userinfo),
  host: u(c.host),
  port: u(c.port),
  hostType: u(c.hostType),
  path: c.path,
  query: u(c.query),
  fragment: u(c.fragment),
});
/** Compare with absent keys and `undefined` treated alike. */
const plain = (c: UriComponents | undefined): Record<string, unknown> | undefined =>
  c === undefined
    ? undefined
    : {
        scheme: c.scheme,
        userinfo: c.userinfo,
        host: c.host,
        port: c.port,
        hostType: c.hostType,
        path: c.path,
        query: c.query,
        fragment: c.fragment,
      };
const show = (s: string): string => JSON.stringify(s);
const why = (note: string | undefined): string => (note ? ` — ${note}` : '');

// Names must be unique per suite for readable output; add a counter on clashes.
function namer(): (name: string) => string {
  const used = new Map<string, number>();
  return (name) => {
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    return n === 1 ? name : `${name} #${n}`;
  };
}

// ---- parse -----------------------------------------------------------------

const Parse = suite('parse');
{
  const name = namer();
  for (const v of parseFx.vectors) {
    Parse(name(`${v.source}: ${show(v.input)} ${v.valid ? 'valid' : 'invalid'}`), () => {
      const errors: UriErrorCode[] = [];
      const got = parse(v.input, errors);
      if (v.valid) {
        assert.ok(got !== undefined, `expected ${show(v.input)} to parse; errors ${JSON.stringify(errors)}${why(v.note)}`);
        assert.equal(errors, [], 'a successful parse reports no errors');
        if (v.expected) assert.equal(plain(got), plain(fromJson(v.expected)), `components of ${show(v.input)}${why(v.note)}`);
      } else {
        assert.is(got, undefined, `expected ${show(v.input)} to be rejected${why(v.note)}`);
        assert.ok(errors.length > 0, 'an invalid input pushes at least one error code');
        if (v.error) assert.ok(errors.includes(v.error), `expected error ${v.error}, got ${JSON.stringify(errors)}`);
      }
    });
  }
  Parse('never throws on non-string-like edge input', () => {
    for (const s of ['\u0000', '\uD800', '%', '[', ']', '//[', 'a:[', '\u{1F600}']) {
      assert.not.throws(() => parse(s));
    }
  });
}
Parse.run();

// ---- recompose ----------------------------------------------------------------

const Recompose = suite('recompose');
{
  const name = namer();
  for (const v of misc.recompose) {
    Recompose(name(`${v.source}: ${show(v.expected)}`), () => {
      assert.is(recompose(fromJson(v.components)), v.expected, why(v.note));
    });
  }
  // §5.3: every valid URI-reference recomposes to itself.
  for (const v of parseFx.vectors.filter((x) => x.valid)) {
    Recompose(name(`round trip (${v.source}): ${show(v.input)}`), () => {
      const c = parse(v.input);
      assert.ok(c !== undefined);
      assert.is(recompose(c), v.input);
    });
  }
}
Recompose.run();

// ---- removeDotSegments ---------------------------------------------------------

const RDS = suite('removeDotSegments');
{
  const name = namer();
  for (const v of misc.removeDotSegments) {
    RDS(name(`${v.source}: ${show(v.input)}`), () => {
      assert.is(removeDotSegments(v.input), v.expected, why(v.note));
    });
  }
}
RDS.run();

// ---- mergePaths -----------------------------------------------------------------

const Merge = suite('mergePaths');
{
  const name = namer();
  for (const v of misc.mergePaths) {
    Merge(name(`${v.source}: ${show(v.base)} + ${show(v.refPath)}`), () => {
      const base = parse(v.base);
      assert.ok(base !== undefined, `base ${show(v.base)} parses`);
      assert.is(mergePaths(base, v.refPath), v.expected, why(v.note));
    });
  }
}
Merge.run();

// ---- resolve ----------------------------------------------------------------------

const Resolve = suite('resolve');
{
  const name = namer();
  for (const v of resolveFx.vectors) {
    const mode = v.strict === false ? ' (non-strict)' : '';
    Resolve(name(`${v.source}: ${show(v.base)} + ${show(v.reference)}${mode}`), () => {
      const errors: UriErrorCode[] = [];
      const got = v.strict === false ? resolve(v.base, v.reference, { strict: false }, errors) : resolve(v.base, v.reference, undefined, errors);
      assert.is(got, u(v.expected), why(v.note));
      if (v.expected === null) assert.ok(errors.length > 0, 'a failed resolution reports an error code');
      else {
        // The target must itself be a URI (§5): scheme defined, and it must read back as written.
        const t = parse(v.expected);
        assert.ok(t !== undefined && t.scheme !== undefined, 'expected value is an absolute URI');
      }
    });
  }
  Resolve('strict is the default', () => {
    assert.is(resolve('http://a/b/c/d;p?q', 'http:g'), 'http:g');
    assert.is(resolve('http://a/b/c/d;p?q', 'http:g', {}), 'http:g');
    assert.is(resolve('http://a/b/c/d;p?q', 'http:g', { strict: true }), 'http:g');
  });
  Resolve('options that are no object, or a strict that is no boolean: undefined and invalid-options, not a guess', () => {
    for (const options of [5, 'x', [], null, new Map(), { strict: 0 }, { strict: 'false' }, { strict: null }]) {
      const errors: UriErrorCode[] = [];
      assert.is(resolve('http://a/b/c/d;p?q', 'http:g', options as never, errors), undefined, JSON.stringify(options));
      assert.equal(errors, ['invalid-options'], JSON.stringify(options));
    }
  });
}
Resolve.run();

// ---- normalize ----------------------------------------------------------------------

const Normalize = suite('normalize');
{
  const name = namer();
  for (const v of normalizeFx.vectors) {
    Normalize(name(`${v.source}: ${show(v.input)} [${v.level}]`), () => {
      const errors: UriErrorCode[] = [];
      const got = normalize(v.input, { level: v.level }, errors);
      assert.is(got, u(v.expected), why(v.note));
      if (v.expected === null) assert.ok(errors.length > 0, 'invalid input reports an error code');
      else assert.is(normalize(v.expected, { level: v.level }), v.expected, 'normal form is a fixed point');
    });
  }
  Normalize("level defaults to 'scheme'", () => {
    assert.is(normalize('HTTP://Example.COM:80'), 'http://example.com/');
    assert.is(normalize('HTTP://Example.COM:80', {}), 'http://example.com/');
  });
  Normalize('options that are no object, or a level that is none of the two: undefined and invalid-options', () => {
    for (const options of [5, 'x', true, [], null, new Map(), { level: null }, { level: 'SYNTAX' }]) {
      const errors: UriErrorCode[] = [];
      assert.is(normalize('HTTP://Example.COM:80', options as never, errors), undefined, JSON.stringify(options));
      assert.equal(errors, ['invalid-options'], JSON.stringify(options));
    }
  });
}
Normalize.run();

// ---- equivalent ----------------------------------------------------------------------

const Equivalent = suite('equivalent');
{
  const name = namer();
  for (const v of misc.equivalent) {
    const opt = v.ignoreFragment ? ' (ignoreFragment)' : '';
    Equivalent(name(`${v.source}: ${show(v.a)} ${v.expected ? '≡' : '≢'} ${show(v.b)}${opt}`), () => {
      const o = v.ignoreFragment ? { ignoreFragment: true } : undefined;
      assert.is(equivalent(v.a, v.b, o), v.expected, why(v.note));
      assert.is(equivalent(v.b, v.a, o), v.expected, `symmetric${why(v.note)}`);
    });
  }
  Equivalent('bad options: false (no comparison is made on a guess)', () => {
    for (const options of [5, [], null, { ignoreFragment: 'yes' }]) assert.is(equivalent('a:b', 'a:b', options as never), false, JSON.stringify(options));
  });
}
Equivalent.run();

// ---- toUri ------------------------------------------------------------------------------

const ToUri = suite('toUri');
{
  const name = namer();
  for (const v of misc.toUri) {
    ToUri(name(`${v.source}: ${show(v.input)}`), () => {
      const got = toUri(v.input);
      assert.is(got, u(v.expected), why(v.note));
      if (v.expected !== null) assert.ok(parse(v.expected) !== undefined, 'result is a valid URI-reference');
    });
  }
}
ToUri.run();

// ---- inspect ------------------------------------------------------------------------------

const Inspect = suite('inspect');
{
  const name = namer();
  for (const v of misc.inspect) {
    Inspect(name(`${v.source}: ${show(v.input)}`), () => {
      const got: string[] = [...inspect(v.input)].sort();
      assert.equal(got, [...v.expected].sort(), why(v.note));
    });
  }
}
Inspect.run();
