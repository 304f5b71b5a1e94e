// The host (and the scheme) an access line names for its request in fields of its own format: S3's Host header and cipher suite.

import { BARE, BRACKET, type Fields, isDash, QUOTED } from './fields.js';
import { isVhostName } from './vhost.js';

/** What requestHost found; one object, reused for every line. */
export interface RequestHost {
  /** The host the client sent its request to, as the line writes it. */
  host: string | undefined;
  /** The scheme it was sent over, when the line says ('http' or 'https'). */
  scheme: string | undefined;
}

const found: RequestHost = { host: undefined, scheme: undefined };

/**
 * The host an access line, read into f with its request line the field r,
 * names for that request in a field of its own format: an S3 server access
 * line's Host header (and the scheme its cipher suite tells). Undefined for
 * any other line.
 */
export function requestHost(text: string, f: Fields, r: number): RequestHost | undefined {
  return r >= 8 && s3(text, f, r) ? found : undefined;
}

/** S3's operations: "REST.GET.OBJECT", "WEBSITE.GET.OBJECT", "BATCH.DELETE.OBJECT", "S3.EXPIRE.OBJECT", "SOAP.…". */
const S3_OPERATION = /^(?:REST|SOAP|WEBSITE|BATCH|S3)\./;

/**
 * An S3 server access line: bucket owner, bucket, [time], remote IP,
 * requester, request id, operation, key, "request", status, error code,
 * bytes sent, object size, total time, turn-around time, "referer", "user
 * agent", version id, host id, signature version, cipher suite ("-" for
 * HTTP), authentication type, Host header, TLS version and more. Sets the
 * host and the scheme when the Host header is a host name.
 */
function s3(text: string, f: Fields, r: number): boolean {
  const h = r + 14;
  if (r < 8 || h >= f.n || f.kind[r - 6] !== BRACKET || f.kind[r + 8] !== QUOTED || f.kind[h] !== BARE) return false;
  const op = f.start[r - 2]!;
  if (!S3_OPERATION.test(text.slice(op, Math.min(op + 8, f.end[r - 2]!)))) return false;
  if (!isVhostName(text, f.start[h]!, f.end[h]!)) return false;
  found.host = text.slice(f.start[h], f.end[h]);
  found.scheme = isDash(text, f.start[r + 12]!, f.end[r + 12]!) ? 'http' : 'https';
  return true;
}
