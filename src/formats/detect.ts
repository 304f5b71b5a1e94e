// mode 'auto': the format of an input from its first bytes (and, in the
// CLI, its file name). An mbox "From " line or an RFC 5322 header block is
// mail; "<!doctype html" or "<html" is HTML; a first line shaped as an
// access log (Common/Combined Log Format), an nginx or Apache error log,
// syslog, W3C or Squid, or one JSON object (JSON lines: an app's or a
// proxy's log, a journal entry as `journalctl -o json` writes it) is a log;
// an XML document whose root is <rss>, Atom's <feed> or <rdf:RDF> is a feed;
// a WARC's version line ("WARC/1.0") starts a web archive; a "{" or "["
// whose head is all JSON (a document printed over lines, not one JSON
// object per line) is JSON; everything else is text.

import { framedAt, isJsonObject } from './log/jsonl.js';
import { kubectlLines } from './log/cri.js';
import { SYSLOG_STAMP } from './log/syslog.js';
import { isFromLine } from './mail/from-line.js';
import { bomHead, mayGrowIntoBom } from './bom-head.js';
import { feedStart, htmlStart, type Verdict } from './detect-markup.js';
import { jsonDocument } from './json/detect.js';

/** What 'auto' resolves to. */
export type DetectedMode = 'text' | 'mail' | 'html' | 'log' | 'feed' | 'markdown' | 'warc' | 'json';

/** Bytes 'auto' looks at before it decides. */
export const DETECT_BYTES = 1024;

/**
 * Header fields that open a message as mail software writes it: a
 * delivery or trace field, or an origination field (RFC 5322 §3.6).
 */
const MAIL_FIELDS = new Set([
  'return-path', 'received', 'delivered-to', 'envelope-to', 'x-original-to', 'from', 'to', 'cc', 'date',
  'subject', 'message-id', 'mime-version', 'reply-to', 'sender', 'dkim-signature', 'arc-seal',
  'authentication-results', 'x-mozilla-status', 'x-gmail-labels', 'x-apple-mail-remote-attachments',
  'thread-topic', 'x-received', 'x-google-smtp-source', 'received-spf', 'content-type', 'user-agent',
]);

/** A rule's answer on a head that is not all there: yes, no, or not yet (more bytes could change it). */

/** The mode a file name announces, or undefined. */
export function modeOfName(name: string): DetectedMode | undefined {
  const ext = /\.([a-z0-9]+)(?:\.gz)?$/i.exec(name)?.[1]?.toLowerCase();
  switch (ext) {
    case 'eml': case 'emlx': case 'mbox': case 'mbx': return 'mail';
    case 'html': case 'htm': case 'xhtml': return 'html';
    case 'rss': case 'atom': case 'opml': return 'feed';
    case 'warc': return 'warc';
    case 'json': case 'jsonc': case 'har': case 'jsonld': case 'geojson': case 'ipynb': case 'webmanifest': return 'json';
    default: return undefined;
  }
}

/** The mode of an input whose first bytes (up to DETECT_BYTES, as latin1 text) are `head`. */
export function detectMode(head: string): DetectedMode {
  return decide(head, true) ?? 'text'; // with the whole head every rule answers yes or no
}

/**
 * The mode of an input whose first bytes so far are `head`, once no more
 * bytes could change what detectMode says of the first DETECT_BYTES: as
 * soon as a rule has its answer, whatever the chunking. Undefined: not yet.
 * `ended`: the head is all there (its DETECT_BYTES bytes are in, as text in
 * a charset such as UTF-16 they are fewer characters).
 */
export function decideEarly(head: string, ended = head.length >= DETECT_BYTES): DetectedMode | undefined {
  return decide(head, ended);
}

/** The first rule that says yes, in order; undefined while one before it may still. `ended`: the head is all there. */
function decide(head: string, ended: boolean): DetectedMode | undefined {
  if (!ended && mayGrowIntoBom(head)) return undefined; // a BOM's first bytes
  const text = (bomHead(head) ?? head.replace(/^\ufeff|^\xef\xbb\xbf/, '')).replace(LEADING_BLANK_LINES, ''); // an export's leading newline
  for (const [rule, mode] of RULES) {
    const v = rule(text, ended);
    if (v !== false) return v === undefined ? undefined : mode;
  }
  return 'text';
}

/** Whole lines of blanks at the top (spaces, tabs, a CR): no rule looks at them. */
const LEADING_BLANK_LINES = /^(?:[ \t\r]*\n)+/;

/**
 * The rules, in order. Each answers yes, no, or (on a head not all there)
 * not yet: more bytes could change its answer.
 */
const RULES: Array<[(text: string, ended: boolean) => Verdict, DetectedMode]> = [
  [warcStart, 'warc'],
  [fromLine, 'mail'],
  [(t, ended) => either(headerBlock(t, ended), emlx(t, ended)), 'mail'],
  [htmlStart, 'html'],
  [feedStart, 'feed'],
  [(t, ended) => (LOG_LINE.test(t) ? true : ended || t.includes('\n') ? false : undefined), 'log'], // its first line
  [(t, ended) => kubectlLines(t, ended, (rest) => LOG_LINE.test(rest) || jsonLine(rest, ended) === true), 'log'], // once the rule above has the first line
  [prettyJournal, 'log'],
  [jsonLine, 'log'],
  [jsonDocument, 'json'],
];

/** Yes when either says yes; not yet when either may still. */
const either = (a: Verdict, b: Verdict): Verdict => (a === true || b === true ? true : a === undefined || b === undefined ? undefined : false);

/**
 * A first line only a log starts with: a CLF line ("host ident user
 * [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\"", a vhost before it
 * allowed), an S3 server access line (the owner's 64 hex digits, the
 * bucket, the bracketed time), an ELB or ALB access line (its type for an
 * ALB, an ISO time, the balancer, client, target, three times and two
 * statuses), Envoy's default access line ("[2024-03-11T10:00:01.123Z]
 * \"GET /x HTTP/1.1\" 200 …"), an nginx error line, an Apache error line,
 * RFC 5424 syslog, RFC 3164 syslog ("<34>Oct 11 22:14:15 host …", or as
 * /var/log keeps it, "Mar  5 10:00:01 host sshd[42]: …", also with
 * rsyslog's ISO timestamp and journalctl's, and a <PRI> before an ISO one
 * as Fastly streams it, "<134>2024-03-11T10:00:01Z cache-lhr7321 svc[1]: …",
 * or the "-- Logs begin at …" line journalctl starts with), a
 * journal entry as `journalctl -o export` ("__CURSOR=s=…;i=…;") or `-o
 * verbose` ("Mon 2024-03-11 10:00:01.123456 UTC [s=…;i=…;") starts it, a
 * Kubernetes container log line (CRI: "2024-03-11T10:00:01.123456789Z stdout F …"), a
 * Heroku line as `heroku logs` and a drain write it ("2024-03-11T10:00:01.123456+00:00
 * heroku[router]: at=info …", "… app[web.1]: …"), a
 * W3C extended log's directive (IIS, CloudFront: "#Software: …",
 * "#Version: 1.0"), Squid's native access line, or logfmt as Go's slog,
 * logrus and Grafana's tools write it ("time=… level=info msg=…",
 * "level=info ts=… caller=…"), Python's logging (its asctime,
 * "2024-05-01 12:00:00,123 ", as Java's log4j and logback write theirs too;
 * a date and time, then a level: "2024-05-01 12:00:00 INFO …"; its default
 * format, "INFO:name:…") or `docker logs -t` (its RFC 3339 time in UTC
 * with nine digits of fraction: "2024-05-01T12:00:00.123456789Z …"; fewer,
 * and words after, may be prose unless kubectlLines knows them). A syslog line with its
 * <PRI> may come in an octet-counted frame (RFC 6587 §3.4.1: "83 <40>1 …",
 * as a Heroku HTTPS drain posts it).
 */
const LOG_LINE = new RegExp([
  String.raw`^(?:\S+ )?\S+ \S+ \S+ \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "`,
  String.raw`^[0-9a-f]{64} \S+ \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] `,
  String.raw`^(?:(?:https?|h2|grpcs?|wss?) )?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z \S+ \S+ \S+ -?[\d.]+ -?[\d.]+ -?[\d.]+ (?:\d{3}|-) (?:\d{3}|-) `,
  String.raw`^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[(?:debug|info|notice|warn|error|crit|alert|emerg)\] \d+#\d+: `,
  String.raw`^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d+)? \d{4}\] \[[\w:]+\] `,
  String.raw`^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:?\d\d)\] "(?:[A-Z]{3,10} \S|- - -")`,
  String.raw`^(?:[1-9]\d{0,8} )?<\d{1,3}>1 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d`,
  String.raw`^(?:[1-9]\d{0,8} )?<\d{1,3}>[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d `,
  String.raw`^(?:<\d{1,3}>)?(?:${SYSLOG_STAMP}) [\w.-]+ [\w.\/@-]+(?:\[\d+\])?: `,
  String.raw`^-- (?:Logs begin|Journal begins) at [A-Z][a-z]{2} \d{4}-\d\d-\d\d `,
  String.raw`^(?:${SYSLOG_STAMP}) \[s=[0-9a-f]{32};i=[0-9a-f]+;`,
  String.raw`^__CURSOR=s=[0-9a-f]{32};i=[0-9a-f]+;`,
  String.raw`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d) std(?:out|err) [FP][: ]`,
  String.raw`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d) (?:heroku|app)\[[\w.-]{1,48}\]: `,
  String.raw`^#(?:Software|Version|Fields|Date|Start-Date|Remark): `,
  String.raw`^\d{9,10}\.\d{3} +\d+ \S+ [A-Z_]+\/\d{3} `,
  String.raw`^(?:(?:time|ts|timestamp)=\S+ )?(?:level|lvl)=[A-Za-z]+ [A-Za-z_][\w.]*=`,
  String.raw`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}[ \t]`,
  String.raw`^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? +(?:- +)?\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|CRITICAL|FATAL)\]? `,
  String.raw`^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[^\s:]+:`,
  String.raw`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z `,
].join('|'));

/** A JSON object's first key and its colon (a first line longer than the head is known by them). */
const JSON_FIRST_KEY = /^\{[ \t]*"(?:[^"\\\n]|\\.)*"[ \t]*:/;

/**
 * A first line that is one JSON object (JSON lines, NDJSON: an app's or a
 * proxy's log, `journalctl -o json`, Docker's json-file), also after the
 * framing of `-o json-seq` (RFC 7464: a RS) or `-o json-sse` ("data: "):
 * known once the line has ended, or by its first key on a head all there.
 * A "{" alone on its line opens a document printed over lines: none.
 */
function jsonLine(text: string, ended: boolean): Verdict {
  const at = framedAt(text);
  const nl = text.indexOf('\n');
  const rest = text.slice(at, nl === -1 ? text.length : nl);
  if (!JSON_OBJECT_START.test(rest)) {
    const coming = !ended && nl === -1 && (/^(?:\{[ \t]*)?$/.test(rest) || (at === 0 && 'data:'.startsWith(text)));
    return coming ? undefined : false;
  }
  if (nl === -1) return ended ? JSON_FIRST_KEY.test(rest) : undefined;
  return isJsonObject(rest);
}

/** The start of `journalctl -o json-pretty`: "{" alone, then the entry's cursor, indented. */
const PRETTY_JOURNAL = /^\{\r?\n[ \t]+"__CURSOR" : "/;
const CURSOR_KEY = '"__CURSOR" : "';

/** A first line "{" alone, then a journal entry's cursor (journalctl -o json-pretty): known once the cursor's key is in (or cannot be). */
function prettyJournal(text: string, ended: boolean): Verdict {
  if (PRETTY_JOURNAL.test(text)) return true;
  if (ended) return false;
  const m = /^\{\r?\n([ \t]*)/.exec(text);
  if (m === null) return /^(?:\{\r?)?$/.test(text) ? undefined : false;
  const rest = text.slice(m[0].length);
  return (rest === '' || (m[1] !== '' && CURSOR_KEY.startsWith(rest))) ? undefined : false;
}

/** "{", blanks, and the first key's quote. */
const JSON_OBJECT_START = /^\{[ \t]*"/;

/** A WARC's version line (ISO 28500 §4: "WARC/1.0", "WARC/1.1"): known by its first 7 bytes. */
function warcStart(text: string): Verdict {
  return text.startsWith('WARC/1.') ? true : 'WARC/1.'.startsWith(text) && text.length < 7 ? undefined : false;
}

/** An mbox "From " line: known once the line has ended. */
function fromLine(text: string, ended: boolean): Verdict {
  if (!text.startsWith('From ')) return !ended && 'From '.startsWith(text) ? undefined : false;
  if (!ended && !text.includes('\n')) return undefined;
  return isFromLine(text.slice(0, text.search(/\r?\n|$/)), true);
}

/** An .emlx's length line, then a header block. */
function emlx(text: string, ended: boolean): Verdict {
  const length = /^\d{1,12}[ \t]*\r?\n/.exec(text);
  if (length === null) return !ended && /^\d{1,12}[ \t]*\r?$/.test(text) ? undefined : false;
  return headerBlock(text.slice(length[0].length), ended);
}

/**
 * Does the text open with RFC 5322 header fields (name ":" value), the first
 * one a mail field, or an X- field (X-GM-THRID, X-Account-Key,
 * X-Spam-Checker-Version: what mail software writes first) with a mail field
 * among the fields after it? A second field (or the folded continuation of
 * the first) must follow, unless the head ends first.
 */
function headerBlock(text: string, ended: boolean): Verdict {
  const first = /^([!-9;-~]+):/.exec(text);
  if (first === null) return !ended && /^[!-9;-~]*$/.test(text) ? undefined : false; // a field name still coming
  const name = first[1]!.toLowerCase();
  const mail = MAIL_FIELDS.has(name) ? true : name.startsWith('x-') ? mailField(text, ended) : false;
  if (mail !== true) return mail;
  const nl = text.indexOf('\n');
  if (nl === -1) return ended ? text.length < DETECT_BYTES : undefined;
  if (nl + 1 === text.length) return ended ? true : undefined;
  const rest = text.slice(nl + 1);
  if (/^(?:[ \t]|[!-9;-~]+:|\r?\n)/.test(rest)) return true;
  return !ended && /^(?:[!-9;-~]*|\r)$/.test(rest) ? undefined : false;
}

/** Is a mail field among the header fields at the top of `text` (up to its first blank line)? Only its whole lines count until the head has ended. */
function mailField(text: string, ended: boolean): Verdict {
  const end = ended ? text.length : text.lastIndexOf('\n');
  if (end === -1) return undefined;
  const v = mailFieldIn(text.slice(0, end).split('\n'));
  return ended ? v === true : v;
}

/** A mail field among these lines before a blank one: yes, no (a blank line came first), or undefined (the lines ran out). */
function mailFieldIn(lines: string[]): Verdict {
  for (const line of lines) {
    if (line === '' || line === '\r') return false; // the blank line that ends the block
    const name = /^([!-9;-~]+):/.exec(line)?.[1];
    if (name !== undefined && MAIL_FIELDS.has(name.toLowerCase())) return true;
  }
  return undefined;
}
