// Squid's native access.log: "time elapsed client code/status bytes method URL user hierarchy/peer type"; the URL is the request.

import type { LineOut } from './emit.js';
import { DIGIT_1, DIGIT_9, DOT, isDigit } from '../../uri/codes.js';

const SQUID = /^\d{9,10}\.\d{3} +\d+ \S+ [A-Z_]+\/\d{3} \d+ ([A-Z][A-Z_-]*) (\S+)/;

/** Read a Squid line; false when the line is not one. */
export function readSquid(out: LineOut): boolean {
  const c = out.text.charCodeAt(0);
  if (c < DIGIT_1 || c > DIGIT_9) return false;
  const text = out.text;
  const dot = text.charCodeAt(10) === DOT ? 10 : 9; // "1709999999.123": nine or ten digits, then '.'
  if (text.charCodeAt(dot) !== DOT) return false;
  for (let i = 1; i < dot; i++) if (!isDigit(text.charCodeAt(i))) return false; // "1.2.3.4", an address

  const m = SQUID.exec(out.text);
  if (m === null) return false;
  const target = m[2]!;
  if (m[1] === 'CONNECT' || target === '*' || target === '-') return true;
  const at = m[0].length - target.length;
  out.targetAt(at, m[0].length, 'request', 'none');
  out.embedded(at, m[0].length, 'in-request');
  return true;
}
