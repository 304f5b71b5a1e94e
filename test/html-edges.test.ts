// The HTML format at its bounds and edges: memory and time bounds, what a head holds for its <base>, character references against htmlparser2's decoder, tags longer than the window, value limits and their warning's line, refresh times.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Tokenizer } from 'htmlparser2';
import type { Found } from '../src/delimit/types.js';
import { Extractor, extract } from '../src/index.js';
import { HtmlSink } from '../src/formats/html/sink.js';
import { KEEP } from '../src/formats/html/window.js';
import { srcsetUrls } from '../src/formats/html/value.js';
import { HEAD_FOUNDS, HEAD_TEXT } from '../src/formats/html/head.js';
import { SRCDOC_HELD } from '../src/formats/html/srcdoc.js';
import { NAMED_REFERENCES, entityAt } from '../src/formats/html/entities.js';
import { ENTITY_UNIT, NO_ENTITY } from '../src/formats/html/layout.js';
import type { FormatWarning } from '../src/formats/types.js';
import { context, key, read } from './helpers/html.js';
import { assertLinearTime } from './helpers/timing.js';

const Html = suite('html format: bounds and edges');

Html('bounded: a 4 MiB attribute value and a 4 MiB text node, whole and in 64 KiB chunks', () => {
  const big = 'a'.repeat(4 << 20);
  const html = `<a href="http://x.example/${big}">t</a> <a href=http://y.example/>y</a><p>${big} http://z.example/`;
  const whole = read(html, []);
  assert.equal(whole[0].map((f) => f.uri), ['http://y.example/', 'http://z.example/']);
  assert.equal(whole[1], ['attribute-too-long']);
  const cuts = Array.from({ length: Math.floor(html.length / 65536) }, (_, i) => (i + 1) * 65536);
  assert.equal(key(read(html, cuts)), key(whole));
});

Html('bounded: an unterminated comment, tag or attribute leaves the window at its bound', () => {
  // At the input's end an unclosed tag is dropped, as the HTML tokenizer's EOF rules drop it: nothing found, nothing to warn of.
  for (const open of ['<!--', '<a', '<a x', '<a href="http://a.example/']) {
    const warnings: FormatWarning[] = [];
    const ctx = context({}, warnings);
    const sink = new HtmlSink(ctx, {}, null);
    const piece = 'b'.repeat(1 << 16);
    sink.write(open);
    for (let i = 0; i < 64; i++) { // 4 MiB
      sink.write(piece);
      assert.ok(sink.held <= KEEP + piece.length, `${open}: ${sink.held} characters held`);
    }
    sink.end();
    assert.equal(ctx.out, [], open);
    assert.equal(warnings, [], open);
  }
});

Html('bounded: a CDATA section in <svg> longer than the window is read whole, its text reported at each chunk end', () => {
  const piece = 'lorem ipsum '.repeat(5462); // 64 KiB and a little more
  const page = `<svg><text><![CDATA[http://first.example/ ${piece}${piece}]] http://middle.example/a ${piece}]]]><![CDATA[ ]]>http://after.example/</text></svg>`;
  const whole = read(page, []);
  assert.equal(whole[0].map((f) => [f.uri, f.offset]), [['http://first.example/', 20], ['http://middle.example/a', page.indexOf('http://middle')], ['http://after.example/', page.indexOf('http://after')]]);
  const cuts = Array.from({ length: Math.floor(page.length / 4096) }, (_, i) => (i + 1) * 4096 - (i % 3));
  assert.equal(key(read(page, cuts)), key(whole));
  const warnings: FormatWarning[] = [];
  const sink = new HtmlSink(context({}, warnings), {}, null);
  sink.write('<svg><text><![CDATA[');
  for (let i = 0; i < 64; i++) {
    sink.write(piece);
    assert.ok(sink.held <= KEEP + piece.length, `${sink.held} characters held`);
  }
  sink.end();
});

Html('text full of "&" in one piece takes linear time (entities, and bare "&" in prose)', () => {
  const time = (n: number): number => {
    const page = `<p>${'&amp; a & b '.repeat(n)}<a href="https://end.example/">x</a>`;
    const t = performance.now();
    assert.equal(extract(page, { mode: 'html' }).map((f) => f.uri), ['https://end.example/']);
    return performance.now() - t;
  };
  assertLinearTime(time, 20000, 50000, 400000, 'pieces of text');
});

/** What htmlparser2's own Tokenizer decodes `html` to: [code point, entity end] per reference, in text or in an attribute value. */
function decoded(html: string): number[][] {
  const out: number[][] = [];
  const none = (): void => {};
  const t = new Tokenizer({ decodeEntities: true }, {
    ontext: none, ontextentity: (cp, end) => void out.push([cp, end]), onattribentity: (cp) => void out.push([cp]),
    onattribdata: none, onattribname: none, onattribend: none, onopentagname: none, onopentagend: none, onselfclosingtag: none,
    onclosetag: none, oncomment: none, oncdata: none, ondeclaration: none, onprocessinginstruction: none, onend: none,
  });
  t.write(html);
  t.end();
  return out;
}

Html('a srcset of many candidates takes linear time, with no "(" in it or one only at its end', () => {
  for (const tail of ['', ' (x)']) {
    const time = (n: number): number => {
      const set = `${'a 1x,'.repeat(n)}b 2x${tail}`;
      const t = performance.now();
      assert.is(srcsetUrls(set).length, n + 1);
      return performance.now() - t;
    };
    assertLinearTime(time, 20000, 20000, 200000, `srcset${tail}`);
  }
});

Html('entityAt: each reference it reads decodes as htmlparser2 decodes it, in text and in attribute values', () => {
  const refs = [...[...NAMED_REFERENCES.keys()].map((n) => `&${n};`), '&#38;', '&#x26;', '&#X2F;', '&#8217;', '&#x1F600;', '&#160;', '&#1114111;'];
  for (const ref of refs) {
    const e = entityAt(`${ref}x`, 0);
    assert.ok(e !== NO_ENTITY, ref);
    assert.is(e % ENTITY_UNIT, ref.length, ref);
    const cp = Math.floor(e / ENTITY_UNIT);
    assert.equal(decoded(`a${ref}b`), [[cp, 1 + ref.length]], `${ref} in text`);
    assert.equal(decoded(`<a href="x${ref}y">`), [[cp]], `${ref} in an attribute`);
  }
  // Left to the decoder: no ";", a name not in the table, case, what the decoder replaces, ":", a cut reference.
  for (const ref of ['&amp', '&ampx;', '&AMP;', '&notin;', '&sup2;', '&#0;', '&#128;', '&#x9f;', '&#xD800;', '&#x110000;', '&#58;', '&#x3a;', '&#9;', '&#;', '&#x;', '&#12345678;', '&', '&a']) {
    assert.is(entityAt(ref, 0), NO_ENTITY, ref);
  }
});

/** Pieces of HTML rich in character references, in text and in URL attributes. */
const REF = fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&nbsp;', '&mdash;', '&#38;', '&#x26;', '&#8217;', '&#58;', '&colon;', '&AMP;',
  '&amp', '&ampx;', '&#128;', '&#0;', '&notin;', '&', '&#x3A;', '&#x1F600;', '&#xD800;');
const WORD = fc.constantFrom('http://a.example/p?x=1', 'see', 'https://b.example/', 'q=2', ' ', '\n', 'x', '/rel/path', 'mailto:u@h.example', ':', '=');
/** A URL-like run, often starting with a reference (&#104; is an "h"), as the first thing in a value or after a space. */
const URLISH = fc.tuple(fc.option(REF, { nil: '' }), fc.constantFrom('http://a.example/p?x=1', '&#104;ttp://c.example/', '/rel', 'q'), fc.array(fc.oneof(REF, WORD), { maxLength: 3 }))
  .map((parts) => parts.flat().join(''));
const RUN = fc.array(fc.oneof(REF, WORD, URLISH), { maxLength: 6 }).map((parts) => parts.join(''));
const ATTR_NAME = fc.constantFrom('href', 'src', 'HREF', 'title', 'srcset', 'action', 'data-x', 'alt');
const ATTRIBUTE = fc.tuple(ATTR_NAME, fc.oneof(URLISH, RUN), fc.constantFrom('"', "'", '')).map(([n, v, q]) => (q === '' ? ` ${n}=${v.replace(/[\s>"'=<`]/g, '')}` : ` ${n}=${q}${v.replaceAll(q, '')}${q}`));
const TAG = fc.tuple(fc.constantFrom('a', 'img', 'p', 'base', 'form', 'link', 'span'), fc.array(ATTRIBUTE, { maxLength: 3 }))
  .map(([t, attrs]) => `<${t}${attrs.join('')}>`);
const PAGE = fc.array(fc.oneof(TAG, RUN, fc.constant('</a>'), fc.constant('<br/>')), { maxLength: 12 }).map((parts) => parts.join(''));

Html('character references read by the fast path give what the state machine gives (the page whole against character by character)', () => {
  fc.assert(fc.property(PAGE, fc.constantFrom(undefined, 'http://base.example/d/', 'http://base.example/d/'), (page, base) => {
    // As strings: bytes would be held until the charset prescan has 1024 of them, then read as one piece.
    const whole = key(read(page, [], { base }));
    assert.equal(key(read(page, Array.from({ length: page.length }, (_, i) => i), { base })), whole, page);
  }), { numRuns: 400, examples: [['<img src=" ">', undefined], ['<a href="&#32;\t">x</a>', undefined]] }); // blank values: no unresolved link
});

Html('the URLs of tags wait for the URIs of the text before them, and no more than 4096 of them wait', () => {
  // Text whose URI the scanner holds (it may go on), then 10,000 linked tags with no text between them.
  const page = `<p>see http://text.example/a${'<img src="http://i.example/x.png">'.repeat(10000)}<p>end http://text.example/b</p>`;
  const ex = new Extractor({ mode: 'html' });
  const early: Found[] = [];
  for (let i = 0; i < page.length; i += 4096) early.push(...ex.write(page.slice(i, i + 4096)));
  const found = [...early, ...ex.end()];
  assert.equal(found.map((f) => f.uri), ['http://text.example/a', ...Array<string>(10000).fill('http://i.example/x.png'), 'http://text.example/b']);
  assert.ok(early.length >= 10001 - 4096, `${early.length} out before the end`);
  assert.equal(key([found, []]), key([extract(page, { mode: 'html' }), []]), 'whole and in pieces');
});

Html('long text pieces (copied by the platform) and short ones give the same text: line breaks, Latin-1 and wider characters', () => {
  const filler = 'lorem ipsum dolor sit amet '.repeat(6);
  for (const wide of ['é', '€', '😀']) {
    const page = `<p>${filler}\n${filler} http://x.example/${wide}a\n${filler}</p><div>${filler} http://y.example/b ${wide}</div>`;
    const whole = read(page, []);
    assert.equal(whole[0].map((f) => [f.uri, f.line, f.column]), [
      [`http://x.example/${encodeURIComponent(wide)}a`, 2, filler.length + 2], ['http://y.example/b', 3, filler.length + 9 + filler.length + 2],
    ], wide);
    assert.equal(key(read(page, Array.from({ length: page.length }, (_, i) => i))), key(whole), `${wide} character by character`);
  }
});

Html('a tag longer than the input kept (64 KiB): the positions of its URLs, however the page is chunked', () => {
  // URL attributes, then a big data-* attribute: the href's input has left the window before the tag ends.
  const page = `line 1\nline 2\n<img src="http://a.example/" data-props="${'{&quot;k&quot;:1}\n'.repeat(8000)}" srcset="x.png 1x,\n http://s.example/ 2x">x`;
  const whole = read(page, [], { base: 'http://b.example/' });
  assert.equal(whole[0].map((f) => [f.uri, f.line, f.column]), [['http://a.example/', 3, 11], ['http://b.example/x.png', 8003, 11], ['http://s.example/', 8004, 2]]);
  for (const size of [1000, 16384, 65536]) {
    const cuts = Array.from({ length: Math.floor(page.length / size) }, (_, i) => (i + 1) * size);
    assert.equal(key(read(page, cuts, { base: 'http://b.example/' })), key(whole), `${size}`);
  }
  // A srcset of 105,000 characters (under 16 × maxLength), many lines: each candidate on its own line.
  const set = Array.from({ length: 3000 }, (_, i) => `http://c.example/img${i}.png ${i + 1}w`).join(',\n');
  const img = `x\n<img srcset="${set}">\n`;
  const all = read(img, []);
  assert.equal(all[0].slice(0, 2).map((f) => [f.line, f.column]), [[2, 14], [3, 1]]);
  assert.equal(key(read(img, Array.from({ length: Math.floor(img.length / 1000) }, (_, i) => (i + 1) * 1000))), key(all), 'in 1000-character chunks');
});

Html('attribute-too-long: the line where the value starts, when the value runs past the input kept (64 KiB), however the page is chunked', () => {
  const page = `<p>x</p>\n\n<a href="http://x.example/${'a\n'.repeat(100000)}">t</a> http://after.example/`;
  const lines = (cuts: number): (number | undefined)[] => {
    const warnings: FormatWarning[] = [];
    const ex = new Extractor({ mode: 'html', maxLength: 64, onWarning: (w) => warnings.push(w) });
    for (let i = 0; i < page.length; i += cuts) ex.write(page.slice(i, i + cuts));
    ex.end();
    return warnings.map((w) => w.line);
  };
  for (const size of [page.length, 1000, 65536]) assert.equal(lines(size), [3], `${size}`);
});

Html('maxLength: the blanks around a value are not counted (they are stripped), before it or after it', () => {
  const url = 'http://a.example/123'; // 20 characters
  for (const page of [`<a href="${url}">`, `<a href="  ${url}">`, `<a href="${url}  ">`, `<a href="${url}&#32;\n">`]) {
    assert.equal(read(page, [], { maxLength: 20 })[0].map((f) => f.uri), [url], page);
  }
  assert.equal(read(`<a href="${url}4  ">`, [], { maxLength: 20 })[1], ['attribute-too-long']);
  assert.equal(read(`<a href="${url} 4">`, [], { maxLength: 20 })[1], ['attribute-too-long']);
});

Html('meta refresh: a time followed by anything but ";", "," or a blank is no refresh (HTML\'s shared declarative refresh steps)', () => {
  const url = (content: string): string[] => read(`<meta http-equiv="refresh" content="${content}">`, [], { base: 'http://b.example/' })[0].map((f) => f.uri);
  for (const content of ['5x; url=http://a.example/', '0url=http://a.example/', 'x; url=http://a.example/']) assert.equal(url(content), [], content);
  for (const content of ['0;url=http://a.example/', '5 http://a.example/', '0.5,http://a.example/', '.5; URL=http://a.example/', '0 ; url = \'http://a.example/\'']) {
    assert.equal(url(content), ['http://a.example/'], content);
  }
});

Html('JSON-LD: a script longer than the input kept (64 KiB), its positions however the page is chunked; past maxLineLength, not read, with one warning at its line', () => {
  const items = Array.from({ length: 3000 }, (_, i) => `  {"@type": "ListItem", "position": ${i}, "item": "/p/${i}",\n   "name": "see https://n.example/${i}"}`).join(',\n');
  const page = `<p>x</p>\n<script type="application/ld+json">{"itemListElement": [\n${items}\n]}</script> http://after.example/`;
  const whole = read(page, [], { base: 'http://b.example/' });
  assert.is(whole[0].length, 6001);
  assert.equal(whole[0].slice(0, 2).map((f) => [f.uri, f.line, f.column]), [['http://b.example/p/0', 3, 49], ['https://n.example/0', 4, 17]]);
  assert.equal(whole[0].slice(-3).map((f) => [f.uri, f.line, f.column, f.source?.html]), [
    ['http://b.example/p/2999', 2 + 2 * 3000 - 1, 52, 'ld+json'], ['https://n.example/2999', 2 + 2 * 3000, 17, 'ld+json'], ['http://after.example/', 2 + 2 * 3000 + 1, 13, 'text'],
  ]);
  for (const size of [1000, 65536]) {
    const cuts = Array.from({ length: Math.floor(page.length / size) }, (_, i) => (i + 1) * size);
    assert.equal(key(read(page, cuts, { base: 'http://b.example/' })), key(whole), `${size}`);
  }
  const warnings: FormatWarning[] = [];
  const found = extract(page, { mode: 'html', maxLineLength: 65536, onWarning: (w) => warnings.push(w) });
  assert.equal(found.map((f) => f.uri), ['http://after.example/']);
  assert.equal(warnings.map((w) => [w.code, w.line]), [['script-too-long', 2]]);
});

Html('iframe srcdoc: a document longer than the input kept (64 KiB), read as it comes, its positions however the page is chunked; srcdocs nested 4 deep are read, not deeper', () => {
  const doc = Array.from({ length: 4000 }, (_, i) => `<p class=&quot;c&quot;>item <a href=&quot;/p/${i}&quot;>${i}</a> http://t.example/${i}</p>`).join('\n');
  const page = `<p>x</p>\n<iframe srcdoc="${doc}"></iframe> http://after.example/`;
  const whole = read(page, [], { base: 'http://b.example/' });
  assert.is(whole[0].length, 8001);
  assert.equal(whole[0].slice(-3).map((f) => [f.uri, f.line, f.column, f.source?.html]), [
    ['http://b.example/p/3999', 4001, 43, 'a[href]'], ['http://t.example/3999', 4001, 66, 'text'], ['http://after.example/', 4001, 103, 'text'],
  ]);
  for (const size of [1000, 65536]) {
    const cuts = Array.from({ length: Math.floor(page.length / size) }, (_, i) => (i + 1) * size);
    assert.equal(key(read(page, cuts, { base: 'http://b.example/' })), key(whole), `${size}`);
  }
  const escape = (html: string): string => html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  let nested = '<a href="http://l0.example/">';
  for (let i = 1; i <= 6; i++) nested = `<iframe srcdoc="${escape(nested)}"></iframe><a href="http://l${i}.example/">`;
  assert.equal(read(nested, [])[0].map((f) => f.uri), ['http://l2.example/', 'http://l3.example/', 'http://l4.example/', 'http://l5.example/', 'http://l6.example/']);
});

Html('iframe srcdoc: its Founds wait for the end of the tag up to SRCDOC_HELD of them, then go out as they come, before those of the tag\'s other attributes; none is lost', () => {
  const links = (n: number): string => Array.from({ length: n }, (_, i) => `&lt;a href=&quot;http://d.example/${i}&quot;&gt;`).join('');
  for (const n of [SRCDOC_HELD, SRCDOC_HELD + 1]) {
    const page = `<iframe src="http://f.example/" srcdoc="${links(n)}"></iframe> http://after.example/`;
    const uris = extract(page, { mode: 'html' }).map((f) => f.uri);
    assert.is(uris.length, n + 2);
    assert.is(uris.indexOf('http://f.example/'), n === SRCDOC_HELD ? 0 : n, `${n}`);
    assert.is(uris.at(-1), 'http://after.example/');
    assert.equal(uris.filter((u) => u.startsWith('http://d.')), Array.from({ length: n }, (_, i) => `http://d.example/${i}`));
  }
  // Held Founds go out at the bound, while the tag is still open.
  const ex = new Extractor({ mode: 'html' });
  assert.is(ex.write(`<iframe src="http://f.example/" srcdoc="${links(SRCDOC_HELD)}`).length, 0);
  assert.is(ex.write(links(1)).length, SRCDOC_HELD + 1);
});

Html('the head: its relative URLs wait for its <base href> up to HEAD_FOUNDS of them or HEAD_TEXT of title text, then are resolved against the base known, with one warning; however the page is chunked', () => {
  const links = (n: number): string => Array.from({ length: n }, (_, i) => `<link rel="preload" href="f${i}.js">`).join('\n');
  const base = '<base href="https://b.example/">';
  for (const [head, first] of [
    [links(HEAD_FOUNDS), 'https://b.example/f0.js'],
    [links(HEAD_FOUNDS + 1), 'https://a.example/f0.js'],
    [`<link href="i.png"><title>${'http://t.example/ '.repeat(HEAD_TEXT / 18)}</title>`, 'https://b.example/i.png'],
    [`<link href="i.png"><title>${'http://t.example/ '.repeat(HEAD_TEXT / 18 + 1)}</title>`, 'https://a.example/i.png'],
  ] as const) {
    const page = `<html><head>${head}${base}</head><body><a href="x">x</a>`;
    const options = { base: 'https://a.example/' };
    const whole = read(page, [], options);
    assert.is(whole[0][0]!.uri, first);
    assert.is(whole[0].at(-1)!.uri, 'https://b.example/x');
    assert.equal(whole[1], first.startsWith('https://b.') ? [] : ['head-too-long']);
    const cuts = Array.from({ length: Math.floor(page.length / 4099) }, (_, i) => (i + 1) * 4099);
    assert.equal(key(read(page, cuts, options)), key(whole));
    assert.equal(key(read(page, [page.indexOf('</title>') - 3], options)), key(whole));
  }
  // What waits is out once the bound is passed, not at the end of the input.
  const ex = new Extractor({ mode: 'html' });
  assert.is(ex.write(`<head>${links(HEAD_FOUNDS)}`).length, 0);
  assert.is(ex.write(links(1)).length, 0, 'no base: relative URLs are left out');
  const ey = new Extractor({ mode: 'html', base: 'https://a.example/' });
  assert.is(ey.write(`<head>${links(HEAD_FOUNDS)}`).length, 0);
  assert.is(ey.write(`\n${links(1)}`).length, HEAD_FOUNDS + 1);
});

Html.run();
