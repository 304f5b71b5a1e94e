// The state of one scan, in one object. The Scanner makes one and hands it
// down (through the scanners' contexts), so no module holds scan state and
// two scanners never share any. Scanning is synchronous and each field is
// consumed before the next candidate is scanned, so one object serves every
// candidate of a scan: no allocation per candidate.

import type { UriComponents } from '../uri/components.js';
import { newOffsets, type UriOffsets } from '../uri/parse.js';
import { QUERY_ONLY } from './chars.js';
import { newSpan, type Span } from './span.js';

/** What resolveTarget needs: the offsets it parses into and the components it leaves behind. */
export class ResolveState {
  /** The offsets of the reference resolveTarget parsed last. */
  readonly offsets: UriOffsets = newOffsets();
  /**
   * The components of the target resolveTarget returned last, when resolution
   * built them (else undefined: they are parsed on demand). A field, not a
   * result object, so the common path allocates nothing.
   */
  targetComponents: UriComponents | undefined = undefined;
}

export class ScanState extends ResolveState {
  /** The one Span the scanners fill in (see openSpan); buildFound consumes it before the next scan. */
  readonly span: Span = newSpan();

  // The bare walk (bare.ts), reset by scanBare for each candidate.
  /** Bracket depth inside the current run. */
  round = 0;
  square = 0;
  /** A character ≥ U+0080 was seen in the current candidate. */
  nonAscii = false;
  /** QUERY_ONLY while every character of the current candidate is a query character. */
  queryOnly = QUERY_ONLY;
  /** A "?" or "#" was seen in the current candidate before `dataChecked` (see inData). */
  data = false;
  dataChecked = 0;
  /** The text ends where a look ahead needed more of it (linkText, schemeWithSlashes): the scan waits for more text. */
  waiting = false;
  /** The run ended at an invisible character (see isInvisible): the URI goes on after it. */
  invisible = false;
  /** The index past which the current candidate cannot end (its start and maxLength), and whether the text is final. */
  runLimit = 0;
  runFinal = false;
  /** APOSTROPHE when the candidate follows one ('…' around it), else -1; kept while an over-long one is skipped. */
  closer = -1;

  // Line breaks inside "<…>" and "\"…\"" (wrapped.ts).
  /** Whether the last whitespace run skipWhitespace read held a line break. */
  hadBreak = false;
  /**
   * The scheme readScheme read when a line break was inside it or after its
   * ":": the scheme, its ":" and what follows the break, joined (the opening
   * checks read contiguous text), its ":" at `probeColon`; else undefined.
   */
  probe: string | undefined = undefined;
  probeColon = 0;
}
