// Every limit is an option with a documented default, and what happens at
// the limit is defined (issue 3 §5).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MAX_LENGTH, Extractor, Scanner, extract } from '../src/index.js';

const Limits = suite('limits');

Limits('maxLength defaults to 8192', () => {
  assert.is(DEFAULT_MAX_LENGTH, 8192);
});

Limits('a bare URI of exactly maxLength is emitted; one longer is skipped, and scanning goes on', () => {
  const maxLength = 64;
  const exact = 'http://example.com/' + 'a'.repeat(maxLength - 19);
  const over = exact + 'b';
  assert.is(exact.length, maxLength);
  assert.equal(extract(`${exact} x`, { maxLength }).map((f) => f.uri), [exact]);
  assert.equal(extract(`${over} then http://next.example/`, { maxLength }).map((f) => f.uri), ['http://next.example/']);
});

Limits('an unclosed "<" past maxLength is given up and its text rescanned as ordinary text', () => {
  const maxLength = 100;
  const text = '<http://example.com/page and then ' + 'words '.repeat(40) + 'http://later.example/ end';
  assert.equal(extract(text, { maxLength }).map((f) => f.uri), ['http://example.com/page', 'http://later.example/']);
  // A closed bracket longer than maxLength is given up the same way.
  const long = `<http://example.com/${'x '.repeat(60)}>`;
  assert.equal(extract(long, { maxLength }).map((f) => f.uri), ['http://example.com/x']);
});

Limits('an angle candidate of exactly maxLength characters is kept', () => {
  const maxLength = 40;
  const content = 'http://example.com/' + 'y'.repeat(maxLength - 19);
  assert.equal(extract(`<${content}>`, { maxLength }).map((f) => f.uri), [content]);
});

Limits('held-back text stays under maxLength plus a little context, however long the line', () => {
  const maxLength = 1024;
  const ex = new Extractor({ maxLength, charset: 'utf-8' });
  const chunk = Buffer.from('x'.repeat(65536));
  ex.write(Buffer.from('<http://a/'));
  let peak = 0;
  for (let i = 0; i < 128; i++) { // 8 MiB: no newline, no ">"
    ex.write(chunk);
    peak = Math.max(peak, ex.buffered);
  }
  assert.ok(peak <= maxLength + 100, `held ${peak} characters`);
  assert.equal(ex.end().map((f) => f.uri), []);
});

Limits('one endless token is dropped in bounded memory, and the next URI is still found', () => {
  const s = new Scanner({ maxLength: 256 });
  let peak = 0;
  s.write('http://endless.example/');
  for (let i = 0; i < 256; i++) { s.write('z'.repeat(4096)); peak = Math.max(peak, s.buffered); }
  const found = [...s.write(' http://after.example/ '), ...s.end()];
  assert.ok(peak <= 256 + 100, `held ${peak} characters`);
  assert.equal(found.map((f) => f.uri), ['http://after.example/']);
});

Limits('a scanner takes no text after end()', () => {
  const s = new Scanner();
  s.end();
  assert.throws(() => s.write('x'), /after end/);
  assert.equal(s.end(), []);
});

Limits.run();
