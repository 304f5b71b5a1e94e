// WARC inputs for bench/formats.ts --part warc: the pages of an HTML corpus
// (pages.html, docs.html: pages concatenated) cut at each </html>, each
// page one response record of a crawl, every fourth gzip-coded as a server
// sends it; and an endless stream of such records for the memory case, in
// which every fourth is br-coded too (a br body is held whole).
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The pages of a concatenated HTML corpus: cut after each </html> and its line end. */
export function pagesOf(html: Buffer): Buffer[] {
  const text = html.toString('latin1');
  const pages: Buffer[] = [];
  let from = 0;
  for (const m of text.matchAll(/<\/html>\s*/gi)) {
    const end = m.index + m[0].length;
    pages.push(html.subarray(from, end));
    from = end;
  }
  if (from < html.length) pages.push(html.subarray(from));
  return pages;
}

/** A content coding of a record's body: none, gzip or br. */
export type Coding = '' | 'gzip' | 'br';

/** `page` coded by `coding` (br at quality 5, as servers code pages on the fly). */
function coded(page: Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(page, { level: 6 });
  if (coding === 'br') return brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return page;
}

/** Page `n` as a response record (a 200 with its Content-Type, its body coded by `coding`). */
export function responseRecord(page: Buffer, n: number, coding: Coding): Buffer {
  const body = coded(page, coding);
  const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n${coding === '' ? '' : `Content-Encoding: ${coding}\r\n`}Content-Length: ${body.length}\r\n\r\n`), body]);
  const head = `WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://site-${n % 97}.bench.example/docs/page-${n}.html\r\nWARC-Date: 2024-03-11T10:00:01Z\r\n`
    + `WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}>\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${http.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), http, Buffer.from('\r\n\r\n')]);
}

/** Write the WARC of `htmlFile`'s pages to `warcFile` (kept; remade when the corpus is newer). */
export function ensureWarcOf(htmlFile: string, warcFile: string): { bytes: number; pages: number } {
  const html = fs.readFileSync(htmlFile);
  const pages = pagesOf(html);
  if (!fs.existsSync(warcFile) || fs.statSync(warcFile).mtimeMs < fs.statSync(htmlFile).mtimeMs) {
    const fd = fs.openSync(warcFile, 'w');
    pages.forEach((p, i) => fs.writeSync(fd, responseRecord(p, i + 1, i % 4 === 3 ? 'gzip' : '')));
    fs.closeSync(fd);
  }
  return { bytes: fs.statSync(warcFile).size, pages: pages.length };
}

/** `totalBytes` of WARC: the records of `pages` made once (of each four, the second br-coded and the fourth gzip-coded), then repeated (never held whole: each push is one record). */
export function warcStream(pages: readonly Buffer[], totalBytes: number): Readable {
  const codings: readonly Coding[] = ['', 'br', '', 'gzip'];
  const records = pages.slice(0, 400).map((p, i) => responseRecord(p, i + 1, codings[i % 4]!));
  let sent = 0;
  let i = 0;
  return new Readable({
    read() {
      if (sent >= totalBytes) return void this.push(null);
      const r = records[i++ % records.length]!;
      sent += r.length;
      this.push(r);
    },
  });
}
