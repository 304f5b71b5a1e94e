// Docker json-file records ({"log":"<line>\n","stream":"stdout","time":"…"}): the log value read as the line it is, its URIs placed in the raw record.

import type { LineOut, Piece } from './emit.js';
import { joined, type Keyed } from './values.js';
import { ASCII_CLASS, STOP } from '../../delimit/chars.js';
import { CR, DQUOTE, LBRACE, LF } from '../../uri/codes.js';

/** The members the json-file driver writes (moby daemon/logger/jsonfilelog/jsonlog: Log, Stream, Created as "time", Attrs): how each value starts, and a bit of its own. */
const MEMBERS = new Map([['log', [DQUOTE, 1]], ['stream', [DQUOTE, 2]], ['time', [DQUOTE, 4]], ['attrs', [LBRACE, 8]]] as const);

/** A Docker json-file record: its log value and its stream ('' when it names none; undefined for a journal entry's MESSAGE, which no one cuts). */
export interface DockerRecord {
  log: Keyed;
  stream: string | undefined;
  /** A value the log value repeats (GELF's short_message, the start of its full_message): not read. */
  repeat?: Keyed;
  /** What the record's other members gave (see readJson), which its line, of the same request, does not give again. */
  given?: Given | undefined;
}

/** The URIs a record's members gave, each with how many times, and whether one of them names the request's target (Cloud Logging's httpRequest.requestUrl, ECS's url.full). */
export interface Given {
  uris: Map<string, number>;
  target: boolean;
}

/**
 * The record a JSON line is when its members (key, first character of the
 * value, its index; flat) are json-file's and no others, each once: `log` a string,
 * `stream` or `time` a string beside it, `attrs` an object. An app's own
 * `{"log":…,"level":…}` is none, and keeps its reading as JSON.
 */
export function dockerRecord(members: readonly (string | number)[], values: readonly Keyed[]): DockerRecord | undefined {
  let seen = 0;
  for (let k = 0; k < members.length; k += 3) {
    const m = MEMBERS.get(members[k] as 'log');
    if (m === undefined || m[0] !== members[k + 1] || (seen & m[1]) !== 0) return undefined;
    seen |= m[1];
  }
  if ((seen & 1) === 0 || (seen & 6) === 0) return undefined; // a log, and a stream or a time
  let log: Keyed | undefined;
  let stream = '';
  for (const v of values) {
    if (v.field === 'log') log = v;
    else if (v.field === 'stream') stream = joined(v.pieces);
  }
  return log === undefined ? undefined : { log, stream };
}

/**
 * The log value read in place of the record's text: enter() makes it the
 * line (with no "\n" or "\r\n" at its end) and leave() gives the record back
 * and moves the URIs found in the value to their place in the record.
 */
export class DockerLine {
  readonly #out: LineOut;
  readonly #pieces: readonly Piece[];
  readonly #text: string;
  readonly #start: number;
  readonly #host: string | undefined;
  readonly #first: number;
  readonly #given: Given | undefined;
  readonly #unresolved: number;

  private constructor(out: LineOut, pieces: readonly Piece[], given: Given | undefined) {
    this.#out = out;
    this.#pieces = pieces;
    this.#given = given;
    this.#unresolved = out.unresolved;
    this.#text = out.text;
    this.#start = out.start;
    this.#host = out.host;
    this.#first = out.ctx.out.length;
  }

  /** The record's log value as the line to read, or undefined when it is read here or there is none (see cut()). */
  static enter(out: LineOut, record: DockerRecord): DockerLine | undefined {
    const pieces = record.log.pieces;
    const value = joined(pieces);
    if (value === '') return undefined;
    const lf = value.charCodeAt(value.length - 1) === LF;
    const stream = record.stream;
    const whole = lf || stream === undefined; // json-file ends a line with its "\n"; a record without one was cut
    const rest = stream !== undefined && out.dockerCut.has(stream); // this record goes on with the line of the last one of its stream
    if (stream !== undefined && lf) out.dockerCut.delete(stream);
    else if (stream !== undefined) out.dockerCut.add(stream);
    const end = lf ? value.length - (value.charCodeAt(value.length - 2) === CR ? 2 : 1) : value.length;
    if (value.lastIndexOf('\n', end - 1) !== -1) { // lines Docker never joins: no line to read, its text scanned as JSON's
      out.scanPieces(pieces, record.log.field);
      return undefined;
    }
    if (end === 0) return undefined;
    const inner = new DockerLine(out, pieces, record.given);
    out.begin(value.slice(0, end), 0, out.no); // at offset 0: a URI's offset is its index in the value
    if (!whole || rest) return inner.#cut(rest, !whole, record.log.field);
    return inner;
  }

  /** A record Docker cut (a line over 16 KiB goes in several, all but the last without "\n"): see scanCut. */
  #cut(head: boolean, tail: boolean, field: string): undefined {
    scanCut(this.#out, 0, head, tail, field);
    this.leave();
    return undefined;
  }

  /** The record back, and the URIs the line gave at the place their first character has in it. */
  leave(): void {
    const out = this.#out;
    const no = out.no;
    out.resume(this.#text, this.#start, this.#host);
    if (this.#given !== undefined) this.#unrepeated(this.#given);
    const found = out.ctx.out;
    if (found.length === this.#first) return;
    const starts = this.#starts();
    for (let i = this.#first; i < found.length; i++) {
      const f = found[i]!;
      const at = this.#raw(starts, f.offset);
      f.offset = this.#start + at;
      f.line = no;
      f.column = at + 1;
    }
  }

  /**
   * The line's Founds but those its record's members gave (a record is of
   * one request): a URI they gave (a referer, a user agent's), once for
   * each time they gave it, and, when they name the request's target (with
   * its host), the line's request target, found or left out unresolved.
   */
  #unrepeated(given: Given): void {
    const found = this.#out.ctx.out;
    const uris = given.uris;
    let kept = this.#first;
    for (let i = this.#first; i < found.length; i++) {
      const f = found[i]!;
      const n = uris.get(f.uri) ?? 0;
      if (n > 0) uris.set(f.uri, n - 1);
      else if (!given.target || f.source?.field !== 'request') found[kept++] = f;
    }
    found.length = kept;
    if (given.target) this.#out.unresolved = this.#unresolved;
  }

  /** The index in the value of each piece's first character. */
  #starts(): number[] {
    const starts: number[] = [];
    let start = 0;
    for (const p of this.#pieces) {
      starts.push(start);
      start += p.text.length;
    }
    return starts;
  }

  /** Where the value's character `d` is written in the record (a binary search): an escape ("\u0026", "\"") decodes to one character. */
  #raw(starts: readonly number[], d: number): number {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= d) lo = mid;
      else hi = mid - 1;
    }
    const p = this.#pieces[lo]!;
    return p.at + Math.min(d - starts[lo]!, p.text.length - 1);
  }
}

/**
 * text[from…] of the line, a record cut from a longer line (`head`: it goes
 * on from the last record of its stream; `tail`: it goes on in the next),
 * is no whole line: it is scanned as text, and a URI is kept only when a
 * character no URI holds (RFC 3986 §2: a space, '"', '<', …) stands
 * between it and a cut.
 */
export function scanCut(out: LineOut, from: number, head: boolean, tail: boolean, field: string): void {
  const text = out.text;
  const found = out.ctx.out;
  const kept0 = found.length;
  out.scan(from, text.length, field);
  let first = head ? -1 : from; // -1: none
  for (let i = from; first === -1 && i < text.length; i++) if (noUri(text.charCodeAt(i))) first = i;
  let last = tail ? -1 : text.length;
  for (let i = text.length - 1; last === -1 && i >= from; i--) if (noUri(text.charCodeAt(i))) last = i;
  let kept = kept0;
  for (let i = kept0; i < found.length; i++) {
    const f = found[i]!;
    const at = f.offset - out.start;
    if (first === -1 || first > at || last < at + f.length) continue;
    found[kept++] = f;
  }
  found.length = kept;
}

/** A character no URI (nor IRI) holds: ASCII outside RFC 3986's unreserved, reserved and '%' (what ends a bare URI). */
const noUri = (c: number): boolean => c < 0x80 && (ASCII_CLASS[c]! & STOP) !== 0;
