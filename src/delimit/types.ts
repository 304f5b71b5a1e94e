// What the extraction engine emits and the options it takes.
import type { FormatWarning } from '../formats/types.js';
import type { Source } from '../formats/source.js';
import type { UriComponents } from '../uri/components.js';
import type { InspectWarning } from '../uri/inspect.js';

/** Which Appendix C delimiter surrounded the candidate. */
export type Delimiter = 'angle' | 'quote' | 'none';

/** Every field of a Found, as a plain object: what `found.toJSON()` and `JSON.stringify(found)` give. */
export interface FoundJSON {
  /** The resolved, absolute target (RFC 3986 §5.2), IRIs mapped with toUri. */
  uri: string;
  /** The reference as delimited, after whitespace/quote-prefix/hyphen repair. */
  reference: string;
  /** The exact source text of the candidate (without its delimiters). */
  raw: string;
  /** The parse of `uri`. */
  components: UriComponents;
  /** UTF-16 code units of decoded text from the start of the stream. */
  offset: number;
  length: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  delimiter: Delimiter;
  repaired: boolean;
  /** Other readings (the hyphen at a line break read the other way). */
  alternates: readonly string[];
  /** Codes from `inspect` (RFC 3986 §7). */
  warnings: readonly InspectWarning[];
  /** Where an input format found it (see Source); absent in text mode. */
  source?: Source | undefined;
}

/**
 * One URI found in the text. `uri`, `offset`, `line`, `column`, `delimiter`
 * and `source` are own fields (`uri` may be overwritten); the others are
 * read-only getters, which describe the URI as it was found.
 */
export interface Found extends FoundJSON {
  readonly reference: string;
  readonly raw: string;
  readonly components: UriComponents;
  readonly length: number;
  readonly repaired: boolean;
  readonly alternates: readonly string[];
  readonly warnings: readonly InspectWarning[];
  /** A plain object with every field, for object spread, structuredClone and postMessage. */
  toJSON(): FoundJSON;
}

/** Options for the scanner and every adapter over it. */
export interface ScanOptions {
  /** Base URI for relative references (§5.1). Default: none. */
  base?: string | undefined;
  /** Which reading of a hyphen at a line break is primary. Default 'keep'. */
  hyphen?: 'keep' | 'drop' | undefined;
  /**
   * Schemes that start a URI, bare or delimited. A list: only those; a list
   * whose entries all start with '+' or '-' edits the default set instead.
   * Default: any scheme followed by `//`, or a registered IANA scheme.
   */
  schemes?: readonly string[] | undefined;
  /** Longest candidate, in UTF-16 code units. Default 8192. */
  maxLength?: number | undefined;
  /**
   * How many URIs found lately are remembered, so that a repeat is taken
   * without being parsed again (logs and mail repeat their URIs). Each holds
   * at most 128 characters; 0 turns the memo off. Default 8192. The output
   * is the same whatever the value.
   */
  memo?: number | undefined;
  /**
   * Count lines for each Found's `line` and `column`. false leaves both at 0
   * and saves the count (a tenth of the time on text with short lines) when
   * only the URIs and their offsets are wanted. Default true.
   */
  lines?: boolean | undefined;
}

/** How the input is read before it is scanned. */
export type Mode = 'text' | 'mail' | 'html' | 'log' | 'feed' | 'markdown' | 'warc' | 'json' | 'auto';

/** Options for the byte-level adapters. */
export interface ExtractOptions extends ScanOptions {
  /**
   * The URI the input was retrieved from (RFC 3986 §5.1.3), such as a file's
   * file: URL: the base of its own relative references in place of `base`.
   * A log's request targets are paths on the server the log is of, never
   * next to the log: they keep `base` (none: they are left out, as without one).
   */
  documentBase?: string | undefined;
  /**
   * Any iconv-lite encoding, or 'auto' (BOM, then UTF-8, then windows-1252).
   * In mail, HTML and feeds, the charset of text that names none.
   */
  charset?: string | undefined;
  /**
   * The input format: 'text' (default), 'mail' (mbox or one message, MIME),
   * 'html', 'log', 'feed' (RSS or Atom), 'markdown' (CommonMark), 'warc'
   * (a web archive), 'json' (a JSON document), or 'auto' (chosen from the
   * first bytes; see docs).
   */
  mode?: Mode | undefined;
  /** Mail: scan header fields (List-*, Archived-At, Subject, …). Default true. */
  headers?: boolean | undefined;
  /**
   * Log: the longest line read by its shape, in UTF-16 code units (at least
   * 256). A longer line is scanned as text as it streams (only absolute URIs,
   * in bounded memory) and reported with a 'line-too-long' warning.
   * HTML: the longest JSON-LD script read; a longer one is not read, with a
   * 'script-too-long' warning. Markdown: the longest block (between blank
   * lines) parsed; a longer one is scanned as text, with a 'block-too-long'
   * warning. Default 1048576 (1 MiB).
   */
  maxLineLength?: number | undefined;
  /**
   * Mail: the most bytes of one header block kept, each kept field counting
   * 64 more (at least 1024). The rest of a longer block is dropped, with a
   * 'header-too-long' warning; its body is still read. Default 1048576 (1 MiB).
   */
  maxHeaderBytes?: number | undefined;
  /**
   * Mail: the deepest MIME nesting read (multiparts and forwarded messages,
   * 1 to 1024). Deeper parts are skipped, with a 'too-deep' warning. Default 32.
   */
  maxMimeDepth?: number | undefined;
  /**
   * WARC: the most bytes of one record's payload read, after its chunked
   * transfer coding and gzip or deflate content coding are undone (at least
   * 1024). The rest is not read, with a 'body-too-long' warning. Default
   * 67108864 (64 MiB).
   */
  maxBodyBytes?: number | undefined;
  /**
   * JSON: the deepest nesting of objects and arrays read as JSON (1 to
   * 1048576). Past it the rest of the input is scanned as text, with a
   * 'too-deep' warning. Default 1024.
   */
  maxJsonDepth?: number | undefined;
  /** Called for what an input format could not read as it should (an unknown charset, …). */
  onWarning?: ((warning: FormatWarning) => void) | undefined;
}
