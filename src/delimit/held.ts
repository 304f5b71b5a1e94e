// The text the Scanner holds before its scan point, and when new text lets
// it go. A ":" looks back from itself (over its scheme, to the opener or
// escape before it, to an emphasis the URI may close) and, with a base, a
// "<" or '"' looks back before itself ("name=", the tags before it): the
// Scanner keeps CONTEXT characters for these looks, and drops all it holds
// when new text comes whose looks stop short of its own start.

import { DQUOTE, EQUALS, HASH, LF, LT } from './chars.js';
import { EMPHASIS_REACH, holdsEmphasis } from './emphasis.js';
import { commentNear } from './comment.js';
import { CALL_REACH, DIRECTIVE_REACH, END_TAG_REACH } from './relative.js';
import { ROFF_REACH, escapeReachesBack, schemeRunStart } from './scheme-start.js';
import { invisibleCutStart, invisibleReachesStart } from './invisible-cut.js';
import { REACHES, openerAcrossBreak } from './wrapped.js';
import { ESCAPED_REACH, endsEscape } from './trailing.js';
import { KEY_REACH } from './fields.js';
import { INLINE_COMMENT_REACH } from './prefix.js';

/**
 * Characters kept before the scan point: everything a ":" looks back at —
 * the scheme walk (MAX_SCHEME and 2), the character or opener before it, an
 * escape's parameters (16), "[" and ESC, and the walk to the opener of a
 * wrapped scheme (BREAK_REACH) — fits in 96, and before that the reach of
 * an emphasis the URI may close (EMPHASIS_REACH) and the character before it.
 * An end tag's look back (END_TAG_REACH, 128) fits in it too, and a hyphen
 * break's for a comment's "#" on the URI's line (INLINE_COMMENT_REACH).
 */
export const CONTEXT = 96 + EMPHASIS_REACH + 1;

/**
 * May a look back from `text` reach into the held text `buf`? It may not
 * when `text` is longer than the backward walk and its first ":" is past the
 * walk's reach or has a non-scheme character before it in `text` (every look
 * back — the scheme walk, the opener and the character before a scheme —
 * stops there); with a base (`relative`), no opener near its start either.
 */
export function reachesHeld(buf: string, text: string, relative: boolean): boolean {
  if (text.length <= CONTEXT) return true;
  if (relative && openerNear(text)) return true; // a reference looks back at "name=", or at the tags before it (closesElement)
  const colon = text.indexOf(':');
  if (colon === -1 || colon > CONTEXT) return false;
  if (emphasisNear(buf, text, colon) || commentNear(buf)) return true; // "**Download:" or "<!--" may open in buf
  const run = schemeRunStart(text, colon, 0);
  if (run <= ROFF_REACH || escapeReachesBack(text, run) || invisibleReachesStart(text, run)) return true; // a scheme, or its escape (ANSI, roff), may start in buf
  if (run < ESCAPED_REACH && endsEscape(text.charCodeAt(run - 1))) return true; // "&quot;", "E<lt>" (escapedEnd) may start in buf
  if (run <= KEY_REACH + 2 && text.charCodeAt(run - 1) === EQUALS) return true; // a "key=" and what is before it (closerOf) may start in buf
  if (run <= INLINE_COMMENT_REACH + 1 && hashNear(buf, text, run)) return true; // a comment's "#" before the URI on its line (skipLoneLeader), or the blank before it, may be in buf
  const cut = invisibleCutStart(text, run, 0); // "<⏎  h\u200Bttps://": the walk to the opener starts before the cut scheme
  const from = cut === -1 ? run : cut;
  const opener = from > 0 ? openerAcrossBreak(text, from, colon, 0) : -1;
  return opener === REACHES || opener === 0; // or the opener of a wrapped scheme (a quote at 0: what is before it tells whether it opens)
}

/** How far back a quoted relative reference looks before its quote (isMimeParameter's `filename*=`, includeDirective's `#include_next`, callArgument's "("). */
const QUOTE_LOOKBEHIND = Math.max(DIRECTIVE_REACH, CALL_REACH + 1);

/**
 * Is there a '"' among the first QUOTE_LOOKBEHIND characters of `text`, or a
 * "<" among the first END_TAG_REACH + 1, whose reference would look back
 * into the held text?
 */
function openerNear(text: string): boolean {
  const end = Math.min(text.length, END_TAG_REACH + 1);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === LT || (c === DQUOTE && i < QUOTE_LOOKBEHIND)) return true;
  }
  return false;
}

/**
 * Could a bare URI at the start of `text`, before its first ":" at `colon`,
 * close an emphasis whose look back (EMPHASIS_REACH) reaches into `buf`: a
 * "*", "_" or "~" on buf's last line within reach, or in text before the ":"?
 */
function emphasisNear(buf: string, text: string, colon: number): boolean {
  if (holdsEmphasis(text, 0, colon)) return true;
  const nl = buf.lastIndexOf('\n');
  return holdsEmphasis(buf, Math.max(nl + 1, buf.length - EMPHASIS_REACH - 1), buf.length);
}

/** Is there a "#" in text[0, run), or on buf's last line within INLINE_COMMENT_REACH of its end? */
function hashNear(buf: string, text: string, run: number): boolean {
  for (let i = 0; i < run; i++) if (text.charCodeAt(i) === HASH) return true;
  for (let i = buf.length - 1; i >= 0 && i >= buf.length - INLINE_COMMENT_REACH - 1; i--) {
    const c = buf.charCodeAt(i);
    if (c === LF) return false;
    if (c === HASH) return true;
  }
  return false;
}
