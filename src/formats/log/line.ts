// One log line read by its shape: JSON (also framed as a JSON text sequence or an event stream's data), W3C, Kubernetes (CRI) and syslog (their message read again by shape; syslog also in octet-counted frames), error logs, Squid, access lines, logfmt, else text.

import { looksAccess, readAccess } from './clf.js';
import { criHeader, readCriPiece } from './cri.js';
import { DockerLine, type DockerRecord } from './docker.js';
import type { LineOut } from './emit.js';
import { errorHeader, readErrorLog } from './error-log.js';
import { framedAt, readJson } from './jsonl.js';
import { looksLogfmt, readLogfmt } from './logfmt.js';
import { readSquid } from './squid.js';
import { octetFrame, readStructuredData, syslogHeader } from './syslog.js';
import type { W3cLayout } from './w3c.js';
import { DOT, HASH, LBRACE, LBRACKET, LOWER_D, RS, SPACE, UPPER_M, isDigit } from '../../uri/codes.js';

/**
 * Read out.text, the whole line. `part`: the text is a frame's, the text
 * after the last frame or a journal field's value (see readPart), which is
 * not read as frames or as a field again: a line of "MESSAGE=MESSAGE=…"
 * would nest a call per prefix.
 */
export function readLine(out: LineOut, w3c: W3cLayout, part = false): void {
  const text = out.text;
  const c = text.charCodeAt(0);
  if (c === HASH && w3c.directive(text)) return; // "#Fields: …"
  if (w3c.active && c !== HASH && w3c.read(out)) return;
  if (c === LBRACE || c === LBRACKET) {
    const json = c === LBRACE && readJson(out, 0, true);
    if (json !== false) return json === true ? undefined : readDocker(out, json, w3c);
    const e = errorHeader(text);
    if (e !== -1) return readErrorLog(out, e);
    return readMessage(out, c === LBRACKET ? (syslogHeader(text)?.at ?? 0) : 0); // journalctl -o short-monotonic: "[   12.345678] host app[42]: "
  }
  if ((c === RS || c === LOWER_D) && readFramed(out, w3c)) return;
  if (dottedAt(text, 0)) return readMessage(out, 0); // an IPv4 client first: no header below starts so
  if (isDigit(c) && !part && readFrames(out, w3c)) return;
  if ((c === UPPER_M || c === SPACE) && !part) {
    const at = journalMessage(text, c);
    if (at !== -1) return at < text.length ? readPart(out, w3c, at, text.length) : undefined;
  }
  if (readSquid(out)) return;
  const cri = criHeader(text);
  if (cri !== undefined) return readCriPiece(out, cri) ? undefined : readMessage(out, cri.at);
  const header = syslogHeader(text);
  if (header !== undefined) {
    const at = header.rfc5424 ? readStructuredData(out, header.at) : header.at;
    return readMessage(out, at);
  }
  const e = errorHeader(text);
  if (e !== -1) return readErrorLog(out, e);
  readMessage(out, 0);
}

/**
 * Does text[at…] start with one to three digits and a '.' (an access line's
 * IPv4 client)? No header read below that starts with a digit does: an
 * octet count is followed by a space, and Squid's and syslog's seconds
 * since 1970 and a CRI, RFC 3339 or nginx error-log year are four digits
 * or more.
 */
export function dottedAt(text: string, at: number): boolean {
  if (!isDigit(text.charCodeAt(at))) return false;
  let i = at + 1;
  while (i < at + 4 && isDigit(text.charCodeAt(i))) i++;
  return i < at + 4 && text.charCodeAt(i) === DOT;
}

/**
 * The line out.text[out.base, out.end), which starts with an IPv4 client
 * (see dottedAt), read in place as an access line, as readLine reads it;
 * false, with nothing read, when it is none.
 */
export function readAccessInPlace(out: LineOut): boolean {
  return looksAccess(out.text, out.base, out.end, out.marks) && readAccess(out, out.base);
}

/** The line, a JSON object printed over lines (see JsonBlock), read as one JSON line; false (nothing read) when it is no JSON. */
export function readJsonObject(out: LineOut, w3c: W3cLayout): boolean {
  const json = readJson(out, 0, true);
  if (json === false) return false;
  if (json !== true) readDocker(out, json, w3c);
  return true;
}

/**
 * A JSON object after the framing journalctl -o json-seq writes (RFC 7464:
 * a JSON text sequence, each text after a RS) or -o json-sse (an event
 * stream's "data: " line), read as a JSON line; false when there is none.
 */
function readFramed(out: LineOut, w3c: W3cLayout): boolean {
  const at = framedAt(out.text);
  if (at === 0 || at >= out.text.length || out.text.charCodeAt(at) !== LBRACE) return false;
  const json = readJson(out, at, true);
  if (json === false) return false;
  if (json !== true) readDocker(out, json, w3c);
  return true;
}

/**
 * Syslog messages in octet-counted frames (RFC 6587 §3.4.1: "83 <40>1 …",
 * as a Heroku HTTPS drain posts them, one a line or back to back): each
 * read as the line it is, at its place in the line; text after the last
 * frame that starts none is read as a line too. False when the line starts
 * with no frame.
 */
function readFrames(out: LineOut, w3c: W3cLayout): boolean {
  const text = out.text;
  let frame = octetFrame(text, 0);
  if (frame === undefined) return false;
  for (let at = 0; at < text.length; frame = octetFrame(text, at)) {
    const { start, end } = frame ?? { start: at, end: text.length };
    readPart(out, w3c, start, end);
    at = end;
  }
  return true;
}

/** The value of a journal entry's MESSAGE field as `journalctl -o export` writes it ("MESSAGE=…"), or -o verbose (indented 4): where it starts; -1 when the line is none. */
function journalMessage(text: string, c: number): number {
  if (c === UPPER_M) return text.startsWith('MESSAGE=') ? 8 : -1;
  return text.startsWith('    MESSAGE=') ? 12 : -1;
}

/** text[from, end) of the line read as the line it is, its Founds at their place in the line. */
function readPart(out: LineOut, w3c: W3cLayout, from: number, end: number): void {
  const { text, start, host } = out;
  const found = out.ctx.out;
  const first = found.length;
  out.resume(text.slice(from, end), start + from, host);
  readLine(out, w3c, true);
  for (let i = first; i < found.length; i++) found[i]!.column += from;
  out.resume(text, start, host);
}

/** A Docker json-file record's log value, read as the line it is (see docker.ts). */
function readDocker(out: LineOut, record: DockerRecord, w3c: W3cLayout): void {
  const line = DockerLine.enter(out, record);
  if (line === undefined) return;
  readLine(out, w3c);
  line.leave();
}

/** text[from…] with no header of its own (a whole line, or a syslog message): an access line, JSON, logfmt, or text. */
function readMessage(out: LineOut, from: number): void {
  const text = out.text;
  if (from >= text.length) return;
  if (text.charCodeAt(from) === LBRACE && readJson(out, from)) return;
  if (looksAccess(text, from, text.length, out.marks) && readAccess(out, from)) return;
  if (looksLogfmt(text, from)) return readLogfmt(out, from);
  out.scan(from, text.length, 'message');
}
