// The reader for an input: options checked once, then the mode's format.

import { UrisiftOptionError } from '../delimit/errors.js';
import { TargetMemo } from '../delimit/memo.js';
import { EXTRACT_KEYS, checkInteger, compileOptions, describe } from '../delimit/options.js';
import type { ExtractOptions, Mode } from '../delimit/types.js';
import { checkCharset } from '../stream/decode.js';
import { AutoReader } from './auto.js';
import type { DetectedMode } from './detect.js';
import type { HtmlReader } from './html/reader.js';
import { LogReader } from './log/reader.js';
import type { MailReader } from './mail/reader.js';
import { TextReader } from './text.js';
import type { FormatContext, FormatReader, FormatWarning } from './types.js';
import { requireOwn } from '../modules.js';

export const MODES: readonly Mode[] = ['text', 'mail', 'html', 'log', 'auto'];

/** Check every option up front; throws TypeError or RangeError with a stable `code`. */
export function checkOptions(options: ExtractOptions | undefined): void {
  makeContext(options, true);
}

/** The compiled options every reader of one input shares. */
export function makeContext(options: ExtractOptions | undefined, detach: boolean): FormatContext {
  const compiled = compileOptions(options, EXTRACT_KEYS);
  const lines = compiled.lines;
  const config = lines ? compiled : { ...compiled, lines: true };
  const charset = checkCharset(options?.charset);
  const { mode = 'text', headers = true, onWarning, maxLineLength } = options ?? {};
  if (typeof mode !== 'string') throw new TypeError(`mode must be a string, not ${describe(mode)}`);
  if (!MODES.includes(mode)) {
    throw new UrisiftOptionError('invalid-mode', `mode must be one of ${MODES.join(', ')}, not ${mode}`);
  }
  if (typeof headers !== 'boolean') throw new TypeError(`headers must be a boolean, not ${describe(headers)}`);
  if (onWarning !== undefined && typeof onWarning !== 'function') throw new TypeError(`onWarning must be a function, not ${describe(onWarning)}`);
  if (maxLineLength !== undefined) checkInteger('maxLineLength', maxLineLength, 256, Infinity, 'invalid-max-line-length');
  const warn = onWarning === undefined ? ignore : (w: FormatWarning) => onWarning(w);
  const ctx: FormatContext = { config, memo: new TargetMemo(config.memo), detach, charset, lines, headers, out: [], warn };
  return maxLineLength === undefined ? ctx : { ...ctx, maxLineLength };
}

function ignore(): void {}

/** The reader of `mode` ('auto' decides on the first bytes). */
export function createReader(mode: Mode, ctx: FormatContext): FormatReader {
  return mode === 'auto' ? new AutoReader((m) => readerFor(m, ctx)) : readerFor(mode, ctx);
}

function readerFor(mode: DetectedMode, ctx: FormatContext): FormatReader {
  switch (mode) {
    case 'text': return new TextReader(ctx);
    case 'mail': return new (formats().MailReader)(ctx);
    case 'html': return new (formats().HtmlReader)(ctx);
    case 'log': return new LogReader(ctx);
  }
}

/**
 * The mail and HTML readers, loaded on first use: their libraries
 * (htmlparser2 and its entity tables, libmime) take longer to load than a
 * small file takes to scan, and text mode never needs them. require() of an
 * ES module is synchronous on Node 20.19+ (no top-level await in these).
 */
let loaded: { MailReader: typeof MailReader; HtmlReader: typeof HtmlReader } | undefined;

function formats(): NonNullable<typeof loaded> {
  if (loaded === undefined) {
    const { MailReader } = requireOwn('./formats/mail/reader.js') as typeof import('./mail/reader.js');
    const { HtmlReader } = requireOwn('./formats/html/reader.js') as typeof import('./html/reader.js');
    loaded = { MailReader, HtmlReader };
  }
  return loaded;
}
