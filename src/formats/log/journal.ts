// systemd journal entries as `journalctl -o json` writes them: the MESSAGE read as the line it is (see DockerLine), a MESSAGE of bytes decoded.

import { isUtf8 } from 'node:buffer';
import type { DockerRecord } from './docker.js';
import type { Piece } from './emit.js';
import type { Keyed } from './values.js';
import { COMMA, DIGIT_0, DIGIT_9, DQUOTE, LBRACKET, RBRACKET } from '../../uri/codes.js';
import { iconv } from '../../stream/iconv.js';

/** Members only journalctl's JSON has: an entry's cursor and its timestamps (systemd's "Journal JSON Format"). */
const ADDRESS = new Set(['__CURSOR', '__REALTIME_TIMESTAMP', '__MONOTONIC_TIMESTAMP']);

/** A JSON line as read: its text, its string values, its top object's members (key, first character of the value, its index; flat), its white-space skip. */
export interface JsonMembers {
  readonly text: string;
  readonly values: readonly Keyed[];
  readonly members: readonly (string | number)[];
  ws(i: number): number;
}

/**
 * The record a JSON line is when its members are a journal entry's: one of
 * ADDRESS, and a MESSAGE that is one string, or an array of byte values
 * (journalctl's form for a value that is not UTF-8 or holds control characters).
 */
export function journalRecord(json: JsonMembers): DockerRecord | undefined {
  const { members, values } = json;
  let entry = false;
  let message = -1;
  for (let k = 0; k < members.length; k += 3) {
    const key = members[k] as string;
    if (key === 'MESSAGE') message = k;
    else if (!entry && ADDRESS.has(key)) entry = true;
  }
  if (!entry || message === -1) return undefined;
  const first = members[message + 1];
  if (first === LBRACKET) {
    const log = byteMessage(json, members[message + 2] as number);
    return log === undefined ? undefined : { log, stream: undefined };
  }
  if (first !== DQUOTE) return undefined;
  const log = values.find((v) => v.field === 'MESSAGE');
  return log === undefined ? undefined : { log, stream: undefined };
}

/** MESSAGE's array of byte values at json.text[at] ("[99,97,102,233]", JSON's white space around each), decoded: each character a piece at its first byte's number. */
function byteMessage(json: JsonMembers, at: number): Keyed | undefined {
  const text = json.text;
  const bytes: number[] = [];
  const places: number[] = [];
  let i = at + 1;
  for (;;) {
    i = json.ws(i);
    const start = i;
    let n = 0;
    for (let c = text.charCodeAt(i); c >= DIGIT_0 && c <= DIGIT_9 && i - start < 3; c = text.charCodeAt(++i)) n = n * 10 + c - DIGIT_0;
    if (i === start || n > 255) return undefined; // no byte: an array of strings (a field given more than once)
    bytes.push(n);
    places.push(start);
    i = json.ws(i);
    const c = text.charCodeAt(i++);
    if (c === RBRACKET) break;
    if (c !== COMMA) return undefined;
  }
  return { field: 'MESSAGE', key: 'message', pieces: decoded(Buffer.from(bytes), places), rawStart: at, rawEnd: i };
}

/** The bytes as UTF-8 when they are, else windows-1252 (as charset 'auto' reads a log), one piece per character. */
function decoded(bytes: Buffer, places: readonly number[]): Piece[] {
  const pieces: Piece[] = [];
  if (!isUtf8(bytes)) {
    const text = iconv().decode(bytes, 'windows-1252'); // one character a byte
    for (let b = 0; b < bytes.length; b++) pieces.push({ text: text[b]!, at: places[b]! });
    return pieces;
  }
  for (let b = 0; b < bytes.length; ) {
    const lead = bytes[b]!;
    const n = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4; // valid UTF-8: the lead byte says the length
    pieces.push({ text: bytes.toString('utf8', b, b + n), at: places[b]! });
    b += n;
  }
  return pieces;
}
