// The HTML format's test helpers: a reader's context, a read cut at given places, and what no chunking may change.
import { TargetMemo } from '../../src/delimit/memo.js';
import { compileOptions } from '../../src/delimit/options.js';
import type { Found, ScanOptions } from '../../src/delimit/types.js';
import { HtmlReader } from '../../src/formats/html/reader.js';
import type { FormatContext, FormatWarning } from '../../src/formats/types.js';
import { writeInPieces } from './collect.js';

/** The context of an HTML reader; `charset` is the charset option (default 'auto'). */
export function context(options: ScanOptions & { charset?: string } = {}, warnings: FormatWarning[] = []): FormatContext {
  const { charset = 'auto', ...scan } = options;
  const config = compileOptions(scan);
  return {
    config, targetBase: config.base, memo: new TargetMemo(config.memo), detach: true, lines: true, charset, headers: true, out: [],
    warn: (w) => warnings.push(w),
  };
}

/** Read `input` cut at `cuts` (sorted); the Founds and the warning codes. */
export function read(input: Uint8Array | string, cuts: readonly number[], options?: ScanOptions & { charset?: string }): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const found = writeInPieces(new HtmlReader(context(options, warnings)), input, cuts);
  return [found, warnings.map((w) => w.code)];
}

/** What no chunking may change. */
export function key([found, warnings]: [Found[], string[]]): string[] {
  return found.map((f) => `${f.uri} ${f.reference} @${f.offset} ${f.line}:${f.column} ${f.delimiter} ${JSON.stringify(f.source)}`)
    .concat(warnings);
}
