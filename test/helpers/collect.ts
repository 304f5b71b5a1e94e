// Feeding text to the adapters in pieces, and the fields that must not depend on it.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Extractor, createExtractStream, type ExtractOptions, type Found } from '../../src/index.js';

/** What chunking must not change. */
export function key(found: readonly Found[]): string[] {
  return found.map((f) => `${f.uri} @${f.offset}+${f.length} ${f.line}:${f.column} ${f.delimiter} [${f.alternates.join(' ')}]`);
}

/** What takes input in chunks: an Extractor, or a format's reader. */
interface ChunkReader {
  write(chunk: Uint8Array | string): Found[];
  end(): Found[];
}

/** Feed `input` to `reader` cut at the given positions (sorted); every Found. */
export function writeInPieces(reader: ChunkReader, input: Uint8Array | string, cuts: readonly number[]): Found[] {
  const out: Found[] = [];
  let from = 0;
  for (const cut of [...cuts, input.length]) {
    out.push(...reader.write(typeof input === 'string' ? input.slice(from, cut) : input.subarray(from, cut)));
    from = cut;
  }
  out.push(...reader.end());
  return out;
}

/** Feed `bytes` to an Extractor cut at the given positions. */
export function extractInPieces(bytes: Uint8Array, cuts: readonly number[], options?: ExtractOptions): Found[] {
  return writeInPieces(new Extractor(options), bytes, cuts);
}

/**
 * Feed `bytes` to an Extractor `size` bytes at a time through one buffer,
 * overwritten after each write, as the CLI reads a regular file: a reader
 * that kept a view of a chunk would see other bytes.
 */
export function extractThroughOneBuffer(bytes: Uint8Array, size: number, options?: ExtractOptions): Found[] {
  const ex = new Extractor(options);
  const buffer = Buffer.alloc(size);
  const out: Found[] = [];
  for (let from = 0; from < bytes.length; from += size) {
    const piece = bytes.subarray(from, from + size);
    buffer.set(piece);
    out.push(...ex.write(buffer.subarray(0, piece.length)));
    buffer.fill(0x41); // 'A': a kept view would now read other text
  }
  out.push(...ex.end());
  return out;
}

/** Feed `bytes` through the Node Transform, `size` bytes per chunk. */
export async function streamInChunks(bytes: Uint8Array, size: number, options?: ExtractOptions): Promise<Found[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(Buffer.from(bytes.subarray(i, i + size)));
  const out: Found[] = [];
  await pipeline(Readable.from(chunks), createExtractStream(options), async (source: AsyncIterable<Found>) => {
    for await (const f of source) out.push(f);
  });
  return out;
}
