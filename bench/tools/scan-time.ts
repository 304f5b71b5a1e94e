// The scan alone, without the stream machinery: an Extractor fed a corpus in
// 64 KiB chunks, memo on and off, and the same text with its URIs removed
// ("://" made "_//": what the text around the URIs costs), interleaved in one
// process, best of N. Where the whole-pipeline figures move with the
// machine's speed, these ratios say where the scan's time goes.
//
//   npm run build && npx tsx bench/tools/scan-time.ts [--corpus access.log] [--runs 10]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Extractor } from '../../dist/index.js';
import { CORPORA_DIR, now, helpIfAsked } from '../lib/util.js';

helpIfAsked(import.meta.url);
const { values } = parseArgs({ options: { corpus: { type: 'string' }, runs: { type: 'string' } } });
const bytes = fs.readFileSync(path.join(CORPORA_DIR, values.corpus ?? 'access.log'));
const runs = Number(values.runs ?? 10);
const stripped = Buffer.from(bytes.toString('latin1').replace(/:\/\//g, '_//'), 'latin1');

function scan(input: Buffer, memo: number | undefined): number {
  const t0 = now();
  const ex = new Extractor(memo === undefined ? {} : { memo });
  let found = 0;
  for (let i = 0; i < input.length; i += 65536) found += ex.write(input.subarray(i, i + 65536)).length;
  found += ex.end().length;
  return found >= 0 ? now() - t0 : 0;
}

const cases: [string, Buffer, number | undefined][] = [['memo on', bytes, undefined], ['memo off', bytes, 0], ['URIs removed', stripped, undefined]];
const best = new Map<string, number>();
for (let r = 0; r < runs + 2; r++) {
  for (const [name, input, memo] of r % 2 ? cases : [...cases].reverse()) {
    const ms = scan(input, memo);
    if (r >= 2) best.set(name, Math.min(best.get(name) ?? Infinity, ms)); // the first two are warm-up
  }
}
const on = best.get('memo on')!;
for (const [name, ms] of best) console.log(`${name.padEnd(13)} ${ms.toFixed(1)} ms  (${(ms / on).toFixed(2)} of memo on)`);
