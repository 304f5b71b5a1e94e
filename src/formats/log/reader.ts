// Log mode: web server access logs (Common / Combined Log Format, as
// written by Apache and nginx), one request per line:
//   host ident user [date] "METHOD target HTTP/x" status bytes "referer" "agent"
// The request target is resolved against the base (RFC 3986 §5.2); the
// referer is taken only when it is already an absolute URI. Lines are
// independent; a line longer than LINE_LIMIT is skipped with a warning.

import { Match, NONE } from '../delimit/match.js';
import type { Found } from '../delimit/types.js';
import { Decoder } from '../stream/decode.js';
import { parse } from '../uri/parse.js';
import { recompose } from '../uri/recompose.js';
import { transformReferences } from '../uri/resolve.js';
import type { FormatContext, FormatReader } from './types.js';

/** The longest line read, in UTF-16 code units; longer ones are skipped. */
export const LINE_LIMIT = 1 << 20;

export class LogReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #decoder: Decoder;
  /** The start of the current line, while it waits for its end. */
  #pieces: string[] = [];
  #pending = 0;
  #skipping = false;
  #line = 0;
  #offset = 0;
  #unresolved = 0;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#decoder = new Decoder(ctx.charset);
  }

  write(chunk: Uint8Array | string): Found[] {
    const text = typeof chunk === 'string' ? (this.#decoder.decided ? '' : this.#decoder.flush()) + chunk : this.#decoder.write(chunk);
    return this.#lines(text, false);
  }

  end(): Found[] {
    const found = this.#lines(this.#decoder.end(), true);
    if (this.#unresolved > 0) {
      this.#ctx.warn({ code: 'unresolved-targets', message: `${this.#unresolved} relative request target(s) left out: give a base`, count: this.#unresolved });
    }
    return found;
  }

  #lines(text: string, final: boolean): Found[] {
    const out: Found[] = [];
    let pos = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', pos)) {
      this.#take(text.slice(pos, nl), out);
      pos = nl + 1;
    }
    const rest = text.slice(pos);
    if (final) {
      if (rest.length > 0 || this.#pending > 0) this.#take(rest, out);
    } else if (rest.length > 0) {
      this.#hold(rest);
    }
    return out;
  }

  /** Keep the start of an unfinished line, unless it is already over the limit. */
  #hold(piece: string): void {
    if (this.#skipping) return;
    this.#pending += piece.length;
    if (this.#pending > LINE_LIMIT) {
      this.#skipping = true;
      this.#pieces = [];
      return;
    }
    this.#pieces.push(piece);
  }

  /** One whole line (the held start and `tail`, without its "\n"). */
  #take(tail: string, out: Found[]): void {
    this.#line++;
    const length = this.#pending + tail.length;
    const start = this.#offset;
    this.#offset += length + 1;
    const skipped = this.#skipping || length > LINE_LIMIT;
    const line = skipped ? '' : this.#pieces.length === 0 ? tail : this.#pieces.join('') + tail;
    this.#pieces = [];
    this.#pending = 0;
    this.#skipping = false;
    if (skipped) {
      this.#ctx.warn({ code: 'line-too-long', message: `line ${this.#line} is longer than ${LINE_LIMIT} characters: skipped`, line: this.#line });
      return;
    }
    this.#scanLine(line.endsWith('\r') ? line.slice(0, -1) : line, start, out);
  }

  #scanLine(line: string, start: number, out: Found[]): void {
    const request = quoted(line, 0);
    if (request === undefined) return;
    const [method = '', target = ''] = request.value.split(' ');
    if (target !== '' && target !== '*' && method.toUpperCase() !== 'CONNECT') {
      const uri = this.#resolve(target);
      if (uri !== undefined) out.push(this.#found(uri, target, start, request.start + method.length + 1, 'request'));
      else if (this.#ctx.config.base === undefined) this.#unresolved++;
    }
    const status = /^\s+\d{3}\s+\S+\s+/.exec(line.slice(request.end));
    const referer = status === null ? undefined : quoted(line, request.end + status[0].length);
    if (referer !== undefined && referer.value !== '-' && parse(referer.value)?.scheme !== undefined) {
      out.push(this.#found(referer.value, referer.value, start, referer.start, 'referer'));
    }
  }

  /** The target resolved against the base, or itself when absolute (RFC 3986 §5.2.2). */
  #resolve(target: string): string | undefined {
    const ref = parse(target);
    if (ref === undefined) return undefined;
    const base = this.#ctx.config.base;
    if (base === undefined) return ref.scheme !== undefined ? target : undefined;
    return recompose(transformReferences(base, ref));
  }

  #found(uri: string, reference: string, lineStart: number, index: number, field: 'request' | 'referer'): Match {
    const m = new Match(uri, reference, reference, undefined, 'quote', false, NONE);
    m.offset = lineStart + index;
    m.line = this.#line;
    m.column = index + 1;
    m.source = { log: field };
    return m;
  }
}

/** The next `"…"` field from `from`, honouring nginx's `\"` escapes. */
function quoted(line: string, from: number): { value: string; start: number; end: number } | undefined {
  const open = line.indexOf('"', from);
  if (open < 0) return undefined;
  let close = open + 1;
  for (; close < line.length; close++) {
    const c = line.charCodeAt(close);
    if (c === 0x5c) close++;
    else if (c === 0x22) break;
  }
  if (close >= line.length) return undefined;
  return { value: line.slice(open + 1, close), start: open + 1, end: close + 1 };
}
