// A scheme cut by invisible characters (a zero-width space, a soft hyphen:
// where a line may wrap, no content): "ht\u200Btps://…" is one scheme, so
// its tail "tps://…" starts no bare URI, and "<ht\u200Btps://…>" is read
// across it. Only a scheme the registry or the policy knows is joined so
// (wrapsScheme): "see\u200Bhttps://" is a word before a URI.

import { MAX_SCHEME, isInvisible } from './chars.js';
import type { SchemePolicy } from './schemes.js';
import { isSchemeChar, wrapsScheme } from './wrapped.js';

/**
 * Where the scheme characters cut from the run text[run, …) by invisible
 * characters start ("ht\u200Btps:" from "tps"), or -1 when no invisible
 * character is right before the run. The walk stops at `floor`.
 */
export function invisibleCutStart(buf: string, run: number, floor: number): number {
  let j = run;
  let cut = -1;
  for (let k = 0; k < 2 * MAX_SCHEME && j > floor; k++) {
    const c = buf.charCodeAt(j - 1);
    if (isInvisible(c)) cut = j - 1;
    else if (!isSchemeChar(c) || cut === -1) break;
    j--;
  }
  return cut === -1 || !isSchemeChar(buf.charCodeAt(j)) ? -1 : j; // scheme characters before it, or "see \u200Bhttp://" is no cut
}

/**
 * Do invisible characters before the run text[run, …), with scheme
 * characters among them, reach back to the text's start? Then the scheme may
 * begin in text before it ("<ht" then "\u200Btps://…").
 */
export function invisibleReachesStart(text: string, run: number): boolean {
  let j = run;
  let seen = false;
  for (let k = 0; k < 2 * MAX_SCHEME && j > 0; k++, j--) {
    const c = text.charCodeAt(j - 1);
    if (isInvisible(c)) seen = true;
    else if (!isSchemeChar(c) || !seen) return false;
  }
  return j === 0 && seen;
}

/**
 * Is the scheme that ends at `colon` cut by an invisible character into a
 * scheme the registry knows ("ht\u200Btps://", "ma\u00ADilto:")? Its tail
 * ("tps://") is then no URI of its own. (A word before a URI, as in
 * "see\u200Bhttps://", makes no known scheme.)
 */
export function schemeCutByInvisible(buf: string, run: number, colon: number, floor: number, policy: SchemePolicy): boolean {
  const from = invisibleCutStart(buf, run, floor);
  if (from === -1) return false;
  let name = '';
  for (let i = from; i < colon; i++) if (isSchemeChar(buf.charCodeAt(i))) name += buf[i];
  return name.length <= MAX_SCHEME && wrapsScheme(name, policy);
}
