// Line batches (as workers send them), the --unique filter's place, and a
// stdout writer that batches, honours backpressure and treats EPIPE (the
// reader went away, as in `urisift big.txt | head -1`) as a quiet end.
import type { Writable } from 'node:stream';
import type { UniqueFilter } from './unique.js';

import type { Line } from './format.js';

export { makeFormatter, jsonRecord, type Formatter, type Hit, type Line } from './format.js';

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
  /** UTF-16 units of the lines held. */
  chars = 0;

  constructor(unique: boolean) {
    this.#unique = unique;
  }

  get size(): number {
    return this.#texts.length;
  }

  add(line: Line): void {
    this.#texts.push(line.text);
    this.chars += line.text.length;
    if (this.#unique) this.#keys.push(line.key ?? line.text);
  }

  take(): LineBatch {
    const batch = this.#unique ? { lines: this.#texts, keys: this.#keys } : { bytes: ownBuffer(this.#texts.join('')), count: this.#texts.length };
    this.#texts = [];
    this.#keys = [];
    this.chars = 0;
    return batch;
  }
}

/** UTF-8 bytes in an ArrayBuffer of their own, so it can be transferred. */
function ownBuffer(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}

const BATCH = 64 * 1024;

/** Batches lines into stdout; remembers --unique keys across all inputs. */
export class Output {
  readonly #stream: Writable;
  readonly #seen: UniqueFilter | undefined;
  readonly #onClose: (error: Error | undefined) => void;
  readonly #signal: AbortSignal | undefined;
  #pending: string[] = [];
  #pendingSize = 0;
  #blocked = false;
  #closed = false;
  #scheduled = false;
  /** Lines written so far (after --unique). */
  count = 0;

  /** `signal`: the run's; once it aborts (Ctrl-C), ready() waits no more for a reader that does not read. */
  constructor(stream: Writable, unique: UniqueFilter | undefined, onClose: (error: Error | undefined) => void, signal?: AbortSignal) {
    this.#stream = stream;
    this.#seen = unique;
    this.#onClose = onClose;
    this.#signal = signal;
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
    if (this.#seen !== undefined && line.key !== undefined && !this.#seen.admit(line.key)) return;
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

  /** Flush, then wait while stdout's buffer is full, until it drains, closes or the run is aborted. */
  async ready(): Promise<void> {
    this.flush();
    const signal = this.#signal;
    while (this.#blocked && !this.#closed && signal?.aborted !== true) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#stream.off('drain', done).off('close', done).off('error', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.#stream.once('drain', done).once('close', done).once('error', done);
        signal?.addEventListener('abort', done, { once: true });
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
