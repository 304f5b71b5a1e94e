// mode 'auto' decides as soon as no more bytes could change what detectMode says of the first
// DETECT_BYTES, so the mode, and the Founds, never depend on how the input is chunked.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DETECT_BYTES, decideEarly, detectMode } from '../src/formats/detect.js';
import { extract, type Found } from '../src/index.js';
import { extractInPieces } from './helpers/collect.js';
import { bestTimeUnder } from './helpers/timing.js';

interface Case {
  what: string;
  /** The charset the input is written in as bytes (iconv-lite; a leading U+FEFF is its BOM); default: one byte a character. */
  bytes?: string;
  /** Options for extract() besides the mode (a charset); the head is then read in it, so only the Founds are checked. */
  options?: { charset?: string };
  input: string;
  mode: string;
}

/** Inputs whose mode a rule, or a decision on too few bytes, got wrong (test/fixtures/detect.json). */
const CASES = (JSON.parse(readFileSync(new URL('./fixtures/detect.json', import.meta.url), 'utf8')) as Case[]).map((c) => {
  const bytes = c.bytes === undefined ? Buffer.from(c.input, 'latin1') : iconv.encode(c.input, c.bytes);
  return { ...c, bytes, head: bytes.toString('latin1') };
});

const Detect = suite("mode 'auto': the decision");

Detect('every input is detected as its mode, in linear time', () => {
  for (const c of CASES.filter((x) => x.options === undefined)) {
    assert.is(detectMode(c.head.slice(0, DETECT_BYTES)), c.mode, c.what);
    const ms = bestTimeUnder(() => detectMode(c.head.slice(0, DETECT_BYTES)), 200);
    assert.ok(ms < 200, `${c.what}: ${ms.toFixed(0)} ms for one KiB`);
  }
});

Detect('a decision on any prefix is the one the first DETECT_BYTES give', () => {
  for (const { head, what } of CASES.filter((x) => x.options === undefined)) {
    const final = detectMode(head.slice(0, DETECT_BYTES));
    for (let n = 0; n <= head.length; n++) {
      const early = decideEarly(head.slice(0, n));
      if (early !== undefined) assert.is(early, final, `${what} after ${n} bytes`);
    }
  }
});

Detect('the same, on heads made of the pieces the rules look at (fast-check)', () => {
  const pieces = ['From ', 'From: a', 'X-A: 1', 'Subject: s', '1234 ', 'x', ' ', '\t', ':', '\n', '\r\n', '\r', '<!--', '-->', '<?xml', '>',
    '<!doctype', ' html', '<html>', '<HTML ', '<p>', '<rss', '<feed', ' xmlns="http://www.w3.org/2005/Atom"', '<rdf:RDF', '<?xml-stylesheet ?>', '<!DOCTYPE rss', '\ufeff', '\xef\xbb\xbf', '\xff\xfe', '\0', '\xfe\xff', '[10/Oct/2000:13:55:36 -0700] "',
    '{"', 'MESSAGE', '":"', '","', '__CURSOR', '"}', '}', '\x1e', 'data:', '\\"', '2024-05-01T12:00:00.5Z ',
    '[', ']', '{', ',', '1', '-', 'true', '//', '/*', '*/'];
  fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
    const head = parts.join('').slice(0, DETECT_BYTES);
    const final = detectMode(head);
    for (let n = 0; n <= head.length; n++) {
      const early = decideEarly(head.slice(0, n));
      if (early !== undefined && early !== final) return false;
    }
    return true;
  }), { numRuns: 2000, examples: [[['<!--', '\n', '-->', '-->', '<HTML ']]] }); // the comment ends at its second "-->"
});

Detect('a decision comes without the whole head once a rule has its answer', () => {
  assert.is(decideEarly('Subject: x\nTo: y'), 'mail');
  assert.is(decideEarly('<!doctype html'), 'html');
  assert.is(decideEarly('plain words\n'), 'text');
  assert.is(decideEarly('X-A: 1\nX-B: 2\n'), undefined); // a mail field may still come
  assert.is(decideEarly('\xef\xbb\xbf<!--\nx\n'), undefined); // inside a comment
  assert.is(decideEarly('<!-- a -->\nplain text\n'), undefined); // a later "-->" may still end the comment
});

const json = (found: Found[]): string => JSON.stringify(found);

Detect('the Founds are the same whole, line by line and byte by byte', () => {
  for (const { bytes, head, mode, what, options: more } of CASES) {
    const options = { ...more, mode: 'auto', base: 'https://example.com/docs/' } as const;
    const whole = json(extract(bytes, options));
    assert.is(whole, json(extract(bytes, { ...options, mode: mode as 'text' })), `${what}: as ${mode}`);
    const lines = [...head.matchAll(/\n/g)].map((m) => m.index + 1);
    assert.is(json(extractInPieces(bytes, lines, options)), whole, `${what}: line by line`);
    assert.is(json(extractInPieces(bytes, Array.from({ length: bytes.length }, (_, i) => i), options)), whole, `${what}: byte by byte`);
  }
});

Detect.run();
