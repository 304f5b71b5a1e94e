// gunzip that keeps what decodes. Node's Gunzip drops the last output of a
// member when bytes that are no gzip member follow it (it fails inside the
// same call), so a valid .gz with trailing garbage gave nothing at all.
// Here the members are read one by one (RFC 1952 header, raw deflate body,
// CRC-32 and size trailer); the text decoded so far always flows on, the
// stream ends normally, and the first problem is kept in `error` for the
// caller to report after the scan, as gzip does ("trailing garbage ignored").
import { Transform, type TransformCallback } from 'node:stream';
import type { InflateRaw } from 'node:zlib';
import { requireOwn } from '../modules.js';

/** node:zlib, loaded when the first gzip member is met: most runs read none, and it took some 6 ms of every start. */
let zlibLoaded: typeof import('node:zlib') | undefined;
const zlib = (): typeof import('node:zlib') => (zlibLoaded ??= requireOwn('node:zlib') as typeof import('node:zlib'));

type State = 'header' | 'body' | 'trailer' | 'failed';

/** The first bytes of a gzip member: ID1, ID2 and CM = deflate (RFC 1952 §2.3.1). */
export const GZIP_MAGIC = [0x1f, 0x8b, 8] as const;

/** An error with a code inputs.ts describes. */
export function gzipError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

export class KeepingGunzip extends Transform {
  #state: State = 'header';
  #held: Buffer = Buffer.alloc(0);
  #members = 0;
  #inflater: Inflater | undefined;
  /** 'gzip' (a .gz file); 'sniff': gzip when the data starts with gzip's magic, else 'pass' (the bytes as they are). */
  #mode: 'gzip' | 'sniff' | 'pass';
  error: Error | undefined;

  /** Did the text stop inside a member's data (cut short or corrupt), not at a member's end? Then its last bytes may be a cut word. */
  cut = false;

  /** `sniff`: the data may be gzip or not (standard input, a file with another name). */
  constructor(sniff = false) {
    super();
    this.#mode = sniff ? 'sniff' : 'gzip';
  }

  override _read(size: number): void {
    this.#inflater?.resume();
    super._read(size);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#mode === 'pass') return callback(null, chunk);
    if (this.#mode === 'sniff') {
      const head = this.#held.length > 0 ? Buffer.concat([this.#held, chunk]) : chunk;
      this.#held = Buffer.alloc(0);
      if (head.length < 3 && head[0] === GZIP_MAGIC[0] && (head.length < 2 || head[1] === GZIP_MAGIC[1])) {
        this.#held = head; // too short to tell
        return callback();
      }
      this.#mode = GZIP_MAGIC.every((b, i) => head[i] === b) ? 'gzip' : 'pass';
      if (this.#mode === 'pass') return callback(null, head);
      chunk = head;
    }
    this.#feed(chunk).then(() => callback(), (err: Error) => callback(err));
  }

  override _flush(callback: TransformCallback): void {
    if (this.#mode !== 'gzip') return callback(null, this.#held.length > 0 ? this.#held : undefined); // not gzip (or too short to be)
    const cut = this.#state === 'body' || this.#state === 'trailer' || this.#held.length > 0 || this.#members === 0;
    // What the member decoded before the cut and the inflater still holds
    // (paused while the reader was slow) goes out first: destroyed with
    // the inflater, up to its 16 KiB buffer of text was lost.
    if (this.#state === 'body') this.#inflater?.drain();
    if (this.#state !== 'failed' && cut) this.#fail('Z_BUF_ERROR', 'unexpected end of gzip data');
    this.#inflater?.destroy();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#inflater?.destroy();
    callback(error);
  }

  async #feed(chunk: Buffer): Promise<void> {
    let rest: Buffer | undefined = this.#held.length > 0 ? Buffer.concat([this.#held, chunk]) : chunk;
    this.#held = Buffer.alloc(0);
    while (rest !== undefined && rest.length > 0) {
      if (this.#state === 'failed') return;
      if (this.#state === 'header') rest = this.#header(rest);
      else if (this.#state === 'body') rest = await this.#body(rest);
      else rest = this.#trailer(rest);
    }
  }

  /** A member header, or zero padding (ignored, as gzip does), or garbage. */
  #header(bytes: Buffer): Buffer | undefined {
    if (this.#members > 0 && bytes[0] === 0) {
      const end = bytes.findIndex((b) => b !== 0);
      return end === -1 ? undefined : bytes.subarray(end);
    }
    const length = headerLength(bytes);
    if (length === 'short') return void (this.#held = bytes);
    if (length === 'bad') {
      const [code, text] = this.#members > 0 ? ['GZIP_TRAILING', 'trailing garbage after gzip data'] : ['Z_DATA_ERROR', 'not in gzip format'];
      return void this.#fail(code, text);
    }
    this.#inflater = new Inflater(this);
    this.#state = 'body';
    return bytes.subarray(length);
  }

  async #body(bytes: Buffer): Promise<Buffer | undefined> {
    const inflater = this.#inflater;
    if (inflater === undefined) return undefined;
    const rest = await inflater.write(bytes);
    if (inflater.error !== undefined) return void this.#fail('Z_DATA_ERROR', 'corrupt gzip data');
    if (rest === undefined) return undefined;
    await inflater.ended;
    this.#state = 'trailer';
    return rest;
  }

  #trailer(bytes: Buffer): Buffer | undefined {
    if (bytes.length < 8) return void (this.#held = bytes);
    const inflater = this.#inflater;
    if (inflater === undefined || bytes.readUInt32LE(0) !== inflater.crc || bytes.readUInt32LE(4) !== inflater.size % 2 ** 32) {
      return void this.#fail('GZIP_CHECK', 'gzip CRC or length check failed');
    }
    inflater.destroy();
    this.#inflater = undefined;
    this.#members++;
    this.#state = 'header';
    return bytes.subarray(8);
  }

  #fail(code: string, message: string): void {
    if (this.error === undefined) this.cut = this.#state === 'body';
    this.error ??= gzipError(code, message);
    this.#state = 'failed';
    this.#held = Buffer.alloc(0);
  }
}

/** One member's raw deflate body; its output goes to `out` (with backpressure). */
class Inflater {
  readonly #raw: InflateRaw = zlib().createInflateRaw();
  #fed = 0;
  crc = 0;
  size = 0;
  error: Error | undefined;
  readonly ended: Promise<void>;

  constructor(out: Transform) {
    this.#raw.on('data', (data: Buffer) => {
      if (this.#raw.destroyed) return; // a flow scheduled before destroy(): `out` may have ended (push after EOF throws)
      this.crc = zlib().crc32(data, this.crc);
      this.size += data.length;
      if (!out.push(data)) this.#raw.pause();
    });
    this.#raw.on('error', (err) => { this.error ??= err; });
    this.ended = new Promise((resolve) => this.#raw.once('end', resolve).once('error', () => resolve()));
  }

  /** Write a piece; resolves to the bytes after the deflate end, if it ended inside this piece. */
  write(bytes: Buffer): Promise<Buffer | undefined> {
    this.#fed += bytes.length;
    return new Promise((resolve) => {
      const failed = (): void => resolve(undefined);
      this.#raw.once('error', failed);
      this.#raw.write(bytes, () => {
        this.#raw.off('error', failed);
        const unused = this.#fed - this.#raw.bytesWritten;
        resolve(unused > 0 ? bytes.subarray(bytes.length - unused) : undefined);
      });
    });
  }

  /** Hand on, now, the output held while paused ('data' events push it): the input has ended inside the member. */
  drain(): void {
    while (this.#raw.read() !== null);
  }

  /** The reader wants more: let output flow again. */
  resume(): void {
    this.#raw.resume();
  }

  destroy(): void {
    this.#raw.destroy();
  }
}

/** RFC 1952 §2.3 header length, 'short' when more bytes are needed, 'bad' when it is no gzip header. */
function headerLength(b: Buffer): number | 'short' | 'bad' {
  if (b.length < 10) return b.length >= 1 && b[0] !== 0x1f ? 'bad' : b.length >= 2 && b[1] !== 0x8b ? 'bad' : 'short';
  if (b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) return 'bad';
  const flags = b[3] ?? 0;
  let at = 10;
  if (flags & 4) {
    if (b.length < at + 2) return 'short';
    at += 2 + b.readUInt16LE(at);
  }
  for (const bit of [8, 16]) {
    if (!(flags & bit)) continue;
    const end = b.indexOf(0, at);
    if (end === -1) return 'short';
    at = end + 1;
  }
  if (flags & 2) at += 2;
  return at <= b.length ? at : 'short';
}
