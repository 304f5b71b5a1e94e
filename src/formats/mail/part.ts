// One scanned leaf part: transfer decoding → charset → flowed / RFC 5545 unfolding / uri-list lines → a Segment (or HtmlSink for text/html).

import type { UriComponents } from '../../uri/components.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import { TextBatch } from './batch.js';
import { BodyRun } from './body-run.js';
import { CharsetStage } from './charset.js';
import { FlowedSink } from './flowed.js';
import { UnfoldSink } from './unfold.js';
import { UriListSink } from './uri-list.js';
import { htmlSink, sniffHtml } from './html.js';
import { MarkLender } from './mark-list.js';
import { isIdentity, transferDecoder, type TransferDecoder } from './transfer.js';

/**
 * Media types whose text is scanned besides text/*: delivery and disposition reports (RFC 3464, RFC 8098, RFC 6533),
 * and abuse feedback reports (RFC 5965 §3.1: Reported-URI fields).
 */
const SCANNED_MESSAGE = new Set([
  'message/delivery-status', 'message/disposition-notification',
  'message/global-delivery-status', 'message/global-disposition-notification', 'message/feedback-report',
]);

/** Line-folded text formats (RFC 5545 iCalendar, RFC 6350 vCard and its older names). */
const FOLDED = new Set(['text/calendar', 'text/vcard', 'text/x-vcard', 'text/directory', 'text/x-vcalendar']);

/** Is a leaf part of this (lower-case) media type scanned? Everything else is skipped as it streams. */
export function isScanned(type: string): boolean {
  return type.startsWith('text/') || SCANNED_MESSAGE.has(type);
}

export interface PartInfo {
  type: string;
  /** Content-Type parameters (lower-case names). */
  params: Readonly<Record<string, string>>;
  /** Lower-case Content-Transfer-Encoding. */
  encoding: string;
  /** null: the `base` option. */
  base: UriComponents | undefined | null;
  source: Source;
  /** The body's first line, for warnings. */
  line: number;
}

/** The pipeline of one part; fed its body lines. */
export function openPart(ctx: FormatContext, info: PartInfo): TransferDecoder {
  const html = info.type === 'text/html';
  const label = info.params.charset?.trim() === '' ? undefined : info.params.charset;
  const sink: TextSink = html ? htmlSink(ctx, info.source, info.base, label?.trim()) : new Segment(ctx, info.source, info.base);
  const batch = new TextBatch(sink, (ctx.marks ??= new MarkLender()));
  let text: TextSink = batch;
  let flowed: FlowedSink | undefined;
  if (info.type === 'text/plain' && info.params.format?.trim().toLowerCase() === 'flowed') {
    text = flowed = new FlowedSink(batch, info.params.delsp?.trim().toLowerCase() === 'yes');
  } else if (FOLDED.has(info.type)) {
    text = new UnfoldSink(batch);
  } else if (info.type === 'text/uri-list') {
    const where = `the text/uri-list part ${info.source.part ?? ''}`;
    text = new UriListSink(batch, ctx.config.maxLength, (n) => ctx.warn({ code: 'uri-list-blank', message: `${n} line(s) of ${where} with a blank inside skipped: no URI`, line: info.line, count: n }));
  }
  // Decoded bytes of runs of lines (quoted-printable, base64) go to the batch at once (not through flowed or folded text: those reshape each line).
  const runBatch = text === batch ? batch : undefined;
  const decoded = ctx.decoded === true && isIdentity(info.encoding); // its bytes are the UTF-8 of text already decoded
  const charset = new CharsetStage(ctx, text, {
    label: decoded ? 'utf-8' : label, sniff: html && !decoded ? sniffHtml : undefined, remark: info.encoding === 'base64', line: info.line, part: info.source.part ?? '', batch: runBatch,
    legacy: () => sink.fromLegacyCharset?.(),
  });
  // Runs of whole lines skip the line path where it would only pass them on (not for folded text: every line may join the last).
  const runs = isIdentity(info.encoding) && batch.takesRuns && (text === batch || flowed !== undefined) ? new BodyRun(charset, batch, flowed) : undefined;
  return transferDecoder(info.encoding, charset, text !== batch || charset.byLines, runs, runBatch === undefined ? undefined : charset);
}
