// <script type="application/ld+json">: data, not code (JSON-LD 1.1 §7.1:
// a JSON-LD script element). Its body is read as JSON with the log format's
// reader: the values of keys whose values are URLs (@id, url, image, logo,
// sameAs, …) are URLs resolved against the document's base, as schema.org's
// context makes them IRIs; its other strings are scanned as text for
// absolute URIs. A body that is no JSON is scanned as text.

import type { FoundRecord } from '../../delimit/match.js';
import type { Position } from '../positions.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import { configWith, type FormatContext } from '../types.js';
import { jsonStrings } from '../log/jsonl.js';
import { joined, rawAt, type Keyed } from '../log/values.js';
import { makeFound, type TagContext } from './tag.js';
import { AttrValue } from './value.js';
import { SPACE } from '../../uri/codes.js';

/** What a JSON-LD script's Founds need from the sink. */
export interface ScriptContext extends TagContext {
  /** The Source of a URI in the value at key path `field`. */
  jsonSource(field: string): Source;
  /** The Source of a URI in a body that is no JSON, scanned as text. */
  sourceOf(html: string): Source;
}

/** The default longest script read, as the maxLineLength option's (the longest JSON a log line may hold). */
const DEFAULT_LIMIT = 1 << 20;

/**
 * Keys (in lower case) whose string values are URLs: "@id" (JSON-LD §3.3,
 * a node's IRI) and the schema.org properties whose values are URLs that
 * pages give most (Google's structured data: a logo, a breadcrumb's item).
 */
const URL_KEYS: ReadonlySet<string> = new Set([
  '@id', 'url', 'image', 'logo', 'sameas', 'contenturl', 'embedurl', 'thumbnailurl', 'mainentityofpage', 'item',
  'downloadurl', 'installurl', 'discussionurl', 'coderepository', 'hasmap', 'urltemplate',
]);

/** Is `type` (a <script>'s type attribute) JSON-LD's media type, in any case, with parameters or not? */
export function isJsonLd(type: string): boolean {
  const semicolon = type.indexOf(';');
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase() === 'application/ld+json';
}

/** The body of a JSON-LD script as the tokenizer gives it, in pieces, kept with its file positions (see AttrValue) up to maxLineLength. */
export const scriptBody = (ctx: FormatContext): AttrValue => new AttrValue(ctx.maxLineLength ?? DEFAULT_LIMIT);

/** The Founds of a JSON-LD script's body, in order; with a 'script-too-long' warning when it was too long to keep. */
export function scriptFounds(t: ScriptContext, body: AttrValue): FoundRecord[] {
  const found: FoundRecord[] = [];
  if (body.tooLong) {
    const line = body.position(0, t, { line: 0, column: 0, offset: 0 }).line;
    t.ctx.warn({ code: 'script-too-long', line, message: `an application/ld+json script longer than ${t.ctx.maxLineLength ?? DEFAULT_LIMIT} characters was not read` });
    return found;
  }
  const values = jsonStrings(body.text);
  const ctx = local(t.ctx, found);
  if (values === undefined) {
    scanText(t, ctx, body);
    return found;
  }
  for (const v of values) {
    if (isKeyword(v)) continue;
    if (URL_KEYS.has(v.key)) urlValue(t, body, v, found);
    else if (v.pieces.some((p) => p.text.includes(':'))) scanValue(t, ctx, body, v); // an absolute URI has a scheme
  }
  return found;
}

/** A value of a JSON-LD keyword that names no resource of the page: @context (a vocabulary), @type, @language, … (not @id, not a literal's @value). */
const isKeyword = (v: Keyed): boolean => (v.key.charCodeAt(0) === 0x40 && v.key !== '@id' && v.key !== '@value') || v.field.includes('@context');

/** The value of a URL key: stripped as a URL parser strips it, resolved against the base (a blank node's "_:b0" names nothing). */
function urlValue(t: ScriptContext, body: AttrValue, v: Keyed, found: FoundRecord[]): void {
  const value = joined(v.pieces);
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= SPACE) start++;
  while (end > start && value.charCodeAt(end - 1) <= SPACE) end--;
  const url = value.slice(start, end).replace(/[\t\n\r]/g, '');
  if (url === '' || url.length > t.ctx.config.maxLength || (v.key === '@id' && url.startsWith('_:'))) return;
  const uri = t.target(url);
  if (uri === undefined) return;
  found.push(makeFound(t.ctx, url, uri, body.position(rawAt(v, start), t, SCRATCH), 'quote', t.jsonSource(v.field)));
}

const SCRATCH: Position = { line: 0, column: 0, offset: 0 };

/** A context whose Founds go to `found`, with no base: a word of the data ("Product", "/images") is no link. */
function local(ctx: FormatContext, found: FoundRecord[]): FormatContext {
  return Object.create(ctx, { config: { value: configWith(ctx.config, undefined, ctx.config.lines) }, out: { value: found, writable: true } }) as FormatContext;
}

/** Another string value, scanned as text on its own (`ctx`: see local), each decoded piece at its place. */
function scanValue(t: ScriptContext, ctx: FormatContext, body: AttrValue, v: Keyed): void {
  const seg = new Segment(ctx, t.jsonSource(v.field));
  for (const p of v.pieces) {
    const at = body.position(p.at, t, SCRATCH);
    seg.mark(at.line, at.column, at.offset);
    seg.write(p.text);
  }
  seg.end();
}

/** A body that is no JSON (a trailing comma, an HTML comment around it), scanned as text: each line marked at its first character that is no blank. */
function scanText(t: ScriptContext, ctx: FormatContext, body: AttrValue): void {
  const text = body.text;
  const seg = new Segment(ctx, t.sourceOf('ld+json'));
  for (let from = 0; from < text.length;) {
    let start = from;
    while (start < text.length && text.charCodeAt(start) <= SPACE) start++;
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl + 1;
    seg.write(text.slice(from, start));
    if (start < end) {
      const at = body.position(start, t, SCRATCH);
      seg.mark(at.line, at.column, at.offset);
      seg.write(text.slice(start, end));
    }
    from = end;
  }
  seg.end();
}
