// Where a Markdown document may be cut into blocks that parse alone
// (CommonMark §4, §5): before a line that starts in its first column after
// one or more blank lines, outside a fenced code block (§4.5) and outside an
// HTML block of kinds 1 to 5 (§4.6: <script>, <pre>, <style>, <textarea>, a
// comment, a processing instruction, a declaration, CDATA), which a blank
// line does not end. No construct of the document goes on past such a line:
// a paragraph ends at a blank line, and a list item or a block quote at a
// line with no indentation after one. The reference definitions of one block
// do not reach another; a reference link gives no URI of its own (its
// definition does), so that changes nothing that comes out.
//
// A line is classified by its first HEAD characters (a fence or an HTML
// block's start, and its end condition, are looked for there): a longer
// line is classified so whole or cut by chunks, and none is held for it.

import { CR, LF } from '../../uri/codes.js';

/** Characters of a line looked at to classify it. */
export const HEAD = 1024;

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Container markers before a fence or an HTML start (block quote ">", a
 * list item's "-", "+", "*" or "1." and its space), and any indentation:
 * a fence in a list item must be seen, or its closing fence would open one.
 */
const CONTAINERS = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*[ \t]*/;

/** A fenced code block's opening (§4.5): three or more backticks (no backtick after them) or tildes. */
const FENCE_OPEN = /^(?:(`{3,})[^`]*|(~{3,}).*)$/;

/** The HTML blocks a blank line does not end (§4.6 kinds 1-5): their start and their end condition. */
const HTML_KINDS: ReadonlyArray<readonly [start: RegExp, end: RegExp]> = [
  [/^<(?:script|pre|style|textarea)(?=[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];

const FLOW = 0;
const FENCE = 1;
const HTML = 2;

export class BlockCutter {
  #state = FLOW;
  /** The open fence's run (its character repeated as often as it was written). */
  #fence = '';
  /** The open HTML block's end condition. */
  #htmlEnd: RegExp | undefined;
  /** The last line ended was blank, outside a fence and an HTML block. */
  #afterBlank = false;

  /** Does a line whose first character is `c` start a block? */
  cutsAt(c: number): boolean {
    return this.#afterBlank && c !== SPACE && c !== TAB && c !== LF && c !== CR;
  }

  /** A line has ended: its first HEAD characters (no line ending) and whether it held only spaces and tabs. */
  line(head: string, blank: boolean): void {
    if (this.#state === FENCE) return this.#inFence(head);
    if (this.#state === HTML) {
      if (this.#htmlEnd!.test(head)) this.#state = FLOW;
      return;
    }
    this.#afterBlank = blank;
    if (!blank) this.#opens(head.slice(CONTAINERS.exec(head)![0].length));
  }

  #inFence(head: string): void {
    const rest = head.slice(CONTAINERS.exec(head)![0].length).trimEnd();
    if (rest.length >= this.#fence.length && rest.startsWith(this.#fence) && rest.split(this.#fence[0]!).every((s) => s === '')) {
      this.#state = FLOW;
    }
  }

  /** Does `rest` (a line after its containers) open a fence, or an HTML block that does not end on it? */
  #opens(rest: string): void {
    const fence = FENCE_OPEN.exec(rest);
    if (fence !== null) {
      this.#fence = fence[1] ?? fence[2]!;
      this.#state = FENCE;
      return;
    }
    if (rest.charCodeAt(0) !== 0x3c) return;
    for (const [start, end] of HTML_KINDS) {
      const m = start.exec(rest);
      if (m === null) continue;
      if (!end.test(rest.slice(m[0].length))) {
        this.#htmlEnd = end;
        this.#state = HTML;
      }
      return;
    }
  }
}
