// Scanning one input: bytes → (gunzip) → binary gate → the mode's
// extractor → hits handed to a Sink. Used on the main thread and on
// worker threads alike.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import iconv from 'iconv-lite';
import split2 from 'split2';
import { createExtractStream, extract } from '../index.js';
import type { ExtractOptions, Found, ScanOptions } from '../delimit/types.js';
import { MboxSplitter, textParts, type MailMessage } from '../stream/mail.js';
import type { Config } from './args.js';
import { isGzipName, openInput, type Input } from './inputs.js';
import { logHits, type LogStats } from './log.js';
import { plainRecord, type Hit } from './output.js';
import { BinaryFileError, BinaryGate, ByteCounter, isWideCharset, objectSink } from './stages.js';

/** Anything pipeline() takes as a stage. */
type Stage = NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream;

export interface Sink {
  hit(hit: Hit): void;
  /** A promise while the output is full; awaited between batches. */
  ready(): Promise<void> | undefined;
  progress(bytes: number): void;
}

export type ScanResult = 'ok' | 'binary';

/** Scan one input. Read and decode errors reject; a skipped binary file resolves 'binary'. */
export async function scanInput(
  input: Input, config: Config, stdin: Readable, sink: Sink, signal: AbortSignal, stats: LogStats,
): Promise<ScanResult> {
  const stages: Stage[] = [openInput(input, stdin), new ByteCounter((n) => sink.progress(n))];
  if (isGzipName(input.path)) stages.push(createGunzip());
  if (!config.binary && !isWideCharset(config.extract.charset)) stages.push(new BinaryGate());
  stages.push(...modeStages(config, sink, stats));
  try {
    await pipeline(stages as NodeJS.ReadWriteStream[], { signal });
    return 'ok';
  } catch (err) {
    if (err instanceof BinaryFileError) return 'binary';
    throw err;
  }
}

function modeStages(config: Config, sink: Sink, stats: LogStats): Stage[] {
  switch (config.mode) {
    case 'text':
      return [createExtractStream(config.extract), objectSink((f: Found) => {
        sink.hit(foundHit(f));
        return sink.ready();
      })];
    case 'mail':
      return [new MboxSplitter(), objectSink((m: MailMessage) => {
        for (const h of mailHits(m, config.extract)) sink.hit(h);
        return sink.ready();
      })];
    case 'log':
      return [...logDecoder(config.extract.charset), split2(), objectSink(lineScanner(config, sink, stats))];
  }
}

export function foundHit(f: Found): Hit {
  return { uri: f.uri, line: f.line, column: f.column, record: f };
}

/** Options for extract() on already-decoded text (charset does not apply). */
export function scanOptions(options: ExtractOptions): ScanOptions {
  const { charset: _charset, ...rest } = options;
  return rest;
}

/** The URIs of a message's text parts; lines are file lines (approximate inside QP/base64 parts). */
function mailHits(message: MailMessage, options: ExtractOptions): Hit[] {
  const hits: Hit[] = [];
  const fallback = options.charset === undefined || options.charset === 'auto' ? 'utf-8' : options.charset;
  for (const part of textParts(message.bytes, fallback)) {
    for (const f of extract(part.text, scanOptions(options))) {
      const line = message.line + part.bodyLine + f.line - 1;
      hits.push({ uri: f.uri, line, column: f.column, record: { ...plainRecord(f), line, part: part.part, type: part.type, charset: part.charset } });
    }
  }
  return hits;
}

function logDecoder(charset: string | undefined): Stage[] {
  if (charset === undefined || charset === 'auto' || /^utf-?8$/i.test(charset)) return [];
  return [iconv.decodeStream(charset)];
}

function lineScanner(config: Config, sink: Sink, stats: LogStats): (line: string) => Promise<void> | undefined {
  let lineNumber = 0;
  return (line) => {
    lineNumber++;
    for (const h of logHits(line, lineNumber, config.extract.base, stats)) sink.hit(h);
    return sink.ready();
  };
}
