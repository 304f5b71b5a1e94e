// The extraction corpus, test/fixtures/extract/<topic>.txt: realistic
// documents by topic, each with the exact URIs it must yield. Besides
// pass/fail per document, this prints precision / recall / F1 per category
// (the topic) and the false positives over the decoys, the figures the
// acceptance targets are stated in (F1 ≥ 0.98 per category, ≤ 2 false
// positives over the decoys).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Extractor, extract } from '../src/index.js';
import type { ExtractOptions } from '../src/index.js';
import { loadExtractCases, type ExtractCase, type Topic } from './helpers/extract-fixtures.js';

type Category = Topic;
type Case = ExtractCase;

const cases = loadExtractCases();

/** The name a document's test goes by: its topic, then its name in the topic's file. */
const title = (c: Case): string => `${c.category}: ${c.name}`;

interface Outcome {
  c: Case;
  uris: string[];
  alternates: (readonly string[])[];
  positions: [number, number, number][];
  /** The warnings' codes: extract() of the whole input, then an Extractor fed a byte at a time. */
  warns: [string[], string[]];
  error?: unknown;
}

function run(c: Case): Outcome {
  const bytes = c.bytes !== undefined ? Buffer.from(c.bytes, 'base64') : Buffer.from(c.input ?? '', 'utf8');
  const options: ExtractOptions = { ...c.options };
  if (c.charset !== undefined) options.charset = c.charset;
  const warns: [string[], string[]] = [[], []];
  try {
    const found = extract(bytes, { ...options, onWarning: (w) => warns[0].push(w.code) });
    const positions = found.map((f): [number, number, number] => [f.offset, f.line, f.column]);
    if (c.warns !== undefined) {
      const x = new Extractor({ ...options, onWarning: (w) => warns[1].push(w.code) });
      for (let i = 0; i < bytes.length; i++) x.write(bytes.subarray(i, i + 1));
      x.end();
    }
    return { c, uris: found.map((f) => f.uri), alternates: found.map((f) => f.alternates), positions, warns };
  } catch (error) {
    return { c, uris: [], alternates: [], positions: [], warns, error };
  }
}

const outcomes = cases.map(run);

/** Multiset intersection size: URIs found that were expected, order aside. */
function matched(expected: readonly string[], got: readonly string[]): number {
  const left = new Map<string, number>();
  for (const u of expected) left.set(u, (left.get(u) ?? 0) + 1);
  let tp = 0;
  for (const u of got) {
    const n = left.get(u) ?? 0;
    if (n > 0) { tp++; left.set(u, n - 1); }
  }
  return tp;
}

function summary(): string[] {
  const stats = new Map<Category, { docs: number; failed: number; tp: number; fp: number; fn: number }>();
  for (const o of outcomes) {
    const s = stats.get(o.c.category) ?? { docs: 0, failed: 0, tp: 0, fp: 0, fn: 0 };
    const tp = matched(o.c.expect, o.uris);
    s.docs++;
    s.tp += tp;
    s.fp += o.uris.length - tp;
    s.fn += o.c.expect.length - tp;
    if (!sameUris(o) || !sameAlternates(o)) s.failed++;
    stats.set(o.c.category, s);
  }
  const lines: string[] = [];
  for (const [category, s] of stats) {
    if (category === 'decoy') {
      lines.push(`decoy     docs=${s.docs} failed=${s.failed} false-positives=${s.fp} (target ≤ 2)`);
      continue;
    }
    const p = s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp);
    const r = s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn);
    const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
    lines.push(`${category.padEnd(9)} docs=${s.docs} failed=${s.failed} P=${p.toFixed(3)} R=${r.toFixed(3)} F1=${f1.toFixed(3)}`
      + ` (tp=${s.tp} fp=${s.fp} fn=${s.fn})${f1 < 0.98 ? '  < 0.98' : ''}`);
  }
  return lines;
}

function sameUris(o: Outcome): boolean {
  if (o.c.expectError !== undefined) return throwsExpected(o);
  return o.error === undefined && JSON.stringify(o.uris) === JSON.stringify(o.c.expect);
}

/** The error is an instance of the built-in class `expectError` names (UrisiftOptionError is a RangeError). */
function throwsExpected(o: Outcome): boolean {
  const ctor = (globalThis as unknown as Record<string, unknown>)[o.c.expectError!];
  return typeof ctor === 'function' && o.error instanceof (ctor as ErrorConstructor);
}

function sameAlternates(o: Outcome): boolean {
  return o.c.alternates === undefined || JSON.stringify(o.alternates) === JSON.stringify(o.c.alternates);
}

test('fixture is well formed', () => {
  const names = new Set<string>();
  for (const c of cases) {
    assert.ok(!names.has(title(c)), `duplicate case name ${title(c)}`);
    names.add(title(c));
    assert.ok((c.input === undefined) !== (c.bytes === undefined), `${title(c)}: exactly one of input and bytes`);
    assert.ok(Array.isArray(c.expect), `${title(c)}: expect`);
    if (c.category === 'decoy') assert.equal(c.expect, [], `${title(c)}: decoys expect no URI`);
    if (c.alternates !== undefined) assert.is(c.alternates.length, c.expect.length, `${title(c)}: one alternates list per URI`);
  }
});

for (const o of outcomes) {
  test(title(o.c), () => {
    if (o.c.expectError !== undefined) {
      assert.ok(throwsExpected(o), `throws a ${o.c.expectError}`);
      return;
    }
    if (o.error !== undefined) throw o.error;
    assert.equal(o.uris, o.c.expect, 'uris');
    if (o.c.alternates !== undefined) assert.equal(o.alternates, o.c.alternates, 'alternates');
    if (o.c.positions !== undefined) assert.equal(o.positions, o.c.positions, 'offset, line, column');
    if (o.c.warns !== undefined) assert.equal(o.warns, [o.c.warns, o.c.warns], 'warnings: whole, then a byte at a time');
    if (o.c.input !== undefined) {
      // The text itself, given as a string, reads the same as its UTF-8 bytes.
      const { c } = o;
      const again = extract(c.input!, { ...c.options }).map((f) => f.uri);
      assert.equal(again, o.uris, 'string input agrees with its UTF-8 bytes');
    }
  });
}

test('per-category precision / recall / F1', () => {
  console.log('\n' + summary().join('\n'));
});

test.run();
