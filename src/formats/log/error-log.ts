// nginx and Apache error logs: the message scanned as text; nginx's `request:`, `upstream:`, `referrer:` and `host:` labels, Apache's trailing `, referer:`.

import { request } from './clf.js';
import type { LineOut } from './emit.js';
import { BACKSLASH, DIGIT_0, DIGIT_9, DQUOTE, LBRACKET, SLASH } from '../../uri/codes.js';

/** "2024/03/05 10:00:01 [error] 1234#1234: *5 " */
const NGINX = /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[[a-z]+\] \d+#\d+: (?:\*\d+ )?/;
/** "[Tue Mar 05 10:00:01.123456 2024] [core:error] [pid 12:tid 34] [client 1.2.3.4:5] " (2.2 and 2.4) */
const APACHE = /^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d [\d:.]+ \d{4}\] (?:\[[^\]]*\] )*/;

/** The length of an nginx or Apache error-log header at the line's start, or -1. */
export function errorHeader(text: string): number {
  const c = text.charCodeAt(0);
  const m = c === LBRACKET ? APACHE.exec(text) : c >= DIGIT_0 && c <= DIGIT_9 && text.charCodeAt(4) === SLASH ? NGINX.exec(text) : null; // "2024/"…
  return m === null ? -1 : m[0].length;
}

/** The labels nginx appends after ", client: " and what each is. */
const LABEL = /, (client|server|subrequest|request|upstream|host|referrer): /g;

export function readErrorLog(out: LineOut, from: number): void {
  const text = out.text;
  if (text.charCodeAt(0) !== LBRACKET) {
    const client = text.indexOf(', client: ', from);
    if (client !== -1) {
      labels(out, client);
      out.scan(from, client, 'message');
      return labels(out, client, true);
    }
  } else {
    const ref = text.lastIndexOf(', referer: ');
    if (ref >= from) {
      out.scan(from, ref, 'message');
      const at = ref + 11;
      return out.absolute(text.slice(at), at, 'referer', 'none');
    }
  }
  out.scan(from, text.length, 'message');
}

/** nginx's labels from `at`: the host first (it tags every Found of the line), then, with `emit`, the URIs. */
function labels(out: LineOut, at: number, emit = false): void {
  const text = out.text;
  LABEL.lastIndex = at;
  for (let m = LABEL.exec(text); m !== null; m = LABEL.exec(text)) {
    const start = m.index + m[0].length;
    const quoted = text.charCodeAt(start) === DQUOTE;
    const end = quoted ? closeQuote(text, start + 1) : nextComma(text, start);
    const v0 = quoted ? start + 1 : start;
    const label = m[1]!;
    if (!emit && label === 'host') out.host = text.slice(v0, end);
    else if (emit && label === 'request') request(out, v0, end);
    else if (emit && label === 'upstream') out.absolute(text.slice(v0, end), v0, 'upstream', quoted ? 'quote' : 'none');
    else if (emit && label === 'referrer') out.absolute(text.slice(v0, end), v0, 'referer', quoted ? 'quote' : 'none');
    LABEL.lastIndex = Math.max(end, start);
  }
}

function closeQuote(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === DQUOTE) return i;
  }
  return text.length;
}

function nextComma(text: string, i: number): number {
  const j = text.indexOf(', ', i);
  return j === -1 ? text.length : j;
}
