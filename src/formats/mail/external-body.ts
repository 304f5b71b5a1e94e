// message/external-body (RFC 2046 §5.2.3): the URI its Content-Type parameters name for the body it stands for, found as a header field's.

import { BACKSLASH, DIGIT_0, DQUOTE, EQUALS, SEMICOLON, SPACE, STAR, TAB } from '../../uri/codes.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import type { Base } from './base.js';
import { uriValue } from './field-values.js';
import { unfold, type Field, type HeaderBlock } from './headers.js';

/** RFC 2046 §5.2.3.1–5.2.3.3: access-types that name a file by site, directory and name, and the scheme of its URI (RFC 1738 §3.2, RFC 3617). */
const SITE_SCHEMES = new Map([['anon-ftp', 'ftp'], ['ftp', 'ftp'], ['tftp', 'tftp']]);

/** A URI an external body is named by, and the parameter whose value's place it is reported at. */
interface Named {
  uri: string;
  param: string;
}

/** The URI `params` (a message/external-body's, lower-case names, RFC 2231 sections joined) name; undefined if none. */
export function externalUri(params: Readonly<Record<string, string>>): Named | undefined {
  const access = params['access-type']?.trim().toLowerCase();
  if (access === 'url') { // RFC 2017 §3: the URL parameter; blanks in its value (a long one folded) are no part of it
    const uri = uriValue(params.url);
    return uri === undefined ? undefined : { uri, param: 'url' };
  }
  const scheme = access === undefined ? undefined : SITE_SCHEMES.get(access);
  const site = params.site?.trim();
  const name = params.name?.trim();
  if (scheme === undefined || !site || !name || /[\s/@]/.test(site)) return undefined;
  // RFC 1738 §3.2.2: each directory name and the file name a path segment, percent-encoded
  const segments = (params.directory ?? '').split('/').filter((s) => s.trim() !== '').map((s) => encodeURIComponent(s.trim()));
  segments.push(encodeURIComponent(name));
  return { uri: `${scheme}://${site}/${segments.join('/')}`, param: 'site' };
}

/**
 * Report the URI a message/external-body names (see externalUri), written
 * as `<uri>` so that no character of it is taken for punctuation around
 * it, at the place of its parameter's value in the Content-Type field.
 */
export function scanExternalBody(ctx: FormatContext, headers: HeaderBlock, params: Readonly<Record<string, string>>, sourceOf: (field: Field) => Source, base: Base): void {
  const named = externalUri(params);
  const field = headers.fields.find((f) => f.key === 'content-type');
  if (named === undefined || field === undefined || field.lines.length === 0) return;
  const segment = new Segment(ctx, sourceOf(field), base);
  const at = Math.max(0, paramStart(unfold(field), named.param));
  segment.writeLines(`<${named.uri}>`, 0, markAt(field, at, 1), 5);
  segment.end();
}

/** A mark (see Segment.writeLines) putting index `index` of the text written at index `at` of the field's unfolded value. */
function markAt(field: Field, at: number, index: number): number[] {
  let start = 0;
  let k = 0;
  while (k + 1 < field.lines.length && at >= start + field.lines[k]!.text.length) start += field.lines[k++]!.text.length;
  const l = field.lines[k]!;
  return [index, 0, l.line, l.column + at - start, l.offset + at - start];
}

/**
 * Where the value of parameter `name` (or of its first RFC 2231 section:
 * `name*`, `name*0`, `name*0*`) starts in a Content-Type value, after its
 * opening quote or its charset and language; -1 if it has none.
 */
export function paramStart(raw: string, name: string): number {
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (quoted) {
      if (c === BACKSLASH) i++;
      else if (c === DQUOTE) quoted = false;
    } else if (c === DQUOTE) {
      quoted = true;
    } else if (c === SEMICOLON) {
      const at = valueAfter(raw, i + 1, name);
      if (at !== -1) return at;
    }
  }
  return -1;
}

/** After a ';' at raw[from…]: blanks, `name`, a section suffix, '=': where its value starts; -1 if it is another parameter. */
function valueAfter(raw: string, from: number, name: string): number {
  let i = skipBlanks(raw, from);
  if (raw.slice(i, i + name.length).toLowerCase() !== name) return -1;
  i += name.length;
  let extended = false; // RFC 2231 §4: charset'language' before the value
  if (raw.charCodeAt(i) === STAR) {
    i++;
    if (raw.charCodeAt(i) === DIGIT_0 && raw.charCodeAt(i + 1) === STAR) i += 2;
    else if (raw.charCodeAt(i) === DIGIT_0) i++;
    extended = raw.charCodeAt(i - 1) === STAR;
  }
  i = skipBlanks(raw, i);
  if (raw.charCodeAt(i) !== EQUALS) return -1;
  i = skipBlanks(raw, i + 1);
  if (raw.charCodeAt(i) === DQUOTE) return i + 1;
  if (!extended) return i;
  const end = raw.indexOf(';', i);
  const first = raw.indexOf("'", i);
  const second = first === -1 ? -1 : raw.indexOf("'", first + 1);
  return second !== -1 && (end === -1 || second < end) ? second + 1 : i;
}

function skipBlanks(raw: string, i: number): number {
  while (raw.charCodeAt(i) === SPACE || raw.charCodeAt(i) === TAB) i++;
  return i;
}
