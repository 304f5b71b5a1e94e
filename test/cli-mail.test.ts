// The small MIME decoder behind `urisift --mode mail` (src/stream/mail.ts).
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  MboxSplitter, decodeCharset, decodeQuotedPrintable, decodeTransfer, parseContentType, parseHeaders,
  splitMultipart, textParts, type MailMessage,
} from '../src/stream/mail.js';

const Mime = suite('mail: MIME decoding');

Mime('quoted-printable: soft breaks, =XX, trailing blanks (RFC 2045 §6.7)', () => {
  assert.is(decodeQuotedPrintable('caf=E9 =3D x  \r\nlong-=\r\nline=\nend').toString('latin1'), 'café = x\r\nlong-lineend');
  assert.is(decodeQuotedPrintable('=C3=A9 and =zz').toString('utf8'), 'é and =zz');
});

Mime('base64 ignores line breaks and junk', () => {
  assert.is(decodeTransfer('aHR0cDov\r\nL2EuZXhh\nbXBsZS8=\n', 'base64').toString(), 'http://a.example/');
  assert.is(decodeTransfer('plain', '8bit').toString(), 'plain');
});

Mime('headers unfold; content type parameters, quoted or not', () => {
  const h = parseHeaders('Subject: a\r\n b\r\nContent-Type: multipart/mixed;\r\n\tboundary="x y"; Charset=UTF-8');
  assert.is(h.get('subject'), 'a b');
  assert.equal(parseContentType(h.get('content-type') ?? ''), { type: 'multipart/mixed', params: { boundary: 'x y', charset: 'UTF-8' } });
});

Mime('charsets: the part label wins; us-ascii reads as UTF-8; unknown uses the fallback', () => {
  assert.is(decodeCharset(Buffer.from([0x63, 0xe9]), 'ISO-8859-1', 'utf-8'), 'cé');
  assert.is(decodeCharset(Buffer.from('cé'), 'us-ascii', 'latin1'), 'cé');
  assert.is(decodeCharset(Buffer.from([0x63, 0xe9]), 'x-unknown', 'latin1'), 'cé');
});

Mime('multipart: parts between boundaries, preamble and epilogue dropped', () => {
  const parts = splitMultipart('pre\n--b\nA: 1\n\none\n--b \ntwo\n--b--\nepilogue\n', 'b');
  assert.equal(parts.map((p) => p.text), ['A: 1\n\none', 'two']);
  assert.equal(parts.map((p) => p.line), [2, 6]);
});

Mime('textParts walks nested multiparts and message/rfc822, skipping non-text', () => {
  const message = [
    'Content-Type: multipart/mixed; boundary=outer', '',
    '--outer', 'Content-Type: multipart/alternative; boundary=inner', '',
    '--inner', 'Content-Type: text/plain; charset=iso-8859-1', 'Content-Transfer-Encoding: quoted-printable', '', 'caf=E9', '--inner',
    'Content-Type: text/html', 'Content-Transfer-Encoding: base64', '', Buffer.from('<b>x</b>').toString('base64'), '--inner--',
    '--outer', 'Content-Type: image/png', 'Content-Transfer-Encoding: base64', '', 'iVBORw0KGgo=',
    '--outer', 'Content-Type: message/rfc822', '', 'Subject: fwd', '', 'inner body', '--outer--', '',
  ].join('\r\n');
  const parts = textParts(Buffer.from(message));
  assert.equal(parts.map((p) => [p.part, p.type, p.text]), [
    ['1.1', 'text/plain', 'café'], ['1.2', 'text/html', '<b>x</b>'], ['3', 'text/plain', 'inner body'],
  ]);
  assert.is(parts[0]?.bodyLine, 9);
});

Mime('a message without headers is one text/plain part', () => {
  assert.equal(textParts(Buffer.from('\nhello')).map((p) => p.text), ['hello']);
});

Mime.run();

const Mbox = suite('mail: mbox splitting');

async function split(chunks: Buffer[]): Promise<MailMessage[]> {
  const out: MailMessage[] = [];
  for await (const m of Readable.from(chunks).pipe(new MboxSplitter())) out.push(m as MailMessage);
  return out;
}

const mbox = Buffer.from([
  'From a@example Mon Mar  4 09:00:00 2024', 'Subject: one', '', 'body one', '>From here', '',
  'From b@example Mon Mar  4 10:00:00 2024', 'Subject: two', '', 'From inside a paragraph stays', '',
].join('\n'));

Mbox('messages start at From_ lines after a blank line; >From is unescaped', async () => {
  const messages = await split([mbox]);
  assert.equal(messages.map((m) => m.line), [2, 8]);
  assert.is(messages[0]?.bytes.toString(), 'Subject: one\n\nbody one\nFrom here\n\n');
  assert.is(messages[1]?.bytes.toString(), 'Subject: two\n\nFrom inside a paragraph stays\n');
});

Mbox('the same at every chunk boundary', async () => {
  const whole = JSON.stringify(await split([mbox]));
  for (let i = 1; i < mbox.length; i++) {
    assert.is(JSON.stringify(await split([mbox.subarray(0, i), mbox.subarray(i)])), whole, `split at ${i}`);
  }
});

Mbox('a file that does not start with From_ is one message (.eml)', async () => {
  const messages = await split([Buffer.from('Subject: x\n\nFrom me\n>From you\n')]);
  assert.is(messages.length, 1);
  assert.is(messages[0]?.bytes.toString(), 'Subject: x\n\nFrom me\n>From you\n');
});

Mbox.run();
