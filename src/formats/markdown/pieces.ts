// What of a block micromark must parse, and in how many runs. micromark's
// cost is its own (a state machine of closures, whose events are spliced
// and tokenized again per paragraph), and it grows faster than the block: a
// changelog's list of 500 items in one block reads at half the speed of the
// same items parsed a few at a time. Two shortcuts give the events, or the
// lack of them, that one parse of the block gives.
//
// A block that cannot yield is not parsed (mayYield). A Found or a warning
// comes from a link's, an image's or a definition's destination (a label
// opens with "["), an autolink or raw HTML (both open with "<"), or the
// block's text, scanned with no base: there ":" is the scanner's only
// trigger (src/delimit/scanner.ts), and a ":" of the text is one of the
// block, an escaped one ("\:"), or a character reference's ("&"). A
// reference decodes to a character of text, never to markup.
//
// A long block is parsed in pieces cut before a bullet list item that
// starts in the first column (pieceStarts): "- x", "* x" or "+ x", with
// content after the marker. Such a line continues no container (a list
// item needs indentation, a block quote ">") and is no lazy line (a bullet
// item with content interrupts a paragraph), so every container and every
// block before it is closed there, but those a line with no indentation
// does not end: a fenced code block and an HTML block at the top level.
// What else a piece's start or end would change is ruled out line by line:
// - the cuts stop at the first line with a fence's run ("```", "~~~") or
//   whose first character after blanks is "<" (the fences and HTML blocks
//   above, and more), or with a carriage return inside (micromark's line
//   end, which the lines here are not cut at);
// - no cut after a blank line or one of container markers alone ("-",
//   ">"): its line ending is a blank one, which a cut would make plain;
// - no cut while a block quote may be open (a line with ">" among its
//   markers, up to the next bullet item, which closes it): at a piece's end
//   micromark marks the next line lazy for a quote that does not go on,
//   which ends an HTML block or code in it a line early;
// - no cut before an item whose content opens a container ("* - x",
//   "* 2. x", "* > x"): after a paragraph, micromark reads a nested list
//   start as an interruption, which a piece's first line is not;
// - a block with "]:", which every reference definition has, is parsed
//   whole: a reference is a link only when its label is defined, in any
//   piece.
// Each piece starts at its own line and offset in the block, and the
// pieces share the parser's map of lazy lines by line number: the events
// are those of the block, cut (the list containers' own tokens aside,
// which no reader looks at). The tests check this on random Markdown.

import { postprocess, preprocess } from 'micromark';
import type { Event, ParseContext } from 'micromark-util-types';
import { CR, LF } from '../../uri/codes.js';

/** Can the block yield a Found or a warning (see above)? */
export function mayYield(block: string): boolean {
  return SIGNIFICANT.test(block);
}

const SIGNIFICANT = /[:<[&]/;

/** A line that starts a bullet list item with content, in the first column. */
const BULLET_ITEM = /^[-+*][ \t]+[^ \t\r\n]/;

/** An item's content that opens a container of its own: a list (which may not interrupt a paragraph) or a block quote. */
const NESTED = /^[-+*][ \t]+(?:>|(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\r?$))/;

/** A line in a block quote: a ">" among its container markers. */
const QUOTED = /^(?:[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]))*[ \t]*>/;

/** A thematic break of "*" or "-" (a line a bullet item cannot start). */
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,})$/;

/** A blank line, or one of container markers alone (">", "-", "1."): a blank line of its container, which ends differently at a cut. */
const BLANK = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)]))*[ \t]*\r?$/;

/** A line after which no cut is made: a fence's run anywhere, "<" first after blanks, or a carriage return inside (a line end the lines here are not cut at). */
const KEEPS_WHOLE = /```|~~~|^[ \t]*<|\r./;

/**
 * Where `block` is cut into pieces for micromark: the indexes of the lines
 * pieces start at (after the first), each piece at least `size` characters
 * but the last. Empty when the block is parsed whole.
 */
export function pieceStarts(block: string, size: number): number[] {
  const starts: number[] = [];
  if (block.length < 2 * size || block.includes(']:')) return starts;
  let last = 0;
  let afterBlank = false;
  let quoted = false;
  for (let i = 0; i < block.length;) {
    const lf = block.indexOf('\n', i);
    const end = lf === -1 ? block.length : lf + 1;
    const line = block.slice(i, lf === -1 ? block.length : lf);
    const item = BULLET_ITEM.test(line) && !THEMATIC_BREAK.test(line.trimEnd());
    if (item && i - last >= size && !afterBlank && !quoted && !NESTED.test(line)) starts.push(last = i);
    if (KEEPS_WHOLE.test(line)) break;
    afterBlank = BLANK.test(line);
    if (item) quoted = false;
    if (QUOTED.test(line)) quoted = true;
    i = end;
  }
  return starts;
}

/** The events of `block` parsed by `parser` in pieces that start at `starts` (see pieceStarts), one list a piece. */
export function pieceEvents(parser: ParseContext, block: string, starts: readonly number[]): Event[][] {
  const events: Event[][] = [];
  let from = 0;
  let line = 1;
  for (let k = 0; k <= starts.length; k++) {
    const to = starts[k] ?? block.length;
    const piece = to - from === block.length ? block : block.slice(from, to);
    const tokenizer = from === 0 ? parser.document() : parser.document({ line, column: 1, offset: from });
    events.push(postprocess(tokenizer.write(preprocess()(piece, undefined, true))));
    if (k < starts.length) line += lineEndings(piece);
    from = to;
  }
  return events;
}

/** micromark's line endings in `s`: CR LF, CR and LF. */
function lineEndings(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) n++;
  }
  return n;
}
