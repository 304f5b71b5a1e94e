// The links an HTTP header block gives (Location, Content-Location, Link),
// and a metadata record's outlinks: each a URI reference, resolved against
// the record's WARC-Target-URI.

import { takeLink } from '../link.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { recordSource, type RecordInfo } from './document.js';

/** The header fields read for links (lower case), and their label in `source.http`. */
export const LINK_FIELDS: ReadonlySet<string> = new Set(['location', 'content-location', 'link']);

export class RecordLinks {
  readonly ctx: FormatContext;
  readonly #record: RecordInfo;
  readonly #sources = new Map<string, Source>();
  /** Relative references left out for want of a base; references longer than maxLength. */
  unresolved = 0;
  tooLong = 0;

  constructor(ctx: FormatContext, record: RecordInfo) {
    this.ctx = ctx;
    this.#record = record;
  }

  /** The links of header field `name` (lower case, one of LINK_FIELDS), whose value starts at `at`. */
  field(name: string, value: string, at: Position): void {
    if (name !== 'link') return this.take(value, at, { http: name });
    for (const [ref, k] of linkTargets(value)) this.take(ref, { line: at.line, column: at.column + k, offset: at.offset + k }, { http: name });
  }

  /** The Found of reference `ref`, which stands at `at`, labelled with `label` besides the record. */
  take(ref: string, at: Position, label: { http: string } | { field: string }): void {
    takeLink(this.ctx, this, ref, at, this.#record.base ?? this.ctx.config.base, undefined, 'none', this.#source(label));
  }

  #source(label: { http: string } | { field: string }): Source {
    const key = 'http' in label ? `h${label.http}` : `f${label.field}`;
    let s = this.#sources.get(key);
    if (s === undefined) this.#sources.set(key, (s = recordSource(this.#record, label)));
    return s;
  }

  /** Warn of what was left out. */
  end(line: number): void {
    const n = this.#record.number;
    if (this.unresolved > 0) this.ctx.warn({ code: 'unresolved-links', message: `record ${n}: ${this.unresolved} relative link(s) left out: no WARC-Target-URI and no base`, line, count: this.unresolved });
    if (this.tooLong > 0) this.ctx.warn({ code: 'uri-too-long', message: `record ${n}: ${this.tooLong} link(s) longer than maxLength (${this.ctx.config.maxLength}) skipped`, line, count: this.tooLong });
  }
}

/**
 * The targets of a Link value (RFC 8288 §3: `<URI-Reference>` then
 * parameters, link-values separated by commas) and where each starts in it.
 * A comma inside a quoted parameter separates nothing.
 */
export function linkTargets(value: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  let i = 0;
  while (i < value.length) {
    while (value[i] === ' ' || value[i] === '\t' || value[i] === ',') i++;
    if (value[i] !== '<') break;
    const close = value.indexOf('>', i + 1);
    if (close === -1) break;
    const ref = value.slice(i + 1, close);
    const lead = ref.length - ref.trimStart().length;
    out.push([ref.trim(), i + 1 + lead]);
    i = afterParameters(value, close + 1);
  }
  return out;
}

/** Where the parameters from `i` end: after the comma that ends the link-value (quoted strings skipped), or at the end. */
function afterParameters(value: string, i: number): number {
  let quoted = false;
  for (; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) return i + 1;
  }
  return i;
}
