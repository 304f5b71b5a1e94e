// Kubernetes container logs as the CRI runtimes (containerd, CRI-O) write them: "TIMESTAMP STREAM TAG MESSAGE", the tag F (a full line) or P (a partial one).

import type { LineOut } from './emit.js';
import { scanCut } from './docker.js';
import { DIGIT_0, DIGIT_9, HYPHEN, UPPER_P, UPPER_T } from '../../uri/codes.js';

/** An RFC 3339 stamp (nanoseconds), the stream, and the tag: "F" or "P", maybe followed by more tags after ':' (the CRI log format). */
const CRI = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d) (stdout|stderr) ([FP])(?::[\w:]*)? /;

/** A CRI line's message: where it starts, its stream and whether it is a partial line's piece; undefined when the line is no CRI line. */
export function criHeader(text: string): { at: number; stream: string; partial: boolean } | undefined {
  const c = text.charCodeAt(0);
  if (!(c >= DIGIT_0 && c <= DIGIT_9) || text.charCodeAt(4) !== HYPHEN || text.charCodeAt(10) !== UPPER_T) return undefined;
  const m = CRI.exec(text);
  if (m === null) return undefined;
  return { at: m[0].length, stream: m[1]!, partial: m[2]!.charCodeAt(0) === UPPER_P };
}

/**
 * A line over the runtime's limit (16 KiB) goes in P records, then an F
 * one, as Docker's json-file cuts it: a record that is a piece, or that
 * ends the line a P record began, is scanned as text with no URI that
 * runs to a cut (see scanCut). True when the record was read so.
 */
export function readCriPiece(out: LineOut, cri: { at: number; stream: string; partial: boolean }): boolean {
  const key = `cri ${cri.stream}`; // no Docker stream is named so
  const rest = out.dockerCut.has(key);
  if (cri.partial) out.dockerCut.add(key);
  else if (rest) out.dockerCut.delete(key);
  if (!cri.partial && !rest) return false;
  scanCut(out, cri.at, rest, cri.partial, 'message');
  return true;
}
