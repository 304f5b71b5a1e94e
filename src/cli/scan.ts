// Scanning one input: bytes → (gunzip) → binary gate → the library's
// extractor in the input's mode → hits handed to a Sink. A regular file that
// holds no gzip data is read without streams (direct.ts); the rest goes
// through a stream pipeline. Used on the main thread and on worker threads alike.
import type { FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import type { ExtractOptions, Found, Mode } from '../delimit/types.js';
import { modeOfName } from '../formats/detect.js';
import type { FormatWarning } from '../formats/types.js';
import type { Config } from './args.js';
import { scanFile } from './direct.js';
import { isGzipName, nameText, openInput, type Input } from './inputs.js';
import { fsPath, type PathName } from './names.js';
import type { Hit } from './output.js';
import { BinaryFileError, BinaryGate, ByteCounter, ExtractSink, isWideCharset, type BinaryResult } from './stages.js';
import { KeepingGunzip } from './gunzip.js';

/** Anything pipeline() takes as a stage. */
type Stage = NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream;

export interface Sink {
  hit(hit: Hit): void;
  /** A promise while the output is full; awaited between batches. */
  ready(): Promise<void> | undefined;
  progress(bytes: number): void;
  /**
   * A regular file of `size` bytes is open to be scanned: true takes it
   * away, and its scan ends at once, nothing read, as 'handed-off'
   * (--jobs N hands big files to a worker).
   */
  handOff?(size: number): boolean;
}

export type ScanResult = 'ok' | 'handed-off' | BinaryResult;

/** What one input tells after its URIs: its warnings, and the log's counts, which the run sums over its inputs. */
export interface ScanStats {
  /** Relative log targets left out (no base). */
  unresolved: number;
  /** Relative HTML links left out (no base). */
  unresolvedLinks: number;
  /** URIs skipped for being longer than --max-length (summed over the input's parts and fields). */
  tooLong: number;
  /** Log targets and referers that are no URI reference, and the line of the first. */
  invalid: number;
  firstInvalid: number | undefined;
  /** Warning lines of the input being scanned (`line N: message`). */
  warnings: string[];
}

export function newScanStats(): ScanStats {
  return { unresolved: 0, unresolvedLinks: 0, tooLong: 0, invalid: 0, firstInvalid: undefined, warnings: [] };
}

/** Scan one input. Read and decode errors reject; a skipped binary file resolves 'binary' (or the UTF-16 it reads as). */
export async function scanInput(
  input: Input, config: Config, stdin: Readable, sink: Sink, signal: AbortSignal, stats: ScanStats,
): Promise<ScanResult> {
  const gate = !config.binary && !isWideCharset(config.extract.charset);
  const onWarning = (w: FormatWarning): void => {
    if (w.code === 'unresolved-targets') stats.unresolved += w.count ?? 1;
    else if (w.code === 'unresolved-links') stats.unresolvedLinks += w.count ?? 1;
    else if (w.code === 'uri-too-long') stats.tooLong += w.count ?? 1;
    else if (w.code === 'invalid-targets') {
      stats.invalid += w.count ?? 1;
      stats.firstInvalid ??= w.line;
    } else stats.warnings.push(w.line === undefined ? w.message : `line ${w.line}: ${w.message}`);
  };
  const documentBase = config.fileBase && input.path !== '-' ? fileUrl(input.path) : undefined;
  // The spread last: an object made as {...a, k: v, f: closure} gets a map of
  // its own each time once V8 has optimized the line, which made the
  // Extractor's option checks megamorphic, some 4 µs an input.
  const options: ExtractOptions = { documentBase, mode: inputMode(config.mode, nameText(input.path)), onWarning, ...config.extract };
  const each = (f: Found): void => sink.hit(foundHit(f));
  let handle: FileHandle | undefined;
  if (input.path !== '-' && !isGzipName(input.path)) {
    const scanned = await scanFile(fsPath(input.path), options, gate, sink, signal, each, input.listedRegular === true);
    if (typeof scanned === 'string') return scanned;
    handle = scanned;
  }
  const stages: Stage[] = [openInput(input, stdin, signal, handle), new ByteCounter((n) => sink.progress(n))];
  const gunzip = new KeepingGunzip(!isGzipName(input.path)); // a .gz file; other data by its first bytes
  stages.push(gunzip);
  if (gate) stages.push(new BinaryGate());
  stages.push(new ExtractSink(options, each, () => sink.ready(), () => gunzip.cut));
  try {
    await pipeline(stages as NodeJS.ReadWriteStream[], { signal });
    if (gunzip.error !== undefined) throw gunzip.error; // after the URIs that decoded
    return 'ok';
  } catch (err) {
    if (err instanceof BinaryFileError) return err.result;
    throw err;
  }
}

/** The file: URL of a file (--file-base), from its absolute path; a name that is not UTF-8 percent-encodes its bytes. */
function fileUrl(path: PathName): string {
  if (typeof path === 'string') return pathToFileURL(resolve(path)).href;
  const bytes = Buffer.from(path);
  const absolute = bytes[0] === 0x2f ? bytes : Buffer.concat([Buffer.from(`${process.cwd()}/`), bytes]);
  let url = 'file://';
  for (const b of absolute) url += /[A-Za-z0-9\-._~/]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return url;
}

/** --mode auto takes the mode a file name announces (.eml, .mbox, .html), else the library decides from the bytes. */
export function inputMode(mode: Mode, path: string): Mode {
  return mode === 'auto' ? (modeOfName(path) ?? 'auto') : mode;
}

export function foundHit(f: Found): Hit {
  return { uri: f.uri, line: f.line, column: f.column, record: f };
}
