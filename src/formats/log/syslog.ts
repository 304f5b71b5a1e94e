// syslog lines (RFC 3164 and RFC 5424, with or without the <PRI> a file leaves out): the header skipped, structured-data values scanned, the message read by the caller.

import type { LineOut, Piece } from './emit.js';
import { BACKSLASH, DIGIT_0, DIGIT_9, DOT, DQUOTE, GT, HYPHEN, LBRACKET, LT, RBRACKET, SPACE, UPPER_A, UPPER_Z, isDigit } from '../../uri/codes.js';

/** RFC 5424: "<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID " (then STRUCTURED-DATA). */
const RFC5424 = /^<\d{1,3}>\d{1,2} \S+ \S+ \S+ \S+ \S+ /;
/**
 * A syslog timestamp: RFC 3164's "Mmm dd hh:mm:ss" (rsyslog's files) or an RFC 3339 stamp, and journalctl's
 * others: short-precise "Mmm dd hh:mm:ss.uuuuuu", short-iso "…T…+0000", short-full "Www yyyy-mm-dd hh:mm:ss TZ",
 * short-monotonic "[   12.345678]", short-delta "[   12.345678 <    1.000000 >]", short-unix "1710151201.123456".
 */
export const SYSLOG_STAMP = [
  String.raw`[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})?`,
  String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)`,
  String.raw`[A-Z][a-z]{2} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? [\w+-]{1,32}`,
  String.raw`\[ *\d{1,12}\.\d{6}(?: <[ \d.]{1,24}>| *)\]`,
  String.raw`\d{10}\.\d{6}`,
].join('|');
/**
 * "[<PRI>]STAMP HOST ", then an optional "TAG[pid]: " (journalctl -o with-unit: a templated unit, "getty@tty1.service[42]: ").
 * A URI, or JSON, is no HOST: a stamp, then the message (`docker logs -t`, GitHub Actions).
 */
const RFC3164 = new RegExp(String.raw`^(?:<\d{1,3}>)?(?:${SYSLOG_STAMP}) (?:(?!\S*:\/\/|[{\["])\S+ (?:[\w./@-]{1,48}(?:\[[\w.-]*\])?: )?)?`);

/** Where the message (or, for RFC 5424, the structured data) starts, and which RFC; undefined when the line is not syslog. */
export function syslogHeader(text: string): { at: number; rfc5424: boolean } | undefined {
  const c = text.charCodeAt(0);
  if (c === LT) {
    const m = RFC5424.exec(text);
    if (m !== null) return { at: m[0].length, rfc5424: true };
  } else if (c >= DIGIT_0 && c <= DIGIT_9) {
    if (text.charCodeAt(4) !== HYPHEN && !(text.charCodeAt(10) === DOT && isDigit(text.charCodeAt(3)))) return undefined; // only an RFC 3339 stamp ("2024-") or seconds since 1970 ("1710151201.") start with a digit; a client "192.168.10.5" is neither
  } else if (!(c >= UPPER_A && c <= UPPER_Z) && c !== LBRACKET) {
    return undefined;
  }
  const m = RFC3164.exec(text);
  if (m === null) return undefined;
  return { at: m[0].length, rfc5424: false };
}

/**
 * The octet-counted frame at `at` (RFC 6587 §3.4.1: "MSG-LEN SP
 * SYSLOG-MSG", as a Heroku HTTPS drain posts its lines, several back to
 * back): where its message starts and ends (MSG-LEN octets of UTF-8,
 * cut at the text's end, `rest` of them past it), or undefined when no
 * frame with a <PRI> starts there.
 */
export function octetFrame(text: string, at: number): { start: number; end: number; rest: number } | undefined {
  let i = at;
  let n = 0;
  for (let c = text.charCodeAt(i); isDigit(c) && i - at < 9; c = text.charCodeAt(++i)) n = n * 10 + c - DIGIT_0;
  if (i === at || text.charCodeAt(at) === DIGIT_0 || text.charCodeAt(i) !== SPACE || !isPri(text, i + 1)) return undefined;
  const start = i + 1;
  const { end, rest } = skipOctets(text, start, n);
  return { start, end, rest };
}

/** `n` octets of UTF-8 from text[at]: where they end (at most at text's end), and how many of them are past it. */
export function skipOctets(text: string, at: number, n: number): { end: number; rest: number } {
  let end = at;
  for (; n > 0 && end < text.length; end++) {
    const c = text.charCodeAt(end);
    n -= c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3; // a surrogate pair: 4 octets
  }
  return { end, rest: n };
}

/** The octets the last of the frames back to back from text[at] has past the text's end (RFC 6587 §3.4.1: a message may hold line breaks); 0 when none has. */
export function frameRest(text: string, at: number): number {
  let frame = octetFrame(text, at);
  while (frame !== undefined && frame.rest <= 0) frame = octetFrame(text, frame.end);
  return frame === undefined ? 0 : frame.rest;
}

/** Does a PRI start at `at` (RFC 5424 §6.2.1: "<", 1 to 3 digits, ">")? */
function isPri(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== LT) return false;
  let i = at + 1;
  while (isDigit(text.charCodeAt(i)) && i - at <= 3) i++;
  return i > at + 1 && text.charCodeAt(i) === GT;
}

/**
 * RFC 5424 STRUCTURED-DATA from `at` ("-" or "[id name="value" …]…"):
 * each value unescaped (\" \\ \]) and scanned, its field "id.name".
 * Returns where the MSG starts (after one space and a BOM), or the line's end.
 */
export function readStructuredData(out: LineOut, at: number): number {
  const text = out.text;
  if (text.charCodeAt(at) === HYPHEN) return message(text, at + 1);
  let i = at;
  while (text.charCodeAt(i) === LBRACKET) {
    const idEnd = until(text, i + 1, ' ]');
    const id = text.slice(i + 1, idEnd);
    i = idEnd;
    while (text.charCodeAt(i) === SPACE) {
      const eq = text.indexOf('="', i + 1);
      if (eq === -1) return text.length;
      const name = text.slice(i + 1, eq);
      const pieces: Piece[] = [];
      i = value(text, eq + 2, pieces);
      out.scanPieces(pieces, `${id}.${name}`);
    }
    if (text.charCodeAt(i) !== RBRACKET) return text.length; // truncated or malformed: nothing more
    i++;
  }
  return message(text, i);
}

/** The message after the structured data: one space, then an optional BOM. */
function message(text: string, i: number): number {
  if (text.charCodeAt(i) === SPACE) i++;
  if (text.charCodeAt(i) === 0xfeff) i++;
  return Math.min(i, text.length);
}

/** The first index from i holding one of `stops`, or the end. */
function until(text: string, i: number, stops: string): number {
  while (i < text.length && !stops.includes(text[i]!)) i++;
  return i;
}

/** A PARAM-VALUE from i up to its closing quote, as pieces; returns the index after the quote. */
function value(text: string, i: number, pieces: Piece[]): number {
  let from = i;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DQUOTE) break;
    if (c !== BACKSLASH) continue;
    const d = text[i + 1];
    if (d !== '"' && d !== '\\' && d !== ']') continue; // RFC 5424 §6.3.3: other backslashes stay
    if (i > from) pieces.push({ text: text.slice(from, i), at: from });
    pieces.push({ text: d, at: i + 1 });
    i++;
    from = i + 1;
  }
  if (i > from) pieces.push({ text: text.slice(from, i), at: from });
  return i < text.length ? i + 1 : i;
}
