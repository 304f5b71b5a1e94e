// The Found record as emitted: plain data fields, with `components` and
// `warnings` computed on first access (most consumers read only `uri` and
// the position), so a busy log costs one small object per URI.

import type { UriComponents } from '../uri/components.js';
import { inspectComponents } from '../uri/inspect.js';
import { parse } from '../uri/parse.js';
import type { Delimiter, Found } from './types.js';

/** Shared by every Found without alternates or warnings; frozen, so it stays empty. */
export const NONE: readonly string[] = Object.freeze([]);

export class Match implements Found {
  uri: string;
  reference: string;
  raw: string;
  offset = 0;
  length: number;
  line = 0;
  column = 0;
  delimiter: Delimiter;
  repaired: boolean;
  alternates: readonly string[];
  #components: UriComponents | undefined;
  #warnings: readonly string[] | undefined;

  constructor(
    uri: string, reference: string, raw: string, components: UriComponents | undefined,
    delimiter: Delimiter, repaired: boolean, alternates: readonly string[],
  ) {
    this.uri = uri;
    this.reference = reference;
    this.raw = raw;
    this.length = raw.length;
    this.delimiter = delimiter;
    this.repaired = repaired;
    this.alternates = alternates;
    this.#components = components;
  }

  /** The parse of `uri` (RFC 3986 §3). */
  get components(): UriComponents {
    return (this.#components ??= parse(this.uri)!);
  }

  /** RFC 3986 §7 warnings for `uri` (see `inspect`). */
  get warnings(): readonly string[] {
    if (this.#warnings === undefined) {
      const w = inspectComponents(this.components, this.uri);
      this.#warnings = w.length === 0 ? NONE : w;
    }
    return this.#warnings;
  }

  /** A plain object with every field, for JSON, structuredClone and postMessage. */
  toJSON(): Found {
    return {
      uri: this.uri, reference: this.reference, raw: this.raw, components: this.components,
      offset: this.offset, length: this.length, line: this.line, column: this.column,
      delimiter: this.delimiter, repaired: this.repaired, alternates: this.alternates, warnings: this.warnings,
    };
  }
}
