// Classic Mac line ends (a lone CR) in a line-oriented format: mail and logs
// split lines at LF, so such an input is one long line. It is read so, with a
// warning: nothing is lost without a word.

import type { FormatContext } from './types.js';
import { CR, LF } from '../uri/codes.js';

/** Bytes or characters looked at before deciding that an input has no LF. */
const LOOK = 64 * 1024;

export class LoneCrCheck {
  #seen = 0;
  #crs = 0;
  #done = false;

  /** Look at the next piece of input; warns once when the first LOOK units hold CRs and no LF. */
  look(ctx: FormatContext, piece: Uint8Array | string, mode: string): void {
    if (this.#done) return;
    const n = Math.min(piece.length, LOOK - this.#seen);
    for (let i = 0; i < n; i++) {
      const c = typeof piece === 'string' ? piece.charCodeAt(i) : piece[i]!;
      if (c === LF) {
        this.#done = true;
        return;
      }
      if (c === CR) this.#crs++;
    }
    this.#seen += n;
    if (this.#seen >= LOOK) this.end(ctx, mode);
  }

  /** The input ended (or LOOK was reached) with no LF seen. */
  end(ctx: FormatContext, mode: string): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#crs < 2) return;
    ctx.warn({ code: 'lone-cr-line-ends', message: `lines end with a lone CR, not LF: ${mode} mode reads it as one line (convert the line ends to LF)`, line: 1 });
  }
}
