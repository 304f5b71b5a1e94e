// Mail mode's reader fed in chosen chunks, for the mail-format tests.
import { TargetMemo } from '../../src/delimit/memo.js';
import { compileOptions } from '../../src/delimit/options.js';
import type { ExtractOptions, Found } from '../../src/delimit/types.js';
import { MailReader } from '../../src/formats/mail/reader.js';
import type { FormatContext, FormatWarning } from '../../src/formats/types.js';

export function context(options: ExtractOptions = {}, warnings: FormatWarning[] = []): FormatContext {
  const { charset = 'auto', headers = true, ...scan } = options;
  const config = compileOptions(scan);
  return {
    config, targetBase: config.base, memo: new TargetMemo(config.memo), detach: true, lines: true, charset, headers, out: [],
    warn: (w) => warnings.push(w),
  };
}

/** Read `bytes` in the given chunks; the Founds and the warnings. */
export function read(bytes: Uint8Array | string, options?: ExtractOptions, cuts: number[] = []): { found: Found[]; warnings: FormatWarning[] } {
  const warnings: FormatWarning[] = [];
  const reader = new MailReader(context(options, warnings));
  const found: Found[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= at) continue;
    found.push(...reader.write(bytes.slice(at, cut)));
    at = cut;
  }
  found.push(...reader.end());
  return { found, warnings };
}

/** What the output is compared on, in chunking tests. */
export const shape = (r: { found: Found[]; warnings: FormatWarning[] }): string =>
  JSON.stringify([r.found.map((f) => [f.uri, f.offset, f.line, f.column, f.source]), r.warnings]);

/** A message of these lines, LF-ended. */
export const message = (...lines: string[]): Buffer => Buffer.from(lines.join('\n') + '\n');
