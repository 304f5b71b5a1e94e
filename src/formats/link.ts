// A link a format reads from its markup (a feed's element or attribute, a
// Markdown destination or autolink, a WARC record's HTTP header field):
// resolved against the base in scope as html mode resolves an href
// (targetOf), and handed out as a Found where it is written. One that
// cannot be is counted for the format's warning: longer than maxLength
// (`uri-too-long`), or relative with no base to resolve it against
// (`unresolved-links`).

import { detach } from '../delimit/detach.js';
import type { Delimiter } from '../delimit/types.js';
import type { UriComponents } from '../uri/components.js';
import { findSchemeEnd } from '../uri/parse.js';
import { namesNothing, targetOf } from './html/attributes.js';
import { makeFound } from './html/tag.js';
import type { Position } from './positions.js';
import type { Source } from './source.js';
import { warnTooLong, type FormatContext } from './types.js';

/** What a format counts of the links it could not hand out. */
export interface LinkCounts {
  unresolved: number;
  tooLong: number;
}

/** The Found of link `url` at `at`, resolved against `base` (a query's non-ASCII encoded in `queryCharset`), pushed to ctx.out; else counted in `counts`. */
export function takeLink(
  ctx: FormatContext, counts: LinkCounts, url: string, at: Position, base: UriComponents | undefined,
  queryCharset: string | undefined, delimiter: Delimiter, source: Source,
): void {
  if (url.length === 0) return;
  if (url.length > ctx.config.maxLength) return void counts.tooLong++;
  const target = targetOf(url, base, ctx.config.policy, queryCharset);
  if (target === undefined) {
    if (base === undefined && findSchemeEnd(url) === -1 && !namesNothing(url)) counts.unresolved++;
    return;
  }
  ctx.out.push(makeFound(ctx, url, ctx.detach ? detach(target) : target, at, delimiter, source));
}

/** Warn of what a format could not hand out: its relative links with no base ('unresolved-links'), and `tooLong` URIs over maxLength ('uri-too-long'). */
export function warnLinkCounts(ctx: FormatContext, unresolved: number, tooLong: number): void {
  if (unresolved > 0) ctx.warn({ code: 'unresolved-links', message: `${unresolved} relative link(s) left out: no base to resolve them against`, count: unresolved });
  warnTooLong(ctx, tooLong);
}
