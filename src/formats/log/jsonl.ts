// JSON lines: every string value JSON-decoded and read by its key path ("http.url"); a line that is not one JSON value is left to the caller.

import { dockerRecord, type DockerRecord, type Given } from './docker.js';
import { journalRecord } from './journal.js';
import { shippedRecord } from './shipper.js';
import type { LineOut, Piece } from './emit.js';
import { ecsKey, hostOf, httpContext, isHttpKey, joined, namesTarget, otherTargets, readValue, type Keyed } from './values.js';
import { BACKSLASH, COLON, COMMA, CR, DQUOTE, LBRACE, LBRACKET, LF, RBRACE, RBRACKET, RS, SPACE, TAB } from '../../uri/codes.js';

/** Deeper JSON is not read as JSON (the line is scanned as text). */
const MAX_DEPTH = 64;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class JsonLine {
  readonly text: string;
  readonly values: Keyed[] = [];
  /** The top object's members, flat: each key, the first character of its value and its index. */
  readonly members: Array<string | number> = [];
  /** A number or other value that is no string had a key of an HTTP request ("status": 200). */
  http = false;

  constructor(text: string) {
    this.text = text;
  }

  /** The index after the white space at i (RFC 8259 §2; a log line holds no LF, a JSON-LD script may). */
  ws(i: number): number {
    const t = this.text;
    for (let c = t.charCodeAt(i); c === SPACE || c === TAB || c === CR || c === LF; c = t.charCodeAt(++i));
    return i;
  }

  /** The value at i (after white space); the index after it, or -1. */
  value(i: number, path: string, key: string, depth: number): number {
    i = this.ws(i);
    const c = this.text.charCodeAt(i);
    if (c === DQUOTE) {
      const pieces: Piece[] = [];
      const end = this.string(i + 1, pieces);
      if (end !== -1) this.values.push({ field: path === '' ? 'message' : path, key, pieces, rawStart: i + 1, rawEnd: end - 1 });
      return end;
    }
    if (depth >= MAX_DEPTH) return -1;
    if (c === LBRACE) return this.object(i + 1, path, depth + 1);
    if (c === LBRACKET) return this.array(i + 1, path, key, depth + 1);
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(i, i + 64));
    if (m !== null && isHttpKey(key)) this.http = true;
    return m === null ? -1 : i + m[0].length;
  }

  object(i: number, path: string, depth: number): number {
    i = this.ws(i);
    if (this.text.charCodeAt(i) === RBRACE) return i + 1;
    for (;;) {
      if (this.text.charCodeAt(i) !== DQUOTE) return -1;
      const keyPieces: Piece[] = [];
      i = this.string(i + 1, keyPieces);
      if (i === -1) return -1;
      i = this.ws(i);
      if (this.text.charCodeAt(i) !== COLON) return -1;
      const key = joined(keyPieces);
      if (depth === 1) {
        const at = this.ws(i + 1);
        this.members.push(key, this.text.charCodeAt(at), at);
      }
      const field = path === '' ? key : `${path}.${key}`;
      i = this.value(i + 1, field, ecsKey(field, key.toLowerCase()), depth);
      if (i === -1) return -1;
      i = this.ws(i);
      const c = this.text.charCodeAt(i);
      if (c === RBRACE) return i + 1;
      if (c !== COMMA) return -1;
      i = this.ws(i + 1);
    }
  }

  array(i: number, path: string, key: string, depth: number): number {
    i = this.ws(i);
    if (this.text.charCodeAt(i) === RBRACKET) return i + 1;
    for (;;) {
      i = this.value(i, path, key, depth);
      if (i === -1) return -1;
      i = this.ws(i);
      const c = this.text.charCodeAt(i);
      if (c === RBRACKET) return i + 1;
      if (c !== COMMA) return -1;
      i++;
    }
  }

  /** A string's body from i (after its quote) decoded into pieces; the index after the closing quote, or -1. */
  string(i: number, pieces: Piece[]): number {
    const t = this.text;
    let from = i;
    for (; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === DQUOTE) break;
      if (c !== BACKSLASH) continue;
      if (i > from) pieces.push({ text: t.slice(from, i), at: from });
      const d = t[i + 1] ?? '';
      if (d === 'u') {
        const hex = t.slice(i + 2, i + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return -1;
        pieces.push({ text: String.fromCharCode(parseInt(hex, 16)), at: i });
        i += 5;
      } else {
        const e = ESCAPES[d];
        if (e === undefined) return -1;
        pieces.push({ text: e, at: i });
        i += 1;
      }
      from = i + 1;
    }
    if (i >= t.length) return -1;
    if (i > from) pieces.push({ text: t.slice(from, i), at: from });
    return i + 1;
  }
}

/**
 * Read text[from…] as one JSON value; false (nothing emitted) when it is
 * not one. With `docker`, a Docker json-file record's log value (a journal
 * entry's MESSAGE, a shipped record's message) is left to the caller, which gets the record (its other
 * members are read here).
 */
export function readJson(out: LineOut, from: number, docker = false): boolean | DockerRecord {
  const json = new JsonLine(out.text);
  const end = json.value(from, '', '', 0);
  if (end === -1 || json.ws(end) !== out.text.length) return false;
  const record = docker && out.text.charCodeAt(from) === LBRACE ? (dockerRecord(json.members, json.values) ?? journalRecord(json) ?? shippedRecord(json)) : undefined;
  const http = json.http || httpContext(json.values);
  out.host = hostOf(json.values, http);
  const others = otherTargets(json.values, http, out.host);
  const first = out.ctx.out.length;
  for (const v of json.values) if (v !== record?.log && v !== record?.repeat) readValue(out, v, 'quote', http, json.values, others);
  if (record !== undefined) record.given = givenBy(out, first, json.values, http, record.log);
  return record ?? true;
}

/** What a record's members but its line `log` gave: out's Founds from `first` on (see Given), and whether they name an HTTP request's target; undefined when they gave none and name no target. */
function givenBy(out: LineOut, first: number, values: readonly Keyed[], http: boolean, log: Keyed): Given | undefined {
  let target = false;
  if (http) for (const v of values) if (v !== log && namesTarget(v, true)) target = true; // a url beside no method or status may be any link
  const found = out.ctx.out;
  if (!target && found.length === first) return undefined;
  const uris = new Map<string, number>();
  for (let i = first; i < found.length; i++) uris.set(found[i]!.uri, (uris.get(found[i]!.uri) ?? 0) + 1);
  return { uris, target };
}

/** The string values of text, one JSON value with white space around it allowed, in order; undefined when it is no JSON. */
export function jsonStrings(text: string): Keyed[] | undefined {
  const json = new JsonLine(text);
  const end = json.value(0, '', '', 0);
  return end === -1 || json.ws(end) !== text.length ? undefined : json.values;
}

/** Is text one JSON object, white space around it allowed (a first line 'auto' takes for a JSON lines log)? */
export function isJsonObject(text: string): boolean {
  const json = new JsonLine(text);
  const at = json.ws(0);
  if (text.charCodeAt(at) !== LBRACE) return false;
  const end = json.value(at, '', '', 0);
  return end !== -1 && json.ws(end) === text.length;
}

/** Where a JSON text starts after the framing of a JSON text sequence (RFC 7464: a run of RS) or an event stream's "data:" and its one space; 0 without either. */
export function framedAt(text: string): number {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) === RS) i++;
  if (i === 0 && text.startsWith('data:')) i = text.length > 5 && text.charCodeAt(5) === SPACE ? 6 : 5;
  return i;
}
