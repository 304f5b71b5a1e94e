// A metadata record of type application/warc-fields, as Heritrix writes
// one after each response: its `outlink: <URL> <hop> <context>` lines are
// the links it found in the page; each URL is read. Its other fields (via,
// hopsFromSeed, fetchTimeMs, …) are the crawl's, not the page's.

import type { Position } from '../positions.js';
import type { FormatContext } from '../types.js';
import { Cursor } from './cursor.js';
import type { RecordInfo } from './document.js';
import { fieldOf } from './fields.js';
import { RecordLinks } from './header-links.js';
import { MAX_HEADER_BYTES } from './limits.js';
import { LineTaker } from './lines.js';
import type { BlockSink } from './record.js';

export class MetadataBlock implements BlockSink {
  readonly #ctx: FormatContext;
  readonly #record: RecordInfo;
  readonly #cursor: Cursor;
  readonly #line: LineTaker;
  readonly #links: RecordLinks;
  readonly #first: number;
  #lineAt: Position;
  #long = 0;

  constructor(ctx: FormatContext, record: RecordInfo, at: Position) {
    this.#ctx = ctx;
    this.#record = record;
    this.#cursor = new Cursor(at);
    this.#lineAt = at;
    this.#first = at.line;
    this.#line = new LineTaker(ctx.maxHeaderBytes ?? MAX_HEADER_BYTES);
    this.#links = new RecordLinks(ctx, record);
  }

  write(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length;) {
      if (this.#line.length === 0) this.#lineAt = this.#cursor.position();
      const end = this.#line.takePast(bytes, i, this.#cursor);
      if (end === -1) return;
      i = end;
      this.#lineDone();
    }
  }

  end(): void {
    if (this.#line.length > 0) this.#lineDone();
    this.#links.end(this.#first);
    if (this.#long > 0) {
      const max = this.#ctx.maxHeaderBytes ?? MAX_HEADER_BYTES;
      this.#ctx.warn({ code: 'header-too-long', line: this.#first, count: this.#long, message: `record ${this.#record.number}: ${this.#long} metadata line(s) over maxHeaderBytes (${max}) not read` });
    }
  }

  #lineDone(): void {
    if (this.#line.over) {
      this.#line.clear();
      return void this.#long++;
    }
    const f = fieldOf(this.#line.line());
    if (f === undefined || f.name !== 'outlink') return;
    const url = /^\S+/.exec(f.value)?.[0];
    const at = this.#lineAt;
    if (url !== undefined) this.#links.take(url, { line: at.line, column: at.column + f.at, offset: at.offset + f.at }, { field: 'outlink' });
  }
}
