// A ":" trigger read before any candidate is scanned, once the quick
// decisions at a ":" (colon.ts) have not ruled one out: where the scheme run
// before it starts, whether an invisible character cuts that scheme, and the
// opener of a delimited candidate, if any.

import { mathOpenerBefore, openerBefore } from './colon.js';
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
 * Read the ":" at `t`, once colon.ts's quick decisions (afterBlank,
 * digitsBefore, httpOpener) have let it through: true when a candidate may
 * start there, with `at` set; false when no scheme ends there and no
 * opener is before it. `relative`: there is a base, so the opener before a
 * scheme is found as a relative reference's is (mathOpenerBefore).
 */
export function readColon(buf: string, t: number, floor: number, relative: boolean, policy: SchemePolicy, at: ColonReading): boolean {
  const run = schemeRunStart(buf, t, floor); // one backward walk serves both readings
  const cut = schemeCutByInvisible(buf, run, t, floor, policy) ? invisibleCutStart(buf, run, floor) : -1;
  const open = relative ? mathOpenerBefore(buf, cut === -1 ? run : cut, t, floor) : openerBefore(buf, cut === -1 ? run : cut, t, floor);
  if (run === t && open === -1) return false; // no scheme ends here ("a :", "10 :"), nor wraps ("<https⏎  ://")
  if (cut !== -1 && open === -1) return false; // "ht\u200Btps://": a bare URI's cut scheme is no scheme
  at.run = run;
  at.cut = cut;
  at.open = open;
  return true;
}
