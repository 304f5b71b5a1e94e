// Linear-time checks of the suites. Time on this kind of machine moves with
// whatever else runs, so a size's time is the best of its runs: the small
// size three times, the big one again only while it is over its bound.

import * as assert from 'uvu/assert';

/**
 * Assert that `time(big)` (milliseconds, as `time` measures one run, after a
 * warm-up at `warm`) grows no faster than linearly from `time(small)`, with
 * room for noise: three times the linear share, plus 200 ms.
 */
export function assertLinearTime(time: (n: number) => number, warm: number, small: number, big: number, what: string): void {
  time(warm);
  const smallMs = Math.min(time(small), time(small), time(small));
  const bound = smallMs * (big / small) * 3 + 200;
  let bigMs = Infinity;
  for (let run = 0; run < 3 && bigMs >= bound; run++) bigMs = Math.min(bigMs, time(big));
  assert.ok(bigMs < bound, `${what}: ${big}: ${bigMs.toFixed(0)} ms, ${small}: ${smallMs.toFixed(0)} ms`);
}

/** The least time of up to three runs of `run`, the later ones only while it is over `bound` milliseconds. */
export function bestTimeUnder(run: () => void, bound: number): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best >= bound; i++) {
    const t = performance.now();
    run();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}
