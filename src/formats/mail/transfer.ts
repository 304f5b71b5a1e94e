// Content-Transfer-Encoding, streamed per line: the contracts of a part's decoder, and the decoder for each encoding:
// quoted-printable (quoted-printable.ts), base64 (base64.ts) and the identity encodings (identity.ts), with file positions marked.

import { Base64 } from './base64.js';
import { Identity } from './identity.js';
import type { Line, Run } from './lines.js';
import type { MarkList } from './mark-list.js';
import { QuotedPrintable } from './quoted-printable.js';

/** Bytes of a part after transfer decoding, with the file positions of their starts. */
export interface ByteSink {
  /** The next byte written stands at this place in the input. */
  mark(line: number, column: number, offset: number): void;
  bytes(bytes: Uint8Array): void;
  end(): void;
}

/** One part's transfer decoder: fed the part's body lines. */
export interface TransferDecoder {
  line(line: Line): void;
  /** Whole lines at once, when it can take them (see Run). */
  readonly bulk?: ((run: Run) => void) | undefined;
  end(): void;
}

/** Takes runs of whole lines for the identity decoder; `drift` in and out: the next line must be marked. */
export interface RunTaker {
  take(run: Run, drift: boolean): boolean;
}

/**
 * Takes the decoded bytes of a run of whole lines at once (CharsetStage,
 * when it writes to a TextBatch): `marks` holds flat [byte index, line,
 * column, offset] per mark, in order, each before the bytes from its index
 * on, as mark() and bytes() in turn would give them; `latin`: the bytes as
 * latin1 text, when at hand.
 */
export interface RunByteSink {
  readonly takesRunBytes: boolean;
  runBytes(b: Buffer, latin: string | undefined, marks: MarkList): void;
}

/**
 * The decoder for a lower-case Content-Transfer-Encoding; 7bit, 8bit, binary
 * and unknown ones pass through. Lines are marked where the decoded text
 * stops moving with the file (a part's start, after non-ASCII bytes, an
 * escape, a soft break, dropped blanks), or every line when `everyLine`
 * (for text reshaped line by line after decoding).
 */
export function transferDecoder(encoding: string, out: ByteSink, everyLine: boolean, runs?: RunTaker, runBytes?: RunByteSink): TransferDecoder {
  if (encoding === 'quoted-printable') return new QuotedPrintable(out, everyLine, runBytes);
  if (encoding === 'base64') return new Base64(out, runBytes);
  return new Identity(out, everyLine, runs, runBytes);
}

/** The identity encodings (7bit, 8bit, binary, and unknown ones). */
export function isIdentity(encoding: string): boolean {
  return encoding !== 'quoted-printable' && encoding !== 'base64';
}
