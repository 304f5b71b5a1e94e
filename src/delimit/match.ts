// The Found record as emitted. A log holds thousands of URIs per MiB and
// extract() keeps every one, so the record is small: six own fields (uri,
// the position, the delimiter and the source), the URI as found, and one
// slot for the rest, which stays empty in the common case (reference = raw
// = uri, no repair, no alternates). Everything else is a getter:
// `components` and `warnings` are computed on first access. toJSON()
// returns a plain object with every field. `uri` is the caller's to
// overwrite (with its normal form, say); the getters go on describing the
// URI as it was found.

import type { UriComponents } from '../uri/components.js';
import { inspectComponents } from '../uri/inspect.js';
import { parse } from '../uri/parse.js';
import type { Source } from '../formats/source.js';
import type { Delimiter, Found, FoundJSON } from './types.js';

/** Shared by every Found without alternates or warnings; frozen, so it stays empty. */
export const NONE: readonly string[] = Object.freeze([]);

/** The fields a Found has only when they differ from the common case, and the lazy ones. */
interface Extra {
  reference: string;
  raw: string;
  repaired: boolean;
  alternates: readonly string[];
  components: UriComponents | undefined;
  warnings: readonly string[] | undefined;
}

export class FoundRecord implements Found {
  uri: string;
  offset = 0;
  line = 0;
  column = 0;
  delimiter: Delimiter;
  /** Where an input format found it (mail message and part, HTML attribute, log field); undefined in text mode. */
  source: Source | undefined = undefined;
  /** `uri` as found, which the getters read in the common case. */
  readonly #found: string;
  #extra: Extra | undefined;

  constructor(
    uri: string, reference: string, raw: string, components: UriComponents | undefined,
    delimiter: Delimiter, repaired: boolean, alternates: readonly string[],
  ) {
    this.uri = uri;
    this.#found = uri;
    this.delimiter = delimiter;
    const common = reference === uri && raw === uri && !repaired && alternates === NONE && components === undefined;
    this.#extra = common ? undefined : { reference, raw, repaired, alternates, components, warnings: undefined };
  }

  /** The reference as delimited, after repair. */
  get reference(): string {
    return this.#extra?.reference ?? this.#found;
  }

  /** The exact source text (without delimiters). */
  get raw(): string {
    return this.#extra?.raw ?? this.#found;
  }

  /** Length of `raw`, in UTF-16 code units. */
  get length(): number {
    return this.raw.length;
  }

  get repaired(): boolean {
    return this.#extra?.repaired ?? false;
  }

  get alternates(): readonly string[] {
    return this.#extra?.alternates ?? NONE;
  }

  /** The parse of `uri` as found (RFC 3986 §3). */
  get components(): UriComponents {
    const extra = this.#more();
    return (extra.components ??= parse(this.#found)!);
  }

  /** RFC 3986 §7 warnings for `uri` as found (see `inspect`). */
  get warnings(): readonly string[] {
    const extra = this.#more();
    if (extra.warnings === undefined) {
      const w = inspectComponents(this.components, this.#found);
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

  /** The extra slot, made when a lazy field is first asked for. */
  #more(): Extra {
    return (this.#extra ??= {
      reference: this.#found, raw: this.#found, repaired: false, alternates: NONE, components: undefined, warnings: undefined,
    });
  }
}
