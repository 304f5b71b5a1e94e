// Documents → {doc, uri, offset} records for a search indexer (JSON Lines),
// streaming each file through extractStream so that no document is held
// in memory whole.
//
//   npx tsx examples/indexer.ts [FILE...]     (default: examples/data/docs/*.txt)
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { extractStream } from 'urisift';

export interface IndexRecord {
  doc: string;
  uri: string;
  /** UTF-16 offset of the URI's source text in the decoded document. */
  offset: number;
}

export async function* indexRecords(docs: readonly string[]): AsyncGenerator<IndexRecord> {
  for (const doc of docs) {
    for await (const found of extractStream(createReadStream(doc), { charset: 'auto' })) {
      yield { doc, uri: found.uri, offset: found.offset };
    }
  }
}

const defaultDocs = async (): Promise<string[]> =>
  (await readdir('examples/data/docs')).filter((n) => n.endsWith('.txt')).sort().map((n) => join('examples/data/docs', n));

const docs = process.argv.length > 2 ? process.argv.slice(2) : await defaultDocs();
for await (const record of indexRecords(docs)) console.log(JSON.stringify(record));
