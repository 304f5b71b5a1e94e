// Every document of test/fixtures/delimit.txt and of the extraction corpus
// (extract-cases*.json) as bytes with their options, for the tests that run
// the whole set through another path and compare (chunking, the memo).
import { readFileSync, readdirSync } from 'node:fs';
import type { ExtractOptions } from '../../src/index.js';
import { loadDelimitCases } from './delimit-fixtures.js';

export interface Doc { name: string; bytes: Uint8Array; options: ExtractOptions }

interface Case { name: string; input?: string; bytes?: string; charset?: string; options?: ExtractOptions; expectError?: string }

/** The corpus files, in their order: extract-cases.json, then -2 … -N. */
export function corpusFiles(): URL[] {
  const dir = new URL('../fixtures/', import.meta.url);
  const number = (f: string): number => Number(/-(\d+)\.json$/.exec(f)?.[1] ?? 1);
  return readdirSync(dir)
    .filter((f) => /^extract-cases(-\d+)?\.json$/.test(f))
    .sort((a, b) => number(a) - number(b))
    .map((f) => new URL(f, dir));
}

export function loadCorpusDocs(): Doc[] {
  const docs: Doc[] = loadDelimitCases().map((c) => ({ name: c.name, bytes: Buffer.from(c.input), options: c.options }));
  for (const file of corpusFiles()) {
    for (const c of JSON.parse(readFileSync(file, 'utf8')) as Case[]) {
      if (c.expectError !== undefined) continue; // (an unknown charset: it throws before any data flows)
      const bytes = c.bytes !== undefined ? Buffer.from(c.bytes, 'base64') : Buffer.from(c.input ?? '');
      docs.push({ name: c.name, bytes, options: { ...c.options, ...(c.charset ? { charset: c.charset } : {}) } });
    }
  }
  return docs;
}
