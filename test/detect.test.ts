// mode 'auto' decides as soon as no more bytes could change what detectMode says of the first
// DETECT_BYTES, so the mode, and the Founds, never depend on how the input is chunked.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DETECT_BYTES, decideEarly, detectMode } from '../src/formats/detect.js';
import { extract, type Found } from '../src/index.js';
import { extractInPieces } from './helpers/collect.js';

const utf16le = (s: string): string => `\xff\xfe${Buffer.from(s, 'utf16le').toString('latin1')}`;

/** Inputs (latin1: one character a byte) whose mode a too-early decision got wrong, and their mode. */
const INPUTS: Array<[string, string]> = [
  ['X-Account-Key: account1\nX-UIDL: 123\nFrom: alice@example.org\nContent-Transfer-Encoding: quoted-printable\n\nhttp://l.example/a=\n-b.html?a=3D1\n', 'mail'], // Thunderbird
  ['X-Account-Key: account1\r\nX-UIDL: 123\r\nFrom: alice@example.org\r\n\r\nsee http://crlf.example/\r\n', 'mail'], // the same with CRLF
  ['X-A: 1\nX-B: 2\n\nFrom: not a header\nhttp://x.example/\n', 'text'], // the blank line ends the block first
  ['\xef\xbb\xbf<!--\n  generated; staging copy at http://staging.internal/\n-->\n<!DOCTYPE html>\n<p><a href="guide">Guide</a>\n', 'html'],
  [utf16le('<!--\n  a comment\n  of lines\n-->\n<html><a href="guide">Guide</a>\n'), 'html'],
  ['<?xml version="1.0"\n  encoding="utf-8"?>\n<!DOCTYPE\n  html>\n<a href="guide">g</a>\n', 'html'],
  ['From jane@example.org Mon Jan  1 00:00:00 2024\nSubject: x\n\nhttp://m.example/\n', 'mail'],
  ['288       \nFrom: Frank <frank@icloud.com>\nTo: grace@example.org\n\nhttp://emlx.example/\n', 'mail'],
  ['127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.0" 200 2326 "http://r.example/" "x"\n', 'log'],
  ['plain words and http://p.example/\nmore\n', 'text'],
];

const Detect = suite("mode 'auto': the decision");

Detect('every input is detected as its mode', () => {
  for (const [input, mode] of INPUTS) assert.is(detectMode(input.slice(0, DETECT_BYTES)), mode, JSON.stringify(input));
});

Detect('a decision on any prefix is the one the first DETECT_BYTES give', () => {
  for (const [input] of INPUTS) {
    const final = detectMode(input.slice(0, DETECT_BYTES));
    for (let n = 0; n <= input.length; n++) {
      const early = decideEarly(input.slice(0, n));
      if (early !== undefined) assert.is(early, final, `${JSON.stringify(input)} after ${n} bytes`);
    }
  }
});

Detect('the same, on heads made of the pieces the rules look at (fast-check)', () => {
  const pieces = ['From ', 'From: a', 'X-A: 1', 'Subject: s', '1234 ', 'x', ' ', '\t', ':', '\n', '\r\n', '\r', '<!--', '-->', '<?xml', '>',
    '<!doctype', ' html', '<html>', '<HTML ', '<p>', '\ufeff', '\xef\xbb\xbf', '\xff\xfe', '[10/Oct/2000:13:55:36 -0700] "'];
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
  for (const [input, mode] of INPUTS) {
    const bytes = Buffer.from(input, 'latin1');
    const options = { mode: 'auto', base: 'https://example.com/docs/' } as const;
    const whole = json(extract(bytes, options));
    assert.is(whole, json(extract(bytes, { ...options, mode: mode as 'text' })), `${mode}: as that mode`);
    const lines = [...input.matchAll(/\n/g)].map((m) => m.index + 1);
    assert.is(json(extractInPieces(bytes, lines, options)), whole, `${JSON.stringify(input)} line by line`);
    assert.is(json(extractInPieces(bytes, Array.from({ length: bytes.length }, (_, i) => i), options)), whole, 'byte by byte');
  }
});

Detect.run();
