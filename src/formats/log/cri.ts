// Kubernetes container logs as the CRI runtimes (containerd, CRI-O) write them: "TIMESTAMP STREAM TAG MESSAGE", the tag F (a full line) or P (a partial one); kubectl's "TIMESTAMP LINE" known.

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

/** The time `kubectl logs --timestamps` writes before each line: RFC 3339 in UTC, 0 to 9 digits of fraction (Go's RFC3339Nano drops its trailing zeros); 31 characters at most. */
const KUBECTL_STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z /;

/**
 * For mode 'auto': is a whole first line (or all the head there is) one
 * `kubectl logs --timestamps` writes? The stamp, then a line that is a
 * log's by its own shape (`logLine`), or a second line with a stamp too;
 * one stamp and words may be prose ("2015-05-13T23:39:43.945958Z my notes
 * on …"). Undefined: not yet (the second line is still coming).
 */
export function kubectlLines(text: string, ended: boolean, logLine: (rest: string) => boolean): boolean | undefined {
  const stamp = KUBECTL_STAMP.exec(text);
  if (stamp === null) return false;
  if (logLine(text.slice(stamp[0].length))) return true;
  const nl = text.indexOf('\n');
  const next = nl === -1 ? '' : text.slice(nl + 1);
  if (KUBECTL_STAMP.test(next)) return true;
  return !ended && !next.includes('\n') && next.length < 31 ? undefined : false;
}
