// 'auto' on JSON: a document that opens with "{" or "[" and whose head is
// JSON as far as it goes. The rules before this one have taken a first
// line that is one JSON object (JSON lines: a log). A text that only
// starts with a bracket ("[1] Introduction", "[2024-03-11 10:00:01] INFO",
// "{{template}}", a Markdown badge "[![…") stops the lexer in its head.

import type { Verdict } from '../detect-markup.js';
import { JsonLexer, type JsonSink } from './lexer.js';

const NO_SINK: JsonSink = { open() {}, piece() {}, close() {}, comment() {} };

/** Is the head (its first bytes as latin1, leading blank lines dropped) a JSON document's? Not yet while it is JSON so far and more may come. */
export function jsonDocument(text: string, ended: boolean): Verdict {
  const c = text.charCodeAt(0);
  if (text.length === 0) return ended ? false : undefined;
  if (c !== 0x7b && c !== 0x5b) return false; // "{", "["
  if (new JsonLexer(NO_SINK, 1024).write(text) !== -1) return false;
  return ended ? true : undefined;
}
