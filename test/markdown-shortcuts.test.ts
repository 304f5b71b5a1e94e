// Markdown mode's shortcuts (src/formats/markdown/pieces.ts) change nothing that comes out: a block that
// cannot yield is not parsed, a long one is parsed in pieces; the cut rule's table, the events of a block
// and of its pieces, and the reader with the shortcuts taken and not, on random Markdown (fast-check).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'micromark';
import type { Event } from 'micromark-util-types';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Found } from '../src/delimit/types.js';
import { shortcuts } from '../src/formats/markdown/block.js';
import { mayYield, pieceEvents, pieceStarts } from '../src/formats/markdown/pieces.js';
import { MarkdownReader } from '../src/formats/markdown/reader.js';
import type { FormatWarning } from '../src/formats/types.js';
import { writeInPieces } from './helpers/collect.js';
import { context } from './helpers/html.js';

interface PieceCase { about: string; block: string; size: number; starts: number[] }
const PIECE_CASES = JSON.parse(readFileSync(new URL('./fixtures/markdown/pieces.json', import.meta.url), 'utf8')) as PieceCase[];

/** What the soups are made of: the reader's constructs, and the four characters that yield. */
const INLINE = ['[', ']', '(', ')', '![', '<', '>', '`', '```', '~~~', ' ', '\t', '\\', '\\:', '\\)', '&amp;', '&colon;', '&#58;', '&bogus;', '"', ':',
  '[r]', 'http://t.example/p', 'https:', '//h.example/', 'rel/x.md', '<http://a.example/>', '<a href="h.html">', '</a>', '<span>', '<!--', '-->',
  '<script>', '</script>', '*', '**', '_', '|', 'x', 'word ', 'x@y.example', '\u00e9', '- ', '* ', '\r'];

/** How a line starts: the bullet items that pieceStarts cuts before, the lines after which it stops, other blocks and containers. */
const LINE_STARTS = ['* ', '- ', '+ ', '* ', '- ', '1. ', '2) ', '> ', '> * ', '  ', '  * ', '    ', '\t', '', '', '-', '>', '* * *', '- - -', '---',
  '===', '# ', '```', '~~~', '<div>', '<!-- YAML', '-->', '[r]: ', '<p>'];

const anyLine = fc.tuple(fc.constantFrom(...LINE_STARTS), fc.array(fc.constantFrom(...INLINE), { maxLength: 6 }), fc.constantFrom('\n', '\n', '\n', '\n\n', '\r\n', '\r'))
  .map(([start, inline, end]) => start + inline.join('') + end);

/** A line pieceStarts may cut before, or that follows an item: no fence, no line-start "<", no lone CR. */
const listLine = fc.tuple(fc.constantFrom('* ', '- ', '+ ', '* ', '  ', '1. ', '> ', '-'),
  fc.array(fc.constantFrom(...INLINE.filter((p) => !/```|~~~|\r/.test(p))), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'))
  .map(([start, inline, end]) => start + inline.join('') + end);

const line = fc.oneof({ arbitrary: listLine, weight: 6 }, { arbitrary: anyLine, weight: 1 });

/** Random Markdown: lines of a list, a quote, code or HTML, or a run of pieces with no lines to speak of. */
const soup = fc.oneof(
  fc.array(line, { maxLength: 40 }).map((lines) => lines.join('')),
  fc.array(fc.constantFrom(...INLINE, '\n', '\n\n', '\n* ', '\n- ', '\n> ', '\n    ', '\n```\n', '\n<div>\n'), { maxLength: 60 }).map((parts) => parts.join('')),
);

/** The Founds and warnings of markdown mode over `text` cut at `cuts`, with the shortcuts taken (`piece`: their least piece) or not (0). */
function read(text: string, cuts: readonly number[], options: { base?: string; maxLineLength?: number }, piece: number): string {
  const warnings: FormatWarning[] = [];
  const { maxLineLength, ...scan } = options;
  const ctx = context(scan, warnings);
  const was = { ...shortcuts };
  Object.assign(shortcuts, piece === 0 ? { on: false } : { on: true, piece });
  try {
    const found: Found[] = writeInPieces(new MarkdownReader(maxLineLength === undefined ? ctx : { ...ctx, maxLineLength }), text, cuts);
    return JSON.stringify({ found, warnings });
  } finally {
    Object.assign(shortcuts, was);
  }
}

/** A parse's events as the readers see them: kind, type and place (a list container's own tokens left out). */
function shown(events: Event[]): string[] {
  return events.filter(([, t]) => t.type !== 'listOrdered' && t.type !== 'listUnordered')
    .map(([kind, t]) => `${kind} ${t.type} ${t.start.offset}-${t.end.offset} ${t.start.line}`);
}

const Shortcuts = suite('markdown shortcuts');

for (const c of PIECE_CASES) {
  Shortcuts(`pieceStarts: ${c.about}`, () => {
    assert.equal(pieceStarts(c.block, c.size), c.starts);
    const whole = shown(pieceEvents(parse(), c.block, [])[0]!);
    assert.equal(pieceEvents(parse(), c.block, c.starts).flatMap(shown), whole, 'the pieces\' events are the block\'s');
  });
}

Shortcuts('a block with none of ":", "<", "[" and "&" yields nothing, parsed or not (fast-check)', () => {
  const plain = soup.map((text) => text.replace(/[:<[&]/g, ''));
  fc.assert(fc.property(plain, (text) => {
    assert.not.ok(mayYield(text));
    for (const options of [{}, { base: 'http://b.example/f/' }]) assert.equal(read(text, [], options, 0), JSON.stringify({ found: [], warnings: [] }));
  }), { numRuns: 300 });
});

Shortcuts('each of ":", "<", "[" and "&" alone can make a block yield', () => {
  const base = { base: 'http://b.example/' };
  for (const [text, options] of [['see http://a.example/x', {}], ['<img src=i.png>', base], ['[a](x.md)', base], ['http&#58;//a.example/y', {}]] as const) {
    assert.ok(mayYield(text), text);
    assert.is(JSON.parse(read(text, [], options, 0)).found.length, 1, text);
    assert.is(read(text, [], options, 1024), read(text, [], options, 0), text);
  }
});

Shortcuts('a block\'s events are those of its pieces, wherever pieceStarts cuts it (fast-check)', () => {
  fc.assert(fc.property(soup, fc.integer({ min: 1, max: 48 }), (text, size) => {
    const starts = pieceStarts(text, size);
    const parser = parse();
    assert.equal(pieceEvents(parser, text, starts).flatMap(shown), shown(pieceEvents(parse(), text, [])[0]!));
  }), { numRuns: 400 });
});

Shortcuts('the reader gives the same Founds and warnings with the shortcuts taken and not, however cut (fast-check)', () => {
  fc.assert(fc.property(soup, fc.integer({ min: 1, max: 48 }), fc.uniqueArray(fc.nat(), { maxLength: 6 }), (text, piece, raw) => {
    const cuts = [...new Set(raw.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
    for (const options of [{}, { base: 'http://b.example/f/' }, { maxLineLength: 256 }]) {
      assert.is(read(text, cuts, options, piece), read(text, [], options, 0));
    }
  }), { numRuns: 300 });
});

Shortcuts('a changelog\'s long list read in pieces: the same Founds and warnings as read whole', () => {
  const items = Array.from({ length: 300 }, (_, i) =>
    `* \\[[\`${i.toString(16)}\`](https://c.example/commit/${i})] - **x**: y \`http://code.example/${i}\` ([#${i}](rel/${i}.md))\n`).join('');
  const text = `# Changelog\n\n${items}\n${'word '.repeat(40)}\n\n${items}`;
  for (const options of [{}, { base: 'http://b.example/' }]) assert.is(read(text, [], options, 1024), read(text, [], options, 0));
});

Shortcuts.run();
