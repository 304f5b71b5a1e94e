// The table of a format's fixture files (test/fixtures/<format>/cases.json),
// each case checked the same way in every format: read whole, its Founds
// (as the format's test lists them) and warning codes as the case says;
// then byte by byte, through one buffer the caller reuses for every 7
// bytes (as the CLI reads a file) and at random cuts, with the same result.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExtractOptions, Found } from '../../src/delimit/types.js';
import { extractThroughOneBuffer } from './collect.js';
import { key } from './html.js';

/** A row of cases.json: the file, the options, and what reading it gives. */
export interface FormatCase<Shown, Options> {
  about: string;
  file: string;
  options: Options;
  found: Shown[];
  warnings: string[];
}

/** A format's reader over `input` cut at `cuts` (sorted): the Founds and the warning codes. */
export type ReadInPieces<Options> = (input: Uint8Array, cuts: readonly number[], options: Options) => [Found[], string[]];

/** One test per case of `cases`, in `mode`, read by `read`; `shown` is what a case lists of a Found. */
export function testCases<Shown, Options extends ExtractOptions>(
  test: Test, dir: URL, mode: ExtractOptions['mode'], cases: ReadonlyArray<FormatCase<Shown, Options>>,
  read: ReadInPieces<Options>, shown: (f: Found) => Shown,
): void {
  for (const c of cases) {
    const bytes = new Uint8Array(readFileSync(new URL(c.file, dir)));
    test(`${c.file} ${JSON.stringify(c.options)}: ${c.about}`, () => {
      const whole = read(bytes, [], c.options);
      assert.equal(whole[0].map(shown), c.found);
      assert.equal(whole[1], c.warnings);
      const expected = key(whole);
      assert.equal(key(read(bytes, Array.from({ length: bytes.length }, (_, i) => i), c.options)), expected, 'byte by byte');
      const uris = whole[0].map((f) => f.uri);
      assert.equal(extractThroughOneBuffer(bytes, 7, { mode, ...c.options }).map((f) => f.uri), uris, 'one buffer reused for every 7 bytes (the CLI reads a file so)');
      fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 24 }), (cuts) => {
        assert.equal(key(read(bytes, cuts.sort((a, b) => a - b), c.options)), expected);
      }), { numRuns: 40 });
    });
  }
}
