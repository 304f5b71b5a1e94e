// The Found record: its fields as found, toJSON(), and `uri` overwritten by
// the caller (the getters go on describing the URI as it was found).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { extract, normalize, type Found, type FoundJSON } from '../src/index.js';

interface Case {
  name: string;
  text: string;
  /** What the first Found's raw, reference and components.host are. */
  raw: string;
  reference: string;
  host: string;
}

const cases: Case[] = [
  { name: 'as written (the common record)', text: 'x HTTP://Example.COM:80/%7euser y', raw: 'HTTP://Example.COM:80/%7euser', reference: 'HTTP://Example.COM:80/%7euser', host: 'Example.COM' },
  { name: 'rejoined across a line break', text: '<http://Example.COM/a-\n  b>', raw: 'http://Example.COM/a-\n  b', reference: 'http://Example.COM/a-b', host: 'Example.COM' },
  { name: 'blanks before the closer left out, as after the opener', text: 'see <URL: http://Example.COM/x >.', raw: 'http://Example.COM/x', reference: 'http://Example.COM/x', host: 'Example.COM' },
  { name: 'a line break before the closing quote left out', text: 'url = "http://Example.COM/x\n  "', raw: 'http://Example.COM/x', reference: 'http://Example.COM/x', host: 'Example.COM' },
  { name: 'blanks before Slack\'s "|" left out', text: '<http://Example.COM/x/\n  |label>', raw: 'http://Example.COM/x/', reference: 'http://Example.COM/x/', host: 'Example.COM' },
  { name: 'an IRI mapped to a URI', text: '<http://Example.COM/café>', raw: 'http://Example.COM/café', reference: 'http://Example.COM/café', host: 'Example.COM' },
];

const Record = suite('Found: overwriting uri');

for (const c of cases) {
  for (const readFirst of [false, true]) {
    Record(`${c.name}: raw, reference, length and components stay as found${readFirst ? ' (components read first)' : ''}`, () => {
      const [f] = extract(c.text) as [Found];
      const before = (extract(c.text)[0] as Found).toJSON(); // not f's: toJSON reads every getter
      if (readFirst) assert.is(f.components.host, c.host);
      f.uri = normalize(f.uri) ?? f.uri;
      assert.is.not(f.uri, before.uri);
      assert.is(f.raw, c.raw);
      assert.is(f.reference, c.reference);
      assert.is(f.length, c.raw.length);
      assert.is(c.text.slice(f.offset, f.offset + f.length), c.raw);
      assert.is(f.components.host, c.host);
      assert.equal(f.warnings, before.warnings);
      const after: FoundJSON = f.toJSON();
      assert.equal({ ...after, uri: before.uri }, before);
    });
  }
}

Record.run();

const Json = suite('Found: toJSON and the own fields');

Json('toJSON gives every field as a plain object; spread alone keeps the six own fields', () => {
  const [f] = extract('see "http://a.example/x?y#z".') as [Found];
  const json: FoundJSON = f.toJSON();
  assert.equal(Object.keys(json).sort(), ['alternates', 'column', 'components', 'delimiter', 'length', 'line', 'offset', 'raw', 'reference', 'repaired', 'uri', 'warnings']);
  assert.equal(JSON.parse(JSON.stringify(f)), JSON.parse(JSON.stringify(json)));
  assert.equal(Object.keys({ ...f }).sort(), ['column', 'delimiter', 'line', 'offset', 'source', 'uri']);
  assert.equal(structuredClone(json), json);
});

Json('the getters are read-only', () => {
  const [f] = extract('<http://a.example/>') as [Found];
  for (const key of ['reference', 'raw', 'components', 'length', 'repaired', 'alternates', 'warnings']) {
    assert.throws(() => { (f as unknown as Record<string, unknown>)[key] = 1; }, /only a getter/, key);
  }
  // @ts-expect-error the type says so too
  assert.throws(() => { f.raw = 'x'; }, /only a getter/);
});

Json.run();
