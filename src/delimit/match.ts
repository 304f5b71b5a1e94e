// The Found record as emitted. A log holds thousands of URIs per MiB and
// extract() keeps every one, so the record is small: six own fields (uri,
// the position, the delimiter and the source) and one private slot, which
// holds the URI as found in the common case (reference = raw = uri, no
// repair, no alternates) and an object with the rest otherwise. Everything
// else is a getter:
// `components` and `warnings` are computed on first access. toJSON()
// returns a plain object with every field. `uri` is the caller's to
// overwrite (with its normal form, say); the getters go on describing the
// URI as it was found.

import type { UriComponents } from '../uri/components.js';
import { inspectComponents, type InspectWarning } from '../uri/inspect.js';
import { parse } from '../uri/parse.js';
import type { Source } from '../formats/source.js';
import type { Delimiter, Found, FoundJSON } from './types.js';

/** Shared by every Found without alternates or warnings; frozen, so it stays empty. */
export const NONE: readonly never[] = Object.freeze([]);

/** The fields a Found has only when they differ from the common case, and the lazy ones. */
interface Extra {
  /** `uri` as found. */
  readonly found: string;
  reference: string;
  raw: string;
  repaired: boolean;
  alternates: readonly string[];
  components: UriComponents | undefined;
  warnings: readonly InspectWarning[] | undefined;
}

export class FoundRecord implements Found {
  uri: string;
  offset = 0;
  line = 0;
  column = 0;
  delimiter: Delimiter;
  /** Where an input format found it (mail message and part, HTML attribute, log field); undefined in text mode. */
  source: Source | undefined = undefined;
  /**
   * `uri` as found, which the getters read in the common case; else the
   * Extra that holds it. One slot, and no private method (which would add a
   * brand to every instance): extract() keeps each record, and the young
   * generation's collector copies every byte of it.
   */
  #found: string | Extra;

  constructor(
    uri: string, reference: string, raw: string, components: UriComponents | undefined,
    delimiter: Delimiter, repaired: boolean, alternates: readonly string[],
  ) {
    this.uri = uri;
    this.delimiter = delimiter;
    const common = reference === uri && raw === uri && !repaired && alternates === NONE && components === undefined;
    this.#found = common ? uri : { found: uri, reference, raw, repaired, alternates, components, warnings: undefined };
  }

  /** The reference as delimited, after repair. */
  get reference(): string {
    const f = this.#found;
    return typeof f === 'string' ? f : f.reference;
  }

  /** The exact source text (without delimiters). */
  get raw(): string {
    const f = this.#found;
    return typeof f === 'string' ? f : f.raw;
  }

  /** Length of `raw`, in UTF-16 code units. */
  get length(): number {
    return this.raw.length;
  }

  get repaired(): boolean {
    const f = this.#found;
    return typeof f === 'string' ? false : f.repaired;
  }

  get alternates(): readonly string[] {
    const f = this.#found;
    return typeof f === 'string' ? NONE : f.alternates;
  }

  /** The parse of `uri` as found (RFC 3986 §3). */
  get components(): UriComponents {
    let f = this.#found;
    if (typeof f === 'string') this.#found = f = extraFor(f);
    return (f.components ??= parse(f.found)!);
  }

  /** RFC 3986 §7 warnings for `uri` as found (see `inspect`). */
  get warnings(): readonly InspectWarning[] {
    const components = this.components; // the Extra is made
    const extra = this.#found as Extra;
    if (extra.warnings === undefined) {
      const w = inspectComponents(components, extra.found);
      extra.warnings = w.length === 0 ? NONE : w;
    }
    return extra.warnings;
  }

  /** A plain object with every field, for JSON, object spread, structuredClone and postMessage. */
  toJSON(): FoundJSON {
    const json: FoundJSON = {
      uri: this.uri, reference: this.reference, raw: this.raw, components: this.components,
      offset: this.offset, length: this.length, line: this.line, column: this.column,
      delimiter: this.delimiter, repaired: this.repaired, alternates: this.alternates, warnings: this.warnings,
    };
    const source = this.source;
    if (source !== undefined) json.source = source;
    return json;
  }
}

/** The Extra of a record found in the common case, made when a lazy field is first asked for. */
function extraFor(found: string): Extra {
  return { found, reference: found, raw: found, repaired: false, alternates: NONE, components: undefined, warnings: undefined };
}

// V8 keeps a shape (map) only while some object of it is alive. extract()
// hands every record to its caller, and when none is alive at a full GC
// the code optimized for records (the constructor, buildFound,
// HeldText#place) is thrown away ("weak objects" under --trace-deopt) and
// optimized again in the next pass. This record, kept for the module's
// life, keeps the shape: every record gets the same fields in the same order.
const kept: FoundRecord[] = [];

/** Keep a record (a function's variable: a module's own top-level one is freed once the module has run). */
function keepShape(): void {
  kept.push(new FoundRecord('', '', '', undefined, 'none', false, NONE));
}

keepShape();
