// Appendix C delimiting, table-driven from test/fixtures/delimit.txt.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { extract } from '../src/index.js';
import { loadDelimitCases } from './helpers/delimit-fixtures.js';
import { assertLinearTime } from './helpers/timing.js';

const cases = loadDelimitCases();
const Delimit = suite('delimit fixtures');

for (const c of cases) {
  Delimit(c.name, () => {
    const found = extract(c.input, c.options);
    assert.equal(found.map((f) => f.uri), c.expect.map((e) => e.uri), 'uris');
    c.expect.forEach((e, i) => {
      if (e.alternates.length > 0) assert.equal([...found[i]!.alternates], e.alternates, `alternates of ${e.uri}`);
    });
  });
}

// xurls and linkify-it run every case bare and wrapped; so do we.
for (const c of cases) {
  Delimit(`${c.name} (wrapped in newlines and indented)`, () => {
    const found = extract('\n' + c.input + '\n', c.options);
    assert.equal(found.map((f) => f.uri), c.expect.map((e) => e.uri));
  });
}

Delimit('positions: offset, length, line and column are exact', () => {
  const text = 'ab\n  see <http://x.example/a\n  b> and http://y.example/\n';
  const [first, second] = extract(text);
  assert.is(first!.offset, text.indexOf('http://x'));
  assert.is(first!.raw, 'http://x.example/a\n  b');
  assert.is(first!.length, first!.raw.length);
  assert.is(first!.line, 2);
  assert.is(first!.column, 8); // '  see <' precedes it on line 2
  assert.is(first!.delimiter, 'angle');
  assert.is(first!.repaired, true);
  assert.is(first!.reference, 'http://x.example/ab');
  assert.is(second!.offset, text.indexOf('http://y'));
  assert.is(second!.line, 3);
  assert.is(second!.column, text.indexOf('http://y') - text.indexOf('\n', 4));
  assert.is(second!.delimiter, 'none');
  assert.is(second!.repaired, false);
});

// Whitespace between the delimiters and the URI is no part of it, so leaving it out is no repair.
const REPAIRED: [string, string, boolean][] = [
  ['<http://a.example/x >', 'http://a.example/x', false],
  ['<URL: http://a.example/x >', 'http://a.example/x', false],
  ['"""https://a.example/rfc7615\n    """', 'https://a.example/rfc7615', false],
  ['<\n  http://a.example/y>', 'http://a.example/y', false],
  ['<http://a.example/b\n  c >', 'http://a.example/bc', true],
  ['"http://a.example/b\n  c\n"', 'http://a.example/bc', true],
];
for (const [text, uri, repaired] of REPAIRED) {
  Delimit(`repaired: ${JSON.stringify(text)} is ${repaired}`, () => {
    const [f] = extract(text);
    assert.is(f?.uri, uri);
    assert.is(f!.repaired, repaired);
    assert.is(f!.raw, text.slice(f!.offset, f!.offset + f!.length));
  });
}

Delimit('a scheme the caller adds is read in its delimiters, not bare', () => {
  const found = extract('Open <myapp:settings> or "myapp:open?x=1", not <dc:title>.', { schemes: ['+myapp'] });
  assert.equal(found.map((f) => [f.uri, f.delimiter]), [['myapp:settings', 'angle'], ['myapp:open?x=1', 'quote']]);
  assert.equal(extract('Open <myapp:settings>.').map((f) => f.uri), []); // not named: an XML name
});

Delimit('Found: components and warnings, also in JSON', () => {
  const [f] = extract('<ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm>');
  assert.is(f!.components.host, '10.0.0.1');
  assert.is(f!.components.hostType, 'ipv4');
  assert.equal([...f!.warnings], ['misleading-userinfo']);
  const json = JSON.parse(JSON.stringify(f));
  assert.is(json.components.userinfo, 'cnn.example.com&story=breaking_news');
  assert.equal(json.warnings, ['misleading-userinfo']);
  assert.is(json.uri, f!.uri);
});

Delimit('Found: components of a resolved reference', () => {
  const [f] = extract('<../g?x>', { base: 'http://a/b/c/d;p?q#frag' });
  assert.is(f!.uri, 'http://a/b/g?x');
  assert.equal({ ...f!.components }, {
    scheme: 'http', userinfo: undefined, host: 'a', port: undefined, hostType: 'reg-name',
    path: '/b/g', query: 'x', fragment: undefined,
  });
});

Delimit('a relative reference keeps "/." when the merged path starts with "//"', () => {
  const [f] = extract('<..//g>', { base: 's:/a' });
  assert.is(f!.uri, 's:/.//g');
  assert.is(f!.components.path, '/.//g');
});

Delimit('a run of "⟨scheme:" openers, none closed, takes linear time (a "⟨" ends the "⟨…⟩" before it)', () => {
  const options = { maxLength: 1 << 20 };
  const time = (n: number): number => {
    const text = '⟨http://a'.repeat(n);
    const t = performance.now();
    assert.is(extract(text, options).length, n);
    return performance.now() - t;
  };
  assertLinearTime(time, 500, 2000, 16000, 'openers');
});

Delimit('AsciiDoc cross references with no "," take linear time (the look for the label\'s "," stays inside each)', () => {
  const time = (n: number): number => {
    const text = '<<http://a.example/x>> '.repeat(n);
    const t = performance.now();
    assert.is(extract(text).length, n);
    return performance.now() - t;
  };
  assertLinearTime(time, 1000, 4000, 64000, 'cross references');
});

Delimit.run();
