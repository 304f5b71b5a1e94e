// Bytes to text: invalid bytes, charset 'auto' (BOMs, UTF-8, windows-1252), every iconv-lite charset
// however chunked, the multi-byte charsets' safe breaks, and the UTF-8 Decoder. The adapters: stream.test.ts.
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder, Extractor, createExtractStream, extract, type Found, type Mode } from '../src/index.js';
import { checkCharset } from '../src/stream/decode.js';

const Decode = suite('decoding');

Decode('invalid bytes become U+FFFD, never throw, and do not cost the rest of the stream', () => {
  const bytes = Buffer.concat([Buffer.from('http://a.example/x'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' then http://b.example/y')]);
  assert.equal(extract(bytes, { charset: 'utf-8' }).map((f) => f.uri), ['http://a.example/x', 'http://b.example/y']);
});

Decode('binary input never throws', () => {
  const bytes = Buffer.alloc(65536);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  bytes.write('http://hidden.example/', 30000);
  const found = extract(bytes);
  assert.ok(Array.isArray(found));
});

Decode("charset 'auto': BOMs, valid UTF-8, else windows-1252", () => {
  const text = 'x <http://c.example/café> y';
  const cases: [string, Buffer][] = [
    ['utf-8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['utf-16le BOM', iconv.encode(text, 'utf-16le', { addBOM: true })],
    ['utf-16be BOM', iconv.encode(text, 'utf-16be', { addBOM: true })],
    ['utf-8', Buffer.from(text)],
    ['windows-1252', iconv.encode(text, 'windows-1252')],
  ];
  for (const [name, bytes] of cases) {
    const [f] = extract(bytes);
    assert.is(f?.uri, 'http://c.example/caf%C3%A9', name);
    assert.is(f?.offset, 3, `${name}: a BOM is stripped, so offsets start after it`);
  }
});

Decode('a string that starts with U+FEFF (readFileSync(f, \'utf8\') keeps the BOM) gives the positions its bytes give, in every mode', () => {
  const inputs: Array<[Mode, string]> = [
    ['text', 'see http://a.example/x\nand http://b.example/\n'],
    ['html', '<p>see <a href="http://a.example/x">x</a> http://b.example/</p>\n'],
    ['log', '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET / HTTP/1.1" 200 5 "http://a.example/x" "ua"\n'],
    ['mail', 'From: a@b.example\nSubject: x\n\nsee http://a.example/x\n'],
  ];
  const rows = (found: Found[]): string[] => found.map((f) => `${f.offset} ${f.line}:${f.column} ${f.uri}`);
  for (const [mode, text] of inputs) {
    for (const m of [mode, 'auto'] as const) {
      const options = { mode: m };
      const bytes = rows(extract(Buffer.from(`\ufeff${text}`), options));
      assert.ok(bytes.length > 0, m);
      assert.equal(rows(extract(`\ufeff${text}`, options)), bytes, `${m}: string with a BOM`);
      assert.equal(rows(extract(text, options)), bytes, `${m}: string without`);
      const x = new Extractor(options);
      const pieces = [...x.write(''), ...x.write(`\ufeff${text.slice(0, 5)}`), ...x.write(text.slice(5)), ...x.end()];
      assert.equal(rows(pieces), bytes, `${m}: the BOM in the first non-empty write`);
    }
  }
  assert.equal(rows(extract('x\ufeffhttp://a.example/')), ['2 1:3 http://a.example/'], 'a U+FEFF after the start is a character');
});

Decode("charset 'auto': a windows-1252 byte cut by the 64 KiB mark is no UTF-8 sequence; a UTF-32LE BOM is no UTF-16LE one", () => {
  const tail = ' see http://xn--caf-dma.fr/na\xefve ok\n';
  for (const [name, bytes, uri] of [
    ['windows-1252 "é" as the 65,536th byte', Buffer.concat([Buffer.alloc(65535, 0x78), Buffer.from([0xe9]), Buffer.from(tail, 'latin1')]), 'http://xn--caf-dma.fr/na%C3%AFve'],
    ['UTF-8 "é" across the mark', Buffer.concat([Buffer.alloc(65535, 0x78), Buffer.from(`é see http://café.fr/ ok\n`)]), 'http://xn--caf-dma.fr/'],
    ['UTF-8 "😀" across the mark, one byte before it', Buffer.concat([Buffer.alloc(65535, 0x78), Buffer.from(`😀 see http://e.example/😀 ok\n`)]), 'http://e.example/%F0%9F%98%80'],
    ['UTF-8 "😀" across the mark, two bytes before it', Buffer.concat([Buffer.alloc(65534, 0x78), Buffer.from(`😀 see http://e.example/😀 ok\n`)]), 'http://e.example/%F0%9F%98%80'],
    ['UTF-32LE with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), iconv.encode('see http://utf32.example/x ok\n', 'utf-32le')]), 'http://utf32.example/x'],
  ] as const) {
    for (const size of [bytes.length, 65536, 65535, 1, 7]) {
      const x = new Extractor();
      const found = [];
      for (let i = 0; i < bytes.length; i += size) found.push(...x.write(bytes.subarray(i, i + size)));
      found.push(...x.end());
      assert.equal(found.map((f) => f.uri), [uri], `${name}, chunks of ${size}`);
    }
  }
});

/** iconv-lite's encodings, less the byte codecs (base64, hex) that no text is read in. */
function textCharsets(): string[] {
  void iconv.encodingExists('utf8'); // loads iconv.encodings
  const names = Object.keys(iconv.encodings as object).filter((n) => !n.startsWith('_'));
  const text = names.filter((n) => { try { checkCharset(n); return true; } catch { return false; } });
  assert.equal(names.filter((n) => !text.includes(n)), ['base64', 'hex']);
  return text;
}

Decode('every charset iconv-lite knows decodes to the same text however the bytes are chunked', () => {
  // iconv-lite's own decoders lose characters cut between writes for
  // GB18030, CESU-8 and UTF-7 (src/stream/boundary.ts works around them).
  const text = 'a😀 b €𠀀 c é ü ñ 表情：好 한국어 русский ελληνικά עברית العربية ไทย テスト ½ x\u0080y \u00a0 z 𝔸 1:2 end\n';
  void iconv.encodingExists('utf8'); // loads iconv.encodings
  const names = textCharsets();
  let checked = 0;
  for (const name of names) {
    let bytes: Buffer;
    try { bytes = iconv.encode(text, name); } catch { continue; } // decode-only or unknown
    const whole = new Decoder(name);
    const expected = whole.write(bytes) + whole.end();
    for (const size of [1, 2, 3, 7]) {
      const d = new Decoder(name);
      let got = '';
      for (let i = 0; i < bytes.length; i += size) got += d.write(bytes.subarray(i, i + size));
      got += d.end();
      assert.is(got, expected, `${name} in ${size}-byte chunks`);
    }
    checked++;
  }
  assert.ok(checked > 100, `charsets checked: ${checked}`);
});

Decode('invalid bytes decode to the same text whole and in 1-, 2- and 3-byte chunks, in every charset', () => {
  // iconv-lite's double-byte decoders lose or glue the byte after an invalid
  // lead byte cut off from it, and a UTF-8 sequence cut short must come out
  // before the text that follows it, not after.
  const bad = [[0xe3, 0x81], [0xf0, 0x9f], [0xc3], [0x8e], [0x82, 0x20], [0x8e, 0x71], [0xfe, 0xff], [0xd8, 0x00], [0x81, 0x30], [0xff]];
  void iconv.encodingExists('utf8');
  const names = textCharsets();
  let checked = 0;
  for (const name of names) {
    try { iconv.getDecoder(name); } catch { continue; }
    for (const seq of bad) {
      const bytes = Buffer.concat([Buffer.from('http://a/p'), Buffer.from(seq), Buffer.from('q r\n')]);
      const whole = new Decoder(name);
      const expected = whole.write(bytes) + whole.end();
      for (const size of [1, 2, 3]) {
        const d = new Decoder(name);
        let got = '';
        for (let i = 0; i < bytes.length; i += size) got += d.write(bytes.subarray(i, i + size));
        got += d.end();
        assert.is(JSON.stringify(got), JSON.stringify(expected), `${name}, bytes ${seq.map((b) => b.toString(16))}, ${size}-byte chunks`);
      }
      checked++;
    }
  }
  assert.ok(checked > 1000, `cases checked: ${checked}`);
});

Decode("charset 'auto': a U+FEFF after ASCII text is a character, not a BOM", () => {
  const bytes = Buffer.from('a\ufeffhttp://x.example/ ok');
  const want = extract(bytes, { charset: 'utf-8' }).map((f) => [f.uri, f.offset]);
  assert.equal(want, [['http://x.example/', 2]]);
  assert.equal(extract(bytes).map((f) => [f.uri, f.offset]), want);
});

Decode('GB18030 with no safe break for more than 64 KiB is decoded anyway, losing nothing', () => {
  const bytes = iconv.encode('表'.repeat(100 * 1024), 'gb18030'); // 200 KiB, no byte below 0x30
  const d = new Decoder('gb18030');
  let out = '';
  let maxBehind = 0;
  for (let i = 0; i < bytes.length; i += 1000) {
    out += d.write(bytes.subarray(i, i + 1000));
    maxBehind = Math.max(maxBehind, (i + 1000) / 2 - out.length); // characters held, at 2 bytes each
  }
  out += d.end();
  assert.is(out, '表'.repeat(100 * 1024));
  assert.ok(maxBehind <= 33 * 1024, `held ${maxBehind} characters`); // 64 KiB of bytes, plus one write
});

Decode('GB18030 through the stream in small chunks gives what extract gives', async () => {
  const bytes = iconv.encode('表情：https://example.cn/e/😀 好\n€𠀀 https://example.cn/a\n', 'gb18030');
  const want = extract(bytes, { charset: 'gb18030' }).map((f) => [f.uri, f.offset, f.line, f.column]);
  assert.equal(want.map((w) => w[0]), ['https://example.cn/e/%F0%9F%98%80', 'https://example.cn/a']);
  for (const size of [1, 2, 3]) {
    const s = createExtractStream({ charset: 'gb18030' });
    const got: unknown[] = [];
    s.on('data', (f: Found) => got.push([f.uri, f.offset, f.line, f.column]));
    for (let i = 0; i < bytes.length; i += size) s.write(bytes.subarray(i, i + size));
    s.end();
    await new Promise((r) => s.on('end', r));
    assert.equal(got, want, `${size}-byte chunks`);
  }
});

Decode("charset 'auto': a UTF-8 character cut by the 64 KiB mark is still UTF-8", async () => {
  for (const ch of ['é', '€', '😀']) {
    for (let before = 65536 - 4; before <= 65536; before++) {
      for (const lead of ['', 'ü ']) { // with and without earlier non-ASCII text
        const text = `${lead}${'x'.repeat(before - Buffer.byteLength(lead))}${ch} https://example.com/caf${ch} ok\n`;
        const bytes = Buffer.from(text);
        const want = `https://example.com/caf${encodeURIComponent(ch)}`;
        assert.is(extract(bytes)[0]?.uri, want, `${ch} at byte ${before}`);
        const s = createExtractStream();
        const got: string[] = [];
        s.on('data', (f: Found) => got.push(f.uri));
        for (let i = 0; i < bytes.length; i += 4093) s.write(bytes.subarray(i, i + 4093));
        s.end();
        await new Promise((r) => s.on('end', r));
        assert.equal(got, [want], `${ch} at byte ${before}, in chunks`);
      }
    }
  }
});

Decode("charset 'auto' decides windows-1252 even when the first invalid byte comes late", () => {
  const ascii = 'a'.repeat(70000) + ' ';
  const bytes = Buffer.concat([Buffer.from(ascii), iconv.encode('<http://c.example/café>', 'latin1')]);
  // Past 64 KiB of valid UTF-8, 'auto' settles on UTF-8: the é byte is invalid there.
  assert.is(extract(bytes)[0]?.uri, 'http://c.example/caf');
  const early = Buffer.concat([iconv.encode('é ', 'latin1'), Buffer.from(ascii), iconv.encode('<http://c.example/café>', 'latin1')]);
  assert.is(extract(early)[0]?.uri, 'http://c.example/caf%C3%A9');
});

Decode('explicit charsets: Shift_JIS, latin1', () => {
  const [sj] = extract(iconv.encode('リンク: <http://例え.jp/パス>', 'shift_jis'), { charset: 'shift_jis' });
  assert.is(sj?.uri, 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9');
  const [l1] = extract(iconv.encode('<http://c.example/café>', 'latin1'), { charset: 'latin1' });
  assert.is(l1?.uri, 'http://c.example/caf%C3%A9');
});

Decode('Decoder (UTF-8): every split, BOM only at the start, ASCII after a partial sequence', () => {
  const text = 'aé€😀b\uFEFFc';
  const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text), Buffer.from([0xff]), Buffer.from('end')]);
  const expected = text + '\uFFFD' + 'end'; // leading BOM stripped, the inner U+FEFF kept
  for (const charset of ['utf-8', 'auto']) {
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const d = new Decoder(charset);
        const got = d.write(bytes.subarray(0, i)) + d.write(bytes.subarray(i, j)) + d.write(bytes.subarray(j)) + d.end();
        assert.is(got, expected, `${charset}: cut at ${i} and ${j}`);
      }
    }
  }
});

Decode('Decoder (UTF-8): valid and invalid bytes, cut anywhere, give what one TextDecoder gives (fast-check)', () => {
  // Valid UTF-8 is transcoded and the rest goes through a TextDecoder, so
  // mix the two: ASCII, 2-, 3- and 4-byte characters, a BOM, and bytes that
  // are no UTF-8 (lone continuations, cut sequences, overlongs, surrogates).
  const piece = fc.oneof(
    fc.constantFrom('a', 'http://a/', '\n', 'é', '€', '😀', 'パス', '\uFEFF').map((t) => Buffer.from(t)),
    fc.constantFrom([0x80], [0xbf], [0xc3], [0xe3, 0x81], [0xf0, 0x9f, 0x98], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf8, 0x88])
      .map((b) => Buffer.from(b)),
  );
  const reference = new TextDecoder('utf-8'); // strips one BOM at the start, as the Decoder does
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (parts, raw) => {
    const bytes = Buffer.concat(parts);
    const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
    const d = new Decoder('utf-8');
    let got = '';
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      got += d.write(bytes.subarray(at, cut));
      at = cut;
    }
    got += d.end();
    assert.is(JSON.stringify(got), JSON.stringify(reference.decode(bytes)), `cuts ${cuts.join(',')}`);
  }), { numRuns: 3000, seed: 3629 });
});

Decode.run();
