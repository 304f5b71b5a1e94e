// The contracts of the input-formats layer, between decoding and the scanner.

import type { TargetMemo } from '../delimit/memo.js';
import type { ScanConfig } from '../delimit/options.js';
import type { UriComponents } from '../uri/components.js';
import type { Found } from '../delimit/types.js';
import type { HtmlScratch } from './html/scratch.js';
import type { MarkLender } from './mail/mark-list.js';

/** Every input format: bytes or text in, the URIs now complete out. */
export interface FormatReader {
  write(chunk: Uint8Array | string): Found[];
  end(): Found[];
}

/** What a FormatWarning's `code` may be (docs/formats.md says what each means). */
export type FormatWarningCode =
  | 'unknown-charset' | 'header-too-long' | 'too-deep' | 'no-boundary' | 'uri-list-blank'
  | 'attribute-too-long' | 'script-too-long' | 'head-too-long' | 'unresolved-links' | 'uri-too-long'
  | 'unresolved-targets' | 'invalid-targets' | 'line-too-long' | 'lone-cr-line-ends' | 'wide-text-no-bom'
  | 'block-too-long' | 'invalid-json'
  | 'record-truncated' | 'record-resync' | 'body-too-long' | 'body-unreadable';

/** Something a format could not read as it should, reported without stopping. */
export interface FormatWarning {
  /** Stable: 'unknown-charset', 'header-too-long', 'line-too-long', 'too-deep', … */
  code: FormatWarningCode;
  message: string;
  /** 1-based line of the input it concerns, when known. */
  line?: number;
  /** How many times it happened, for a warning given once for many ('unresolved-targets'). */
  count?: number;
}

/** What every reader of one input shares: the compiled options, the memo and the output. */
export interface FormatContext {
  /** The compiled options; `config.base` is the document's base (the `documentBase` option, else `base`). */
  readonly config: ScanConfig;
  /** Log: the base of request targets, the `base` option alone (a request target is relative to its server, not to the log). */
  readonly targetBase: UriComponents | undefined;
  readonly memo: TargetMemo;
  /** Copy each Found's strings out of the scanned text (see Scanner). */
  readonly detach: boolean;
  /** The `charset` option: used for text that does not name its own ('auto' included). */
  readonly charset: string;
  /**
   * The `lines` option. `config` always counts lines, as a format maps its
   * positions through them; text mode's scanner skips the count when this is
   * false, and the Extractor zeroes every other mode's line and column.
   */
  readonly lines: boolean;
  /** The `headers` option (mail). */
  readonly headers: boolean;
  /** The `maxLineLength` option (log; HTML's JSON-LD scripts; Markdown's blocks), when given. */
  readonly maxLineLength?: number | undefined;
  /** The `maxHeaderBytes` and `maxMimeDepth` options (mail), when given. */
  readonly maxHeaderBytes?: number | undefined;
  readonly maxMimeDepth?: number | undefined;
  /** The `maxBodyBytes` option (WARC), when given. */
  readonly maxBodyBytes?: number | undefined;
  /** The `maxJsonDepth` option (JSON), when given. */
  readonly maxJsonDepth?: number | undefined;
  /** Found objects are pushed here; the reader's write()/end() hands them out. */
  out: Found[];
  warn(warning: FormatWarning): void;
  /** The HTML sinks' buffers, made by the first one (see HtmlScratch). */
  html?: HtmlScratch | undefined;
  /** Mail: the marks list of a part's TextBatch, made by the first one (see MarkLender). */
  marks?: MarkLender | undefined;
  /** Mail: the input is text already (a string, or a file with a UTF-16 BOM), so a part's unencoded bytes are its UTF-8, whatever its charset says. */
  decoded?: boolean | undefined;
}

// Contexts and configs are made by the two functions below, never by a
// spread: V8 gives every object they make one shape (map), whatever fields
// were left undefined. A spread's result takes a shape of its own, and
// another once its call site has gathered feedback (about the 14th
// extract() of a process), and every function optimized for the first
// shape is then thrown away and optimized again.

/** `c` as a FormatContext of the one shape. */
export function formatContext(c: FormatContext): FormatContext {
  return {
    config: c.config, targetBase: c.targetBase, memo: c.memo, detach: c.detach, charset: c.charset, lines: c.lines, headers: c.headers,
    maxLineLength: c.maxLineLength, maxHeaderBytes: c.maxHeaderBytes, maxMimeDepth: c.maxMimeDepth, maxBodyBytes: c.maxBodyBytes, maxJsonDepth: c.maxJsonDepth, out: c.out, warn: c.warn, html: c.html, marks: c.marks, decoded: c.decoded,
  };
}

/** `config` with its base and line count as given, a ScanConfig of the one shape. */
export function configWith(config: ScanConfig, base: UriComponents | undefined, lines: boolean): ScanConfig {
  return { base, hyphen: config.hyphen, policy: config.policy, maxLength: config.maxLength, memo: config.memo, lines };
}

/**
 * Decoded text with its file positions: a format's decoder writes into a
 * sink (a Segment for text, an HTML reader for text/html parts).
 */
export interface TextSink {
  /** The next character written stands at this place in the input. */
  mark(line: number, column: number, offset: number): void;
  write(text: string): void;
  /** The text has ended: flush what is held. */
  end(): void;
  /** The text is decoded from a charset that is no Unicode one: IRIs in it are NFC-normalized (Scanner#fromLegacyCharset). */
  fromLegacyCharset?(): void;
}

/** Warn of `n` bare URIs skipped for being longer than maxLength ('uri-too-long', with the count), if any. */
export function warnTooLong(ctx: FormatContext, n: number): void {
  if (n > 0) ctx.warn({ code: 'uri-too-long', message: `${n} URI(s) longer than maxLength (${ctx.config.maxLength}) skipped`, count: n });
}

/**
 * ctx with `base` as its config's base. It reads everything else (out
 * included, which each write replaces) from ctx.
 */
export function withBase(ctx: FormatContext, base: UriComponents | undefined): FormatContext {
  if (ctx.config.base === base) return ctx;
  return Object.create(ctx, { config: { value: configWith(ctx.config, base, ctx.config.lines) } }) as FormatContext;
}
