// mode 'auto': the format of an input from its first bytes (and, in the
// CLI, its file name). An mbox "From " line or an RFC 5322 header block is
// mail; "<!doctype html" or "<html" is HTML; a first line shaped as an
// access log (Common/Combined Log Format), an nginx or Apache error log or
// RFC 5424 syslog is a log; everything else is text.

import { isFromLine } from './mail/from-line.js';

/** What 'auto' resolves to. */
export type DetectedMode = 'text' | 'mail' | 'html' | 'log';

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

/** The mode a file name announces, or undefined. */
export function modeOfName(name: string): DetectedMode | undefined {
  const ext = /\.([a-z0-9]+)(?:\.gz)?$/i.exec(name)?.[1]?.toLowerCase();
  switch (ext) {
    case 'eml': case 'emlx': case 'mbox': case 'mbx': return 'mail';
    case 'html': case 'htm': case 'xhtml': return 'html';
    default: return undefined;
  }
}

/** The mode of an input whose first bytes (up to DETECT_BYTES, as latin1 text) are `head`. */
export function detectMode(head: string): DetectedMode {
  const text = utf16Head(head) ?? head.replace(/^\ufeff|^\xef\xbb\xbf/, '');
  if (text.startsWith('From ') && isFromLine(text.slice(0, text.search(/\r?\n|$/)), true)) return 'mail';
  if (isHeaderBlock(text) || isHeaderBlock(text.replace(/^\d{1,12}[ \t]*\r?\n/, ''))) return 'mail'; // an .emlx: its length first
  if (/^\s*(?:<!--[^]*?-->\s*|<\?xml[^>]*>\s*)*<(?:!doctype\s+html|html[\s>])/i.test(text)) return 'html';
  if (LOG_LINE.test(text)) return 'log';
  return 'text';
}

/**
 * A first line only a log starts with: a CLF line ("host ident user
 * [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\"", a vhost before it
 * allowed), an nginx error line, an Apache error line, or RFC 5424 syslog.
 */
const LOG_LINE = new RegExp([
  String.raw`^(?:\S+ )?\S+ \S+ \S+ \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "`,
  String.raw`^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[(?:debug|info|notice|warn|error|crit|alert|emerg)\] \d+#\d+: `,
  String.raw`^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d+)? \d{4}\] \[[\w:]+\] `,
  String.raw`^<\d{1,3}>1 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d`,
].join('|'));

/**
 * Does the text open with RFC 5322 header fields (name ":" value), the first
 * one a mail field, or an X- field (X-GM-THRID, X-Account-Key,
 * X-Spam-Checker-Version: what mail software writes first) with a mail field
 * among the fields after it?
 */
function isHeaderBlock(text: string): boolean {
  const first = /^([!-9;-~]+):[ \t]?/.exec(text);
  const name = first?.[1]?.toLowerCase();
  if (name === undefined || !(MAIL_FIELDS.has(name) || (name.startsWith('x-') && hasMailField(text)))) return false;
  // A second field (or the folded continuation of the first) must follow, unless the head ends first.
  const nl = text.indexOf('\n');
  if (nl === -1) return text.length < DETECT_BYTES;
  return /^(?:[ \t]|[!-9;-~]+:|\r?\n)/.test(text.slice(nl + 1)) || nl + 1 === text.length;
}

/** Is a mail field among the header fields at the top of `text` (up to its first blank line)? */
function hasMailField(text: string): boolean {
  for (const m of text.matchAll(/^([!-9;-~]+):|^\r?$/gm)) {
    if (m[1] === undefined) return false; // the blank line that ends the block
    if (MAIL_FIELDS.has(m[1].toLowerCase())) return true;
  }
  return false;
}

/** The text of a head (latin1) that starts with a UTF-16 BOM, decoded (its last odd byte dropped); undefined without one. */
function utf16Head(head: string): string | undefined {
  const le = head.startsWith('\xff\xfe');
  if (!le && !head.startsWith('\xfe\xff')) return undefined;
  const bytes = Buffer.from(head.slice(2, 2 + ((head.length - 2) & ~1)), 'latin1');
  if (!le) bytes.swap16();
  return bytes.toString('utf16le');
}

/** Enough of the input to decide: a full DETECT_BYTES, or two lines. */
export function canDecide(head: string): boolean {
  if (head.length >= DETECT_BYTES) return true;
  const text = head.trimStart();
  const nl = text.indexOf('\n');
  return nl !== -1 && text.indexOf('\n', nl + 1) !== -1 && !/^(?:<!--|<\?xml)/.test(text);
}
