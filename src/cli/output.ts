// Formatting hits as uri / JSON Lines / TSV, the --unique filter, and a
// stdout writer that batches, honours backpressure and treats EPIPE (the
// reader went away, as in `urisift big.txt | head -1`) as a quiet end.
import type { Writable } from 'node:stream';
import { normalize } from '../index.js';
import type { Config } from './args.js';

/** One URI found by any mode; `record` is what --json prints. */
export interface Hit {
  uri: string;
  line: number;
  column: number;
  record: object;
}

/** A formatted output line (with its newline) and its --unique key. */
export interface Line {
  text: string;
  key: string | undefined;
}

export type Formatter = (hit: Hit) => Line;

/**
 * Lines in bulk, as workers send them: UTF-8 bytes when there are no
 * --unique keys (encoded on the worker, transferred without a copy), else
 * the lines and keys side by side.
 */
export type LineBatch = { bytes: Uint8Array; count: number } | { lines: string[]; keys: string[] };

/** Collects lines into LineBatches. */
export class Batcher {
  readonly #unique: boolean;
  #texts: string[] = [];
  #keys: string[] = [];

  constructor(unique: boolean) {
    this.#unique = unique;
  }

  get size(): number {
    return this.#texts.length;
  }

  add(line: Line): void {
    this.#texts.push(line.text);
    if (this.#unique) this.#keys.push(line.key ?? line.text);
  }

  take(): LineBatch {
    const batch = this.#unique ? { lines: this.#texts, keys: this.#keys } : { bytes: ownBuffer(this.#texts.join('')), count: this.#texts.length };
    this.#texts = [];
    this.#keys = [];
    return batch;
  }
}

/** UTF-8 bytes in an ArrayBuffer of their own, so it can be transferred. */
function ownBuffer(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}

/**
 * A record as a plain object. A library Found computes `components` and
 * `warnings` in getters, which object spread does not copy; its toJSON() does.
 */
export function plainRecord(record: object): object {
  const r = record as { toJSON?: () => object };
  return typeof r.toJSON === 'function' ? r.toJSON() : record;
}

/** Build the formatter for one input. Pure: also used on worker threads. */
export function makeFormatter(config: Config, label: string, showName: boolean): Formatter {
  const prefix = showName ? `${label}:` : '';
  const tsvName = escapeTsv(label);
  return (hit) => {
    const normalized = config.normalize || config.unique ? normalize(hit.uri) : undefined;
    const uri = config.normalize ? (normalized ?? hit.uri) : hit.uri;
    const key = config.unique ? (normalized ?? hit.uri) : undefined;
    switch (config.format) {
      case 'json': {
        const record = plainRecord(hit.record);
        const object = showName ? { file: label, ...record, uri } : { ...record, uri };
        return { text: `${JSON.stringify(object)}\n`, key };
      }
      case 'tsv':
        return { text: `${tsvName}\t${hit.line}\t${hit.column}\t${uri}\n`, key };
      case 'uri':
        return { text: `${prefix}${uri}\n`, key };
    }
  };
}

/** Tabs, newlines and backslashes in a file name would break a TSV row. */
function escapeTsv(s: string): string {
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\'));
}

const BATCH = 64 * 1024;

/** Batches lines into stdout; remembers --unique keys across all inputs. */
export class Output {
  readonly #stream: Writable;
  readonly #seen: Set<string> | undefined;
  readonly #onClose: (error: Error | undefined) => void;
  #pending: string[] = [];
  #pendingSize = 0;
  #blocked = false;
  #closed = false;
  #scheduled = false;
  /** Lines written so far (after --unique). */
  count = 0;

  constructor(stream: Writable, unique: boolean, onClose: (error: Error | undefined) => void) {
    this.#stream = stream;
    this.#seen = unique ? new Set() : undefined;
    this.#onClose = onClose;
    stream.on('error', (err: NodeJS.ErrnoException) => this.#close(err.code === 'EPIPE' ? undefined : err));
    stream.on('drain', () => { this.#blocked = false; });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** stdout's buffer is full: await ready() before adding more. */
  get blocked(): boolean {
    return this.#blocked && !this.#closed;
  }

  add(line: Line): void {
    if (this.#closed) return;
    if (this.#seen !== undefined && line.key !== undefined) {
      if (this.#seen.has(line.key)) return;
      this.#seen.add(line.key);
    }
    this.count++;
    this.#append(line.text);
  }

  /** Buffer text; it goes out when BATCH is reached or when this burst of work ends. */
  #append(text: string): void {
    this.#pending.push(text);
    this.#pendingSize += text.length;
    if (this.#pendingSize >= BATCH) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => { this.#scheduled = false; this.flush(); });
    }
  }

  addBatch(batch: LineBatch): void {
    if ('bytes' in batch) {
      if (this.#closed) return;
      this.count += batch.count;
      this.flush();
      if (!this.#stream.write(batch.bytes)) this.#blocked = true;
      return;
    }
    batch.lines.forEach((text, i) => this.add({ text, key: batch.keys[i] }));
  }

  flush(): void {
    if (this.#closed || this.#pending.length === 0) return;
    const text = this.#pending.join('');
    this.#pending = [];
    this.#pendingSize = 0;
    if (!this.#stream.write(text)) this.#blocked = true;
  }

  /** Flush, then wait while stdout's buffer is full. */
  async ready(): Promise<void> {
    this.flush();
    while (this.#blocked && !this.#closed) {
      await new Promise<void>((resolve) => {
        const done = (): void => { this.#stream.off('drain', done); this.#stream.off('close', done); this.#stream.off('error', done); resolve(); };
        this.#stream.once('drain', done).once('close', done).once('error', done);
      });
    }
  }

  #close(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = [];
    this.#onClose(error);
  }
}
