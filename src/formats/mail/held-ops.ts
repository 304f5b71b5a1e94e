// What a part's charset stage holds while its charset is not settled yet
// (mode 'auto' from the first byte that is no ASCII, an HTML part's
// <meta> sniff): its bytes, copied, and the position marks between them,
// to replay in order once it is.

/** A mark held, and how many marks it stands for: those given at its place, with no byte between them (the last one wins, as downstream). */
type HeldMark = [line: number, column: number, offset: number, calls: number];

type Op = HeldMark | Buffer;

/** Where a replayed op goes: bytes, or a mark given as many times as it was. */
export interface OpSink {
  bytes(b: Buffer): void;
  mark(line: number, column: number, offset: number): void;
}

export class HeldOps {
  #ops: Op[] = [];
  /** Bytes held. */
  size = 0;

  /** Hold a mark: in place of the last op when that is a mark (no bytes between them), so that marks alone hold one op. */
  mark(line: number, column: number, offset: number): void {
    const last = this.#ops[this.#ops.length - 1];
    if (last === undefined || Buffer.isBuffer(last)) {
      this.#ops.push([line, column, offset, 1]);
      return;
    }
    last[0] = line;
    last[1] = column;
    last[2] = offset;
    last[3]++;
  }

  /** Hold a copy of `b`. */
  bytes(b: Buffer): void {
    this.#ops.push(Buffer.from(b));
    this.size += b.length;
  }

  /** The bytes held, as one buffer. */
  joined(): Buffer {
    return Buffer.concat(this.#ops.filter((op): op is Buffer => Buffer.isBuffer(op)));
  }

  /** Hand every op to `sink` in order, holding none from here on. */
  replay(sink: OpSink): void {
    const ops = this.#ops;
    this.#ops = [];
    this.size = 0;
    for (const op of ops) {
      if (Buffer.isBuffer(op)) sink.bytes(op);
      else for (let k = 0; k < op[3]; k++) sink.mark(op[0], op[1], op[2]); // as many as were given (a line's count of marks decides how perline places them)
    }
  }
}
