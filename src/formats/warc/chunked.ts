// HTTP/1.1's chunked transfer coding (RFC 9112 §7.1), undone as the bytes
// come: chunk-size lines (extensions ignored), chunk data, the trailer
// section. A body that says it is chunked but does not start with a chunk
// size (a tool that wrote the body unchunked and left the header) is passed
// on as it is.

import { LineTaker } from './lines.js';

const enum State { First, Size, Data, DataEnd, Trailer, Plain, Done }

const LF = 0x0a;
const EMPTY = Buffer.alloc(0);

/** The longest chunk-size line read (with its extensions). */
const SIZE_LINE = 1024;

const CHUNK_SIZE = /^([0-9a-fA-F]{1,13})[ \t]*(?:;.*)?$/;

export class Dechunker {
  #state = State.First;
  #remaining = 0;
  readonly #line = new LineTaker(SIZE_LINE);
  /** The first line's bytes so far. */
  #head: Buffer = EMPTY;
  readonly #data: (bytes: Uint8Array) => void;
  readonly #broken: (why: string) => void;

  /** `data`: each piece of the body; `broken`: the framing is no chunked coding past its start (the rest is not read). */
  constructor(data: (bytes: Uint8Array) => void, broken: (why: string) => void) {
    this.#data = data;
    this.#broken = broken;
  }

  write(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length && this.#state !== State.Done) {
      if (this.#state === State.Plain) return this.#data(i === 0 ? bytes : bytes.subarray(i));
      if (this.#state === State.Data) {
        const n = Math.min(this.#remaining, bytes.length - i);
        this.#data(bytes.subarray(i, i + n));
        i += n;
        this.#remaining -= n;
        if (this.#remaining === 0) this.#state = State.DataEnd;
        continue;
      }
      if (this.#state === State.First) {
        i = this.#first(bytes, i);
        continue;
      }
      const end = this.#line.take(bytes, i);
      if (end === -1) return;
      i = end;
      this.#lineDone(this.#line.line());
    }
  }

  /** The first line, held until it has come (at most SIZE_LINE bytes): a chunk size, or else the body's own first bytes. Returns where the bytes go on. */
  #first(bytes: Uint8Array, from: number): number {
    const lf = bytes.indexOf(LF, from);
    const end = lf === -1 || lf + 1 - from > SIZE_LINE - this.#head.length ? Math.min(bytes.length, from + SIZE_LINE - this.#head.length) : lf + 1;
    this.#head = Buffer.concat([this.#head, bytes.subarray(from, end)]);
    const ended = this.#head[this.#head.length - 1] === LF;
    if (!ended && this.#head.length < SIZE_LINE) return end;
    const line = this.#head.toString('latin1').replace(/\r?\n$/, '');
    if (ended && CHUNK_SIZE.test(line)) {
      this.#size(line);
    } else {
      this.#state = State.Plain;
      this.#data(this.#head);
    }
    this.#head = EMPTY;
    return end;
  }

  #lineDone(line: string): void {
    switch (this.#state) {
      case State.Size: return this.#size(line);
      case State.DataEnd:
        if (line !== '') return this.#break(`no line end after a chunk's data`);
        this.#state = State.Size;
        return;
      case State.Trailer:
        if (line === '') this.#state = State.Done;
        return;
    }
  }

  #size(line: string): void {
    const m = CHUNK_SIZE.exec(line);
    if (m === null) return this.#break(`"${line.slice(0, 40)}" is no chunk size`);
    this.#remaining = parseInt(m[1]!, 16);
    this.#state = this.#remaining === 0 ? State.Trailer : State.Data;
  }

  #break(why: string): void {
    this.#state = State.Done;
    this.#broken(why);
  }

  /** The body has ended: a first line still held (no line end came) is the body's own text. */
  end(): void {
    if (this.#state !== State.First || this.#head.length === 0) return;
    this.#state = State.Plain;
    this.#data(this.#head);
    this.#head = EMPTY;
  }

  /** The body ended: true when its last chunk and trailer had come. */
  get complete(): boolean {
    return this.#state === State.Done || this.#state === State.Plain || this.#state === State.Trailer;
  }
}
