// The From_ line that starts a message of an mbox. Shared by the mbox
// splitter and by mode 'auto', which must agree on it: a file whose first
// line only looks like one ("From the XZ Utils README:") is no mbox.

/**
 * A date as From_ lines write it: a weekday or month name, or a time and a
 * year. Lazy `.*?`: only whether one is there matters (test()), and the
 * weekday is near the start of the rest, which greedy `.*` reaches last.
 */
const DATE = String.raw`(?:.*?\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|.*?\b\d{1,2}:\d\d\b.*?\b(?:19|20)\d\d\b)`;
const WEEKDAY = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const MONTH = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** A date that starts right away, as asctime ("Mon Mar  4 09:00:00 2024") or RFC 5322 ("Mon, 4 Mar 2024") write it. */
const DATE_NOW = String.raw`(?:${WEEKDAY}),?\s+(?:(?:${MONTH})\s+\d{1,2}|\d{1,2}\s+(?:${MONTH}))\b`;
/** An address's local part: a dot-atom, or a quoted string that may hold blanks (`"bob smith"@example.org`, as Postfix writes it). */
const LOCAL = String.raw`(?:"[^"]*"|[^\s@]*)`;
/** A sender that is no address: a local user ("root"), or pipermail's "user at example.com"; not a clock time. */
const USER = String.raw`(?!\d{1,2}:\d\d\b)[^\s@]+(?: at \S+)?`;
/**
 * After a blank line (or at the top): `From -`, `From MAILER-DAEMON`, an
 * address alone (no date), an address and a date, or a user right before a
 * date. A body line such as "From here on, see http://…:3000/", "From the Sun
 * newspaper: …" or "From 09:00 to 17:00 UTC on 4 June 2024" is none of these.
 */
const FROM_AFTER_BLANK = new RegExp(String.raw`^From (?:-(?:\s|$)|MAILER-DAEMON\b|${LOCAL}@\S*\s*$|${LOCAL}@\S+\s+${DATE}|${USER}\s+${DATE_NOW})`);
/**
 * Elsewhere (archives that write no blank line before it), only `From -`, or
 * an address-like sender followed by a date.
 */
const FROM_ANYWHERE = new RegExp(String.raw`^From (?:-(?:\s|$)|(?:${LOCAL}@\S+|MAILER-DAEMON)\s+${DATE})`);

/** Is `line` (one line, latin1, no line end) a From_ line: after a blank line (or at the top), or anywhere? */
export function isFromLine(line: string, afterBlank: boolean): boolean {
  return afterBlank ? FROM_AFTER_BLANK.test(line) : FROM_ANYWHERE.test(line);
}
