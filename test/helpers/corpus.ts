// Every document of test/fixtures/delimit.txt and of the extraction corpus
// (test/fixtures/extract/) as bytes with their options, for the tests that run
// the whole set through another path and compare (chunking, the memo).
import type { ExtractOptions } from '../../src/index.js';
import { loadDelimitCases } from './delimit-fixtures.js';
import { loadExtractCases } from './extract-fixtures.js';

export interface Doc { name: string; bytes: Uint8Array; options: ExtractOptions }

export function loadCorpusDocs(): Doc[] {
  const docs: Doc[] = loadDelimitCases().map((c) => ({ name: c.name, bytes: Buffer.from(c.input), options: c.options }));
  for (const c of loadExtractCases()) {
    if (c.expectError !== undefined) continue; // (an unknown charset: it throws before any data flows)
    const bytes = c.bytes !== undefined ? Buffer.from(c.bytes, 'base64') : Buffer.from(c.input ?? '');
    docs.push({ name: `${c.category}: ${c.name}`, bytes, options: { ...c.options, ...(c.charset ? { charset: c.charset } : {}) } });
  }
  return docs;
}
