// A ":" trigger read before any candidate is scanned: where the scheme run
// before it starts, whether an invisible character cuts that scheme, and the
// opener of a delimited candidate, if any; or, when the quick decisions at a
// ":" (colon.ts) rule a candidate out, where the scan goes on.

import { afterBlank, digitsBefore, httpOpener, mathOpenerBefore, openerBefore, pastClock } from './colon.js';
import { invisibleCutStart, schemeCutByInvisible } from './invisible-cut.js';
import { schemeRunStart } from './scheme-start.js';
import type { SchemePolicy } from './schemes.js';

/** What readColon found at a ":" (indexes in the scanned text), reused from one trigger to the next. */
export interface ColonReading {
  /** Start of the run of scheme characters that ends at the ":" (the ":" itself when none does). */
  run: number;
  /** Start of the scheme an invisible character cuts ("ht\u200Btps:"), else -1. */
  cut: number;
  /** The opener ("<", "\"", …) of a delimited candidate, else -1. */
  open: number;
}

/**
 * Read the ":" at `t`: -1 when a candidate may start there, with `at` set;
 * else the index the scan goes on from. `relative`: there is a base, so
 * the opener before a scheme is found as a relative reference's is
 * (mathOpenerBefore), and "<" and "\"" are triggers of their own.
 */
export function readColon(buf: string, t: number, floor: number, relative: boolean, policy: SchemePolicy, at: ColonReading): number {
  const http = relative ? -1 : httpOpener(buf, t, floor); // "\"https://", "<http://": what the checks below find, at once
  if (http !== -1) {
    at.run = http + 1;
    at.cut = -1;
    at.open = http;
    return -1;
  }
  if (afterBlank(buf, t)) return t + 1; // "Subject: x"
  if (digitsBefore(buf, t, floor)) return pastClock(buf, t + 1); // "10:30", "2024:00:00:00"
  const run = schemeRunStart(buf, t, floor); // one backward walk serves both readings
  const cut = schemeCutByInvisible(buf, run, t, floor, policy) ? invisibleCutStart(buf, run, floor) : -1;
  const open = relative ? mathOpenerBefore(buf, cut === -1 ? run : cut, t, floor) : openerBefore(buf, cut === -1 ? run : cut, t, floor);
  if (run === t && open === -1) return t + 1; // no scheme ends here ("a :", "10 :"), nor wraps ("<https⏎  ://")
  if (cut !== -1 && open === -1) return t + 1; // "ht\u200Btps://": a bare URI's cut scheme is no scheme
  at.run = run;
  at.cut = cut;
  at.open = open;
  return -1;
}
