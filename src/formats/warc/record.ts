// What a record's block is read as, by its WARC-Type and Content-Type
// (WARC 1.1 §6): a response's HTTP message, a resource's or conversion's
// document, a metadata record's outlinks; the other types are skipped, and
// so are the records of a crawler's own files (a metadata: target).

import { compileBase } from '../../delimit/options.js';
import type { Position } from '../positions.js';
import { Body } from './body.js';
import { Document, kindOf, type RecordInfo } from './document.js';
import { mediaTypeOf } from './fields.js';
import { HttpBlock } from './http.js';
import { MetadataBlock } from './metadata.js';
import type { Payloads } from './payloads.js';

/** What reads the block of one record. */
export interface BlockSink {
  write(bytes: Uint8Array): void;
  /** The block ended; `complete`: it had all its Content-Length bytes (else the input ended first). */
  end(complete: boolean): void;
}

/** The RecordInfo of record `number`, from its header fields (lower-case names). */
export function recordInfo(number: number, fields: ReadonlyMap<string, string>): RecordInfo {
  const target = fields.get('warc-target-uri')?.replace(/^<(.*)>$/, '$1').trim(); // WARC 1.0's grammar put it in angle brackets
  let base;
  try {
    base = target === undefined || target === '' ? undefined : compileBase(target);
  } catch {
    base = undefined; // no absolute URI (a dns: target is one): the records's links resolve against the base option
  }
  return { number, type: (fields.get('warc-type') ?? '').toLowerCase(), target: target === '' ? undefined : target, base };
}

/** The reader of a record's block, which starts at `at`; undefined: the block is skipped. */
export function openBlock(payloads: Payloads, record: RecordInfo, fields: ReadonlyMap<string, string>, at: Position): BlockSink | undefined {
  const ctx = payloads.parent;
  if (record.target !== undefined && /^metadata:/i.test(record.target)) return undefined; // wget's own files (its log, arguments, manifest): the crawl's, not a page's
  const media = mediaTypeOf(fields.get('content-type'));
  switch (record.type) {
    case 'response':
    case 'revisit':
      if (media.type === 'application/http') {
        if (media.msgtype !== undefined && media.msgtype !== 'response') return undefined;
        return new HttpBlock(payloads, record, at, record.type === 'response', fields.get('warc-identified-payload-type'));
      }
      return record.type === 'response' ? documentBlock(payloads, record, fields, at) : undefined;
    case 'resource':
    case 'conversion':
      return documentBlock(payloads, record, fields, at);
    case 'metadata':
      return media.type === 'application/warc-fields' ? new MetadataBlock(ctx, record, at) : undefined;
    default:
      return undefined; // warcinfo, request, continuation, and types no standard names
  }
}

/** A block that is the document itself, of the record's Content-Type. */
function documentBlock(payloads: Payloads, record: RecordInfo, fields: ReadonlyMap<string, string>, at: Position): BlockSink | undefined {
  const media = mediaTypeOf(fields.get('content-type'));
  const kind = kindOf(media.type);
  if (kind === undefined) return undefined;
  return new Body(payloads.parent, new Document(payloads, record, media, kind, at, true), record, at.line, false, 'identity');
}
