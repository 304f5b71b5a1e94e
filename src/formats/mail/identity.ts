// The identity transfer encodings (7bit, 8bit, binary, and unknown ones): the bytes as they are, marked where the decoded text stops moving with the file.

import { isAscii } from 'node:buffer';
import { countNL, nonAsciiAt } from './bulk.js';
import type { Line, Run } from './lines.js';
import { RUN_MARKS } from './mark-list.js';
import type { ByteSink, RunByteSink, RunTaker, TransferDecoder } from './transfer.js';
import { BEGIN_STOPS, UuSkip } from './uuencode.js';

export class Identity implements TransferDecoder {
  /** The next line must be marked. */
  #drift = true;
  /** Uuencoded data in the body: skipped line by line. */
  readonly #uu = new UuSkip();
  readonly bulk: ((run: Run) => void) | undefined;

  constructor(readonly out: ByteSink, readonly everyLine: boolean, runs: RunTaker | undefined, runBytes: RunByteSink | undefined) {
    this.bulk = runs !== undefined ? this.#taker(runs) : runBytes === undefined || everyLine ? undefined : this.#byteRuns(runBytes);
  }

  // Each closure is made by a method of its own, so that it holds only what it uses.
  #taker(runs: RunTaker): (run: Run) => void {
    return (run) => {
      if (this.#inRun(run)) this.#drift = runs.take(run, this.#drift);
    };
  }

  #byteRuns(sink: RunByteSink): (run: Run) => void {
    return (run) => {
      if (this.#inRun(run)) this.#run(run, sink);
    };
  }

  /** May lines be taken in a run: not in uuencoded data, and the run narrowed to before a line that may begin it. */
  #inRun(run: Run): boolean {
    return !this.#uu.inside && BEGIN_STOPS.narrow(run);
  }

  /**
   * A run of whole lines, its bytes as they are, with the marks line() puts:
   * at a line when it drifts (the first, and each after a non-ASCII line).
   */
  #run(run: Run, sink: RunByteSink): void {
    if (!sink.takesRunBytes) return;
    const { chunk, latin, from, end } = run;
    const marks = RUN_MARKS.clear();
    let drift = this.#drift;
    let no = run.no;
    let p = from;
    let ascii = true;
    while (p < end) {
      if (drift) marks.push(p - from, no, 1, run.offset + (p - from));
      const bad = Math.min(nonAsciiAt(run, p), end);
      if (bad === end) {
        no += countNL(latin, p, end);
        drift = false;
        break;
      }
      ascii = false;
      no += countNL(latin, p, latin.lastIndexOf('\n', bad) + 1) + 1; // to the non-ASCII line, and it
      p = latin.indexOf('\n', bad) + 1;
      drift = true;
    }
    this.#drift = drift;
    run.to = end;
    run.lines = no - run.no;
    sink.runBytes(chunk.subarray(from, end), ascii ? latin.slice(from, end) : undefined, marks);
  }

  line(l: Line): void {
    if (l.first) {
      if (this.#drift || this.everyLine || l.start !== 0) this.out.mark(l.no, l.start + 1, l.offset + l.start);
      this.#drift = l.start !== 0;
    }
    if (l.first && l.last && this.#uu.skips(l.bytes)) {
      this.#drift = true;
      return;
    }
    const b = l.last && l.eol ? l.withEol : l.bytes;
    if (b.length > 0) this.out.bytes(b);
    if (!this.#drift && !isAscii(b)) this.#drift = true;
  }

  end(): void {
    this.out.end();
  }
}
