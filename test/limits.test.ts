// Every limit is an option with a documented default, and what happens at
// the limit is defined (issue 3 §5).
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MAX_LENGTH, Extractor, Scanner, createExtractStream, extract, toWebTransform } from '../src/index.js';
import type { Found } from '../src/index.js';

const Limits = suite('limits');

/** The URIs a Scanner with `maxLength` finds in `text` written `size` characters at a time, and its count of over-long ones. */
function scanInChunks(text: string, size: number, maxLength: number): [string[], number] {
  const s = new Scanner({ maxLength });
  const found: Found[] = [];
  for (let i = 0; i < text.length; i += size) found.push(...s.write(text.slice(i, i + size)));
  found.push(...s.end());
  return [found.map((f) => f.uri), s.tooLong];
}

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

Limits('an over-long bare URI is skipped to where it ends, and what is glued after it is still found; trailing punctuation does not count', () => {
  const maxLength = 64;
  const uri = (n: number): string => 'https://a.example/' + 'x'.repeat(n - 18);
  const long = uri(100);
  const cases: Array<[string, string, string[]]> = [
    ['a glued list', `urls: ${long},https://b.example/next`, ['https://b.example/next']],
    ['an unbalanced ")"', `(${long})https://b.example/next`, ['https://b.example/next']],
    ['an unbalanced "]"', `${long}]https://b.example/next`, ['https://b.example/next']],
    ['a closing apostrophe', `'${long}',https://b.example/next`, ['https://b.example/next']],
    ['a comma with no scheme after it is inside the URI', `${long},y=http://in.example/ ok`, []],
    ['exactly maxLength, then "."', `${uri(64)}. ok`, [uri(64)]],
    ['maxLength - 2, then "..."', `${uri(62)}... ok`, [uri(62)]],
    ['a short URI, then 16 "!"', `${uri(40)}${'!'.repeat(16)} ok`, [uri(40)]],
    ['maxLength + 1, then "."', `${uri(65)}. ok`, []],
    ['trailing punctuation past 16 characters counts', `${uri(60)}${'!'.repeat(21)} ok`, []],
  ];
  for (const [name, text, uris] of cases) {
    for (const size of [text.length, 1, 5, 32]) assert.equal(scanInChunks(text, size, maxLength)[0], uris, `${name} (chunks of ${size})`);
  }
});

Limits('a hyphen break at maxLength: a URI that goes on past it is skipped and counted, never emitted cut at its hyphen', () => {
  const maxLength = 20; // "http://a.example/ab-" is 20 characters
  const cases: Array<[string, string, string[], number]> = [
    ['goes on right after the limit', 'see http://a.example/ab-\ncd then http://n.example/', ['http://n.example/'], 1],
    ['goes on after indentation', 'see http://a.example/a-\n   c then http://n.example/', ['http://n.example/'], 1],
    ['goes on, and ends at the limit', 'see http://a.example/-\nc then http://n.example/', ['http://a.example/c', 'http://n.example/'], 0],
    ['exactly maxLength, then a blank line', 'see http://a.example/ab-\n\nthen http://n.example/', ['http://a.example/ab-', 'http://n.example/'], 0],
    ['exactly maxLength, then prose on the line', 'see http://a.example/ab- then http://n.example/', ['http://a.example/ab-', 'http://n.example/'], 0],
    ['a chain of breaks past the limit', `see http://a.example/${'a-\n'.repeat(40)} then http://n.example/`, ['http://n.example/'], 1],
  ];
  for (const [name, text, uris, tooLong] of cases) {
    for (const size of [text.length, 1, 3, 7]) assert.equal(scanInChunks(text, size, maxLength), [uris, tooLong], `${name} (chunks of ${size})`);
  }
});

Limits('maxMimeDepth (default 32): nesting of exactly that many levels is read, one more is skipped with a warning', () => {
  const nested = (levels: number): string => {
    const lines = ['Subject: x'];
    for (let i = 0; i < levels; i++) lines.push(`Content-Type: multipart/mixed; boundary=b${i}`, '', `--b${i}`);
    return [...lines, '', 'deep https://deep.example/', ''].join('\n');
  };
  for (const [max, options] of [[32, {}], [1, { maxMimeDepth: 1 }], [5, { maxMimeDepth: 5 }]] as const) {
    const read = (levels: number): [string[], string[]] => {
      const warnings: string[] = [];
      const found = extract(nested(levels), { mode: 'mail', ...options, onWarning: (w) => warnings.push(w.code) });
      return [found.map((f) => f.uri), warnings];
    };
    assert.equal(read(max), [['https://deep.example/'], []], `${max} levels`);
    assert.equal(read(max + 1), [[], ['too-deep']], `${max + 1} levels`);
  }
  assert.throws(() => extract('x', { mode: 'mail', maxMimeDepth: 0 }), (e: unknown) => (e as { code?: string }).code === 'invalid-max-mime-depth');
});

Limits('maxHeaderBytes (default 1 MiB): a block that fits is kept whole; one byte less drops its rest with a warning, and the body is read', () => {
  const m = `Subject: x\nX-Long: ${'a'.repeat(2000)}\nList-Post: <https://late.example/>\n\nbody https://body.example/\n`;
  const read = (maxHeaderBytes: number): [string[], string[]] => {
    const warnings: string[] = [];
    const found = extract(m, { mode: 'mail', maxHeaderBytes, onWarning: (w) => warnings.push(w.code) });
    return [found.map((f) => f.uri), warnings];
  };
  let fits = 1024; // the smallest bound that keeps the block: its fields' bytes and 64 for each kept field
  while (read(fits)[0].length < 2) fits++;
  assert.ok(fits > 2000 && fits < 2400, `${fits}`);
  assert.equal(read(fits), [['https://late.example/', 'https://body.example/'], []]);
  assert.equal(read(fits - 1), [['https://body.example/'], ['header-too-long']]);
  assert.throws(() => extract('x', { mode: 'mail', maxHeaderBytes: 1023 }), (e: unknown) => (e as { code?: string }).code === 'invalid-max-header-bytes');
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

Limits('blanks that run to the end of the text so far hold no more than maxLength, and the URI before them is still found', () => {
  // Each shape looks ahead over blanks for what follows them: a continuation line, the URI after "URL:".
  const shapes: Array<[string, string, string[]]> = [
    ['<http://a.example/b⏎ + spaces', '<http://a.example/b\n', ['http://a.example/b']],
    ['"http://a.example/b⏎ + spaces', '"http://a.example/b\n', ['http://a.example/b']],
    ['http://a.example/b- + spaces', 'see http://a.example/b-', ['http://a.example/b-']],
    ['http://a.example/b- + CRs', 'see http://a.example/b-', ['http://a.example/b-']],
    ['http://a.example/b-⏎ + spaces', 'see http://a.example/b-\n', ['http://a.example/b-']],
    ['<URL: + spaces', 'see <URL:', []],
    ['<⏎ + spaces, with a base', 'see <\n', []],
  ];
  const maxLength = 256;
  for (const [name, head, uris] of shapes) {
    const options = { maxLength, ...(name.endsWith('base') ? { base: 'http://base.example/' } : {}) };
    const blank = name.includes('CRs') ? '\r' : ' ';
    const s = new Scanner(options);
    let peak = 0;
    const found = s.write(head);
    for (let i = 0; i < 1024; i++) { found.push(...s.write(blank.repeat(1024))); peak = Math.max(peak, s.buffered); } // 1 MiB of blanks
    found.push(...s.write('x http://after.example/ '), ...s.end());
    assert.ok(peak <= maxLength + 16 * 1024 + 100, `${name}: held ${peak} characters`);
    assert.equal(found.map((f) => f.uri), [...uris, 'http://after.example/'], name);
    assert.equal(extract(head + blank.repeat(1 << 20) + 'x http://after.example/ ', options).map((f) => f.uri), [...uris, 'http://after.example/'], `${name}: in one piece`);
  }
});

Limits('a look ahead at a comma or a bracket never holds more than maxLength of an endless URI', () => {
  for (const unit of [',bbbbbbbbbbbbbbb', '[x', ',b', '[xx]x']) {
    const s = new Scanner({ maxLength: 256 });
    let peak = 0;
    s.write('see http://a');
    for (let i = 0; i < 4096; i++) { s.write(unit); peak = Math.max(peak, s.buffered); } // written a piece at a time
    const found = [...s.write(' http://after.example/ '), ...s.end()];
    assert.ok(peak <= 256 + 100, `${unit}: held ${peak} characters`);
    assert.equal(found.map((f) => f.uri), ['http://after.example/'], unit);
  }
});

Limits('a scanner takes no text after end()', () => {
  const s = new Scanner();
  s.end();
  assert.throws(() => s.write('x'), /after end/);
  assert.equal(s.end(), []);
});

// A kept Found must not keep the text it was found in: V8 substrings of 13
// characters or more view their parent, so one URI per 64 KiB chunk would
// keep every chunk (a --unique run over a big log would hold the whole log).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** n chunks of 64 KiB, each holding one URI of every shape: bare, wrapped in <…>, and resolved against a base. */
function bigChunks(n: number): Buffer[] {
  return Array.from({ length: n }, (_, i) => Buffer.from(
    `${'x'.repeat(199)}\nsee https://example.com/kept/bare/${i}/page and <https://example.com/kept/\n  wrapped/${i}> and "../rel/${i}/x"\n`
    + 'x'.repeat(65536 - 320) + '\n',
  ));
}

const CHUNKS = 192; // 12 MiB; what is kept is about 60 KiB, and about 3 MiB without the copies

/** Heap growth, in bytes, while the Founds `run` returns for CHUNKS chunks are kept (after a short run compiles the code). */
async function retained(run: (chunks: Buffer[]) => Promise<Found[]>): Promise<number> {
  await run(bigChunks(4));
  const chunks = bigChunks(CHUNKS);
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = await run(chunks);
  chunks.length = 0;
  gc();
  const after = process.memoryUsage().heapUsed;
  assert.is(kept.length, CHUNKS * 3);
  assert.ok(kept.every((f) => f.uri.includes('/kept/') || f.uri.includes('/rel/')));
  return after - before;
}

const BASE = { base: 'http://a/b/c/d' };
const LIMIT = 1024 * 1024;

Limits('a Found kept from createExtractStream does not keep its chunk', async () => {
  const bytes = await retained(async (chunks) => {
    const out: Found[] = [];
    for await (const f of Readable.from(chunks).pipe(createExtractStream(BASE))) out.push(f as Found);
    return out;
  });
  assert.ok(bytes < LIMIT, `kept ${bytes} bytes`);
});

Limits('nor from the Web TransformStream, a Scanner fed strings, or extract() on bytes', async () => {
  const web = await retained(async (chunks) => {
    const out: Found[] = [];
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
    for await (const f of source.pipeThrough(toWebTransform(BASE))) out.push(f);
    return out;
  });
  const scanner = await retained(async (chunks) => {
    const s = new Scanner(BASE);
    return [...chunks.flatMap((c) => s.write(c.toString('latin1'))), ...s.end()];
  });
  const bytes = await retained(async (chunks) => extract(Buffer.concat(chunks), BASE));
  for (const n of [web, scanner, bytes]) assert.ok(n < LIMIT, `kept ${n} bytes`);
});

/** One WARC response record: `headers` (CRLF lines) after its status line, an HTML page as its payload. */
function warcResponse(headers: string, page: string): string {
  const http = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n${headers}\r\n${page}`;
  return `WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://t.example/\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${Buffer.byteLength(http)}\r\n\r\n${http}\r\n\r\n`;
}

Limits('a URI over maxLength is skipped and counted (uri-too-long), in every mode, once per input in text mode', () => {
  const long = `http://long.example/${'x'.repeat(80)}`;
  const inputs: Array<[string, string, number]> = [
    ['text', `see ${long} and <${long}> and http://ok.example/`, 2],
    ['mail', `Subject: s\n\nsee ${long} and http://ok.example/\n`, 1],
    ['log', `1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET / HTTP/1.1" 200 5 "-" "bot ${long}"\nmsg ${long} http://ok.example/\n`, 2],
    ['html', `<p>${long} http://ok.example/</p>`, 1],
    ['feed', `<rss><channel><title>${long} http://ok.example/</title><link>${long}</link><description>&lt;p&gt;${long}</description></channel></rss>`, 3],
    ['markdown', `${long} [a](${long}) <${long}>\n\n<a href="${long}">x</a> http://ok.example/\n`, 3], // the raw <a href> is attribute-too-long, as in html mode
    ['warc', warcResponse(`Location: ${long}\r\n`, `<p>${long} http://ok.example/</p>`), 2],
    ['json', `{"url": "${long}", "text": "${long} http://ok.example/"} // ${long}\n`, 3],
  ];
  for (const [mode, text, skipped] of inputs) {
    const warnings: Array<[string, number | undefined]> = [];
    const found = extract(text, { mode: mode as 'text', maxLength: 64, onWarning: (w) => void warnings.push([w.code, w.count]) });
    assert.ok(found.every((f) => f.uri.length <= 64), mode);
    assert.equal(warnings.filter(([code]) => code === 'uri-too-long').reduce((n, [, c]) => n + (c ?? 0), 0), skipped, mode);
  }
});

Limits.run();
