// --mode log: web server access logs (Common / Combined Log Format, as
// written by Apache and nginx), one request per line:
//   host ident user [date] "METHOD target HTTP/x" status bytes "referer" "agent"
// The request target is resolved against --base (RFC 3986 §5.2); the
// referer is taken only when it is already an absolute URI.
import { parse, resolve } from '../index.js';
import type { Hit } from './output.js';

export interface LogRecord {
  uri: string;
  reference: string;
  line: number;
  column: number;
  field: 'request' | 'referer';
}

/** The next `"…"` field from `from`, honouring nginx's `\"` escapes. */
function quoted(line: string, from: number): { value: string; start: number; end: number } | undefined {
  const open = line.indexOf('"', from);
  if (open < 0) return undefined;
  let close = open + 1;
  for (; close < line.length; close++) {
    const c = line[close];
    if (c === '\\') close++;
    else if (c === '"') break;
  }
  if (close >= line.length) return undefined;
  return { value: line.slice(open + 1, close), start: open + 1, end: close + 1 };
}

function isAbsolute(reference: string): boolean {
  return parse(reference)?.scheme !== undefined;
}

/** Counts request targets left out because there was no --base. */
export interface LogStats {
  unresolved: number;
}

/** The URIs of one log line (1-based `lineNumber`). */
export function logHits(line: string, lineNumber: number, base: string | undefined, stats: LogStats): Hit[] {
  const hits: Hit[] = [];
  const request = quoted(line, 0);
  if (request === undefined) return hits;
  const [method = '', target = ''] = request.value.split(' ');
  if (target !== '' && target !== '*' && method.toUpperCase() !== 'CONNECT') {
    const column = request.start + method.length + 2;
    const uri = base !== undefined ? resolve(base, target) : isAbsolute(target) ? target : undefined;
    if (uri !== undefined) hits.push(hit({ uri, reference: target, line: lineNumber, column, field: 'request' }));
    else if (base === undefined) stats.unresolved++;
  }
  const status = /^\s+\d{3}\s+\S+\s+/.exec(line.slice(request.end));
  const referer = status === null ? undefined : quoted(line, request.end + status[0].length);
  if (referer !== undefined && referer.value !== '-' && isAbsolute(referer.value)) {
    hits.push(hit({ uri: referer.value, reference: referer.value, line: lineNumber, column: referer.start + 1, field: 'referer' }));
  }
  return hits;
}

function hit(record: LogRecord): Hit {
  return { uri: record.uri, line: record.line, column: record.column, record };
}
