// Where the bytes of a WARC stand in the file: each byte passed moves the
// cursor, so the record splitter and the HTTP header parser know the line,
// column and offset of the byte they are at.

import type { Position } from '../positions.js';

const LF = 0x0a;

export class Cursor {
  /** Bytes passed, the 1-based line of the next byte, and the offset of that line's start. */
  offset: number;
  line: number;
  lineStart: number;

  constructor(at: Position = { line: 1, column: 1, offset: 0 }) {
    this.offset = at.offset;
    this.line = at.line;
    this.lineStart = at.offset - (at.column - 1);
  }

  /** Move past bytes[from, to). */
  pass(bytes: Uint8Array, from: number, to: number): void {
    for (let i = bytes.indexOf(LF, from); i !== -1 && i < to; i = bytes.indexOf(LF, i + 1)) {
      this.line++;
      this.lineStart = this.offset + (i + 1 - from);
    }
    this.offset += to - from;
  }

  /** The place of the next byte (its column counted in bytes). */
  position(): Position {
    return { line: this.line, column: this.offset - this.lineStart + 1, offset: this.offset };
  }
}
