// The HTML format: the fixtures of test/fixtures/html read whole, byte by byte and in random chunks; the sink's marks; the charset prescan; the bounds.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TargetMemo } from '../src/delimit/memo.js';
import { compileOptions } from '../src/delimit/options.js';
import type { Found, ScanOptions } from '../src/delimit/types.js';
import { Extractor, extract } from '../src/index.js';
import { sniffHtmlCharset } from '../src/formats/html/charset.js';
import { HtmlReader } from '../src/formats/html/reader.js';
import { HtmlSink } from '../src/formats/html/sink.js';
import { KEEP } from '../src/formats/html/window.js';
import { NAMED_REFERENCES, entityAt } from '../src/formats/html/entities.js';
import { ENTITY_UNIT, NO_ENTITY } from '../src/formats/html/layout.js';
import { Tokenizer } from 'htmlparser2';
import type { FormatContext, FormatWarning } from '../src/formats/types.js';
import { parse } from '../src/uri/parse.js';
import { extractThroughOneBuffer } from './helpers/collect.js';

const DIR = new URL('./fixtures/html/', import.meta.url);

interface Case {
  about: string;
  file: string;
  options: ScanOptions;
  found: { uri: string; line: number; column: number; html: string }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

function context(options: ScanOptions = {}, warnings: FormatWarning[] = []): FormatContext {
  const config = compileOptions(options);
  return {
    config, memo: new TargetMemo(config.memo), detach: true, lines: true, charset: 'auto', headers: true, out: [],
    warn: (w) => warnings.push(w),
  };
}

/** Read `input` cut at `cuts` (sorted); the Founds and the warning codes. */
function read(input: Uint8Array | string, cuts: readonly number[], options?: ScanOptions): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const reader = new HtmlReader(context(options, warnings));
  const found: Found[] = [];
  let from = 0;
  for (const cut of [...cuts, input.length]) {
    found.push(...reader.write(input.slice(from, cut)));
    from = cut;
  }
  found.push(...reader.end());
  return [found, warnings.map((w) => w.code)];
}

/** What no chunking may change. */
function key([found, warnings]: [Found[], string[]]): string[] {
  return found.map((f) => `${f.uri} ${f.reference} @${f.offset} ${f.line}:${f.column} ${f.delimiter} ${JSON.stringify(f.source)}`)
    .concat(warnings);
}

const Html = suite('html format');

for (const c of CASES) {
  const bytes = new Uint8Array(readFileSync(new URL(c.file, DIR)));
  Html(`${c.file} ${JSON.stringify(c.options)}: ${c.about}`, () => {
    const whole = read(bytes, [], c.options);
    const [found, warnings] = whole;
    assert.equal(found.map((f) => ({ uri: f.uri, line: f.line, column: f.column, html: f.source?.html })), c.found);
    assert.equal(warnings, c.warnings);
    const expected = key(whole);
    assert.equal(key(read(bytes, Array.from({ length: bytes.length }, (_, i) => i), c.options)), expected, 'byte by byte');
    assert.equal(extractThroughOneBuffer(bytes, 7, { mode: 'html', ...c.options }).map((f) => f.uri), found.map((f) => f.uri), 'one buffer reused for every 7 bytes (the CLI reads a file so)');
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 24 }), (cuts) => {
      assert.equal(key(read(bytes, cuts.sort((a, b) => a - b), c.options)), expected);
    }), { numRuns: 40 });
  });
}

Html('text in, as strings: the same Founds, at the same offsets', () => {
  for (const c of CASES.filter((x) => !/1251|1258|meta-unknown/.test(x.file))) { // a string is text: no <meta> charset is read
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    const expected = key(read(new Uint8Array(Buffer.from(text)), [], c.options));
    assert.equal(key(read(text, [], c.options)), expected, c.file);
    assert.equal(key(read(text, [7, 50, 51, 300], c.options)), expected, c.file);
    // Bytes are held for the charset prescan (1024 of them); characters are read as they come.
    assert.equal(key(read(text, Array.from({ length: text.length }, (_, i) => i), c.options)), expected, `${c.file} character by character`);
  }
});

Html('bytes, then text as a string: the page keeps the charset its bytes settled (NFC, queries in that charset)', () => {
  const page = iconv.encode('<a href="http://q.example/?q=\u00ea\u0301">l</a><p>see http://x.example/\u00ea\u0301 done</p>', 'windows-1258');
  const options = { mode: 'html', charset: 'windows-1258' } as const;
  const whole = extract(page, options).map((f) => f.uri);
  assert.equal(whole, ['http://q.example/?q=%EA%EC', 'http://x.example/%E1%BA%BF']);
  const ex = new Extractor(options);
  const found = [...ex.write(page), ...ex.write('<p>more</p>'), ...ex.end()];
  assert.equal(found.map((f) => f.uri), whole);
});

Html('relative links left out for want of a base are counted, once per document (unresolved-links)', () => {
  const page = '<a href="x.html">x</a><a href="">empty</a><img src="i.png" srcset="a.png 1x, b.png 2x"><a href="http://abs.example/">a</a>';
  for (const base of [undefined, 'http://b.example/']) {
    const warnings: FormatWarning[] = [];
    const found = extract(page, { mode: 'html', base, onWarning: (w) => void warnings.push(w) });
    assert.is(found.length, base === undefined ? 1 : 5);
    assert.equal(warnings.map((w) => [w.code, w.count]), base === undefined ? [['unresolved-links', 4]] : []);
  }
});

Html('offsets are UTF-16 offsets of the decoded text, as in text mode', () => {
  const text = '<p>é😀 <a href="http://a.example/">x</a>\n  http://b.example/</p>';
  const [found] = read(new Uint8Array(Buffer.from(text)), []);
  assert.equal(found.map((f) => [f.uri, f.offset, text.slice(f.offset, f.offset + f.uri.length)]), [
    ['http://a.example/', text.indexOf('http://a'), 'http://a.example/'],
    ['http://b.example/', text.indexOf('http://b'), 'http://b.example/'],
  ]);
  assert.equal([found[1]!.line, found[1]!.column], [2, 3]);
});

Html('character references and case in attributes that hold no URL: the URLs around them keep their places', () => {
  const text = `<p title="a&amp;b" class=x&y><a data-x="&lt;" href="http://a.example/q?x=1&amp;y=2" rel=n&amp;>see http://t.example/</a>
<IMG alt='&quot;' SRC='http://i.example/p.png' Longdesc=d.html title=&gt;></p>`;
  const bytes = new Uint8Array(Buffer.from(text));
  for (const base of [undefined, 'http://b.example/d/']) {
    const whole = read(bytes, [], { base });
    assert.equal(whole[0].map((f) => [f.uri, f.offset, f.line, f.column, f.source?.html]), [
      ['http://a.example/q?x=1&y=2', text.indexOf('http://a'), 1, 53, 'a[href]'],
      ['http://t.example/', text.indexOf('http://t'), 1, 100, 'text'],
      ['http://i.example/p.png', text.indexOf('http://i'), 2, 24, 'img[src]'],
      ...(base === undefined ? [] : [['http://b.example/d/d.html', text.indexOf('d.html'), 2, 57, 'img[longdesc]']]),
    ]);
    assert.equal(key(read(bytes, Array.from({ length: bytes.length }, (_, i) => i), { base })), key(whole), 'byte by byte');
  }
});

Html('HtmlSink: file positions from the marks it receives, mail fields kept in source', () => {
  const ctx = context();
  const sink = new HtmlSink(ctx, { message: 2, part: '1.2', type: 'text/html' }, parse('http://part.example/d/'));
  sink.mark(40, 1, 1000);
  sink.write('<p>See <a href="x.html">http://a.exa');
  sink.mark(40, 40, 1039); // a quoted-printable soft break stood here ("=\n" is gone from the text)
  sink.write('mple/y</a>\n<img src="/i.png"></p>');
  sink.end();
  assert.equal(ctx.out.map((f) => [f.uri, f.line, f.column, f.offset, f.source]), [
    ['http://part.example/d/x.html', 40, 17, 1016, { message: 2, part: '1.2', type: 'text/html', html: 'a[href]' }],
    ['http://a.example/y', 40, 25, 1024, { message: 2, part: '1.2', type: 'text/html', html: 'text' }],
    ['http://part.example/i.png', 41, 11, 1060, { message: 2, part: '1.2', type: 'text/html', html: 'img[src]' }],
  ]);
});

Html('HtmlSink: null takes the base option; undefined means no base', () => {
  for (const [base, expected] of [[null, ['http://opt.example/a.html']], [undefined, []]] as const) {
    const ctx = context({ base: 'http://opt.example/' });
    const sink = new HtmlSink(ctx, {}, base);
    sink.write('<a href="a.html">a</a>');
    sink.end();
    assert.equal(ctx.out.map((f) => f.uri), expected);
  }
});

Html('sniffHtmlCharset: the WHATWG prescan', () => {
  const sniff = (s: string): string | undefined => sniffHtmlCharset(new Uint8Array(Buffer.from(s, 'latin1')));
  assert.is(sniff('<meta charset="windows-1251">'), 'windows-1251');
  assert.is(sniff('<html><head><META CHARSET=KOI8-R>'), 'koi8-r');
  assert.is(sniff('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'), 'shift_jis');
  assert.is(sniff('<meta content=\'text/html; charset="gb2312"\' http-equiv=content-type>'), 'gbk');
  assert.is(sniff('<meta content="text/html; charset=koi8-r">'), undefined, 'content without the pragma');
  assert.is(sniff('<!-- <meta charset="koi8-r"> --><meta charset=utf-8>'), 'utf-8');
  assert.is(sniff('<meta charset="iso-8859-1">'), 'windows-1252');
  assert.is(sniff('<meta charset="utf-16">'), 'utf-8');
  assert.is(sniff('<meta charset="no-such-thing">'), undefined);
  assert.is(sniff('<p title="<meta charset=koi8-r>">'), undefined, 'inside an attribute value');
  assert.is(sniff(`<!--${' '.repeat(1100)}--><meta charset=koi8-r>`), undefined, 'past the first 1024 bytes');
  assert.is(sniff('<meta charset="koi8'), undefined, 'cut short');
});

Html('a byte order mark wins over <meta charset>', () => {
  const html = '<meta charset="windows-1251"><p>http://a.example/ü</p>';
  const [found] = read(new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html)])), [2]);
  assert.equal(found.map((f) => [f.uri, f.offset]), [['http://a.example/%C3%BC', html.indexOf('http')]]);
});

Html('the charset option when nothing is declared', () => {
  const bytes = new Uint8Array(iconv.encode('<p>http://a.example/ж</p>', 'koi8-r'));
  const reader = new HtmlReader({ ...context(), charset: 'koi8-r' });
  const found = [...reader.write(bytes), ...reader.end()];
  assert.equal(found.map((f) => f.uri), ['http://a.example/%D0%B6']);
});

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

Html('text full of "&" in one piece takes linear time (entities, and bare "&" in prose)', () => {
  const time = (n: number): number => {
    const page = `<p>${'&amp; a & b '.repeat(n)}<a href="https://end.example/">x</a>`;
    const t = performance.now();
    assert.equal(extract(page, { mode: 'html' }).map((f) => f.uri), ['https://end.example/']);
    return performance.now() - t;
  };
  time(20000);
  const small = time(50000);
  const big = time(400000);
  assert.ok(big < small * 8 * 3 + 200, `400k: ${big.toFixed(0)} ms, 50k: ${small.toFixed(0)} ms`);
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

Html.run();
