// A host written as a placeholder's name: documentation spells the part
// the reader fills in in capitals ("https://SERVER/api",
// "http://YOUR_DOMAIN/x", "scp://HOSTNAME/.vimrc", "bq://PROJECT_ID/…"),
// one label with no dot. A real host is rarely written so: a DNS name in
// capitals has its dots ("http://WWW.W3.ORG/", "HTTP://EXAMPLE.COM/"),
// and "LOCALHOST" is localhost ("sqlserver://LOCALHOST:1433"); a lone
// capital is a drive letter ("file://C:/x"). A bucket of a cloud store
// whose names are lower case (S3, GCS, Alibaba OSS: 3 to 63 lower-case
// letters, digits, "-", "_", ".") holding a capital is a placeholder too
// ("s3://DOC-EXAMPLE-BUCKET/", "gs://bucketName/fileName").

import { AT, COLON, HASH, HYPHEN, LOWER_G, LOWER_O, LOWER_S, QUESTION, SLASH, UNDERSCORE, isDigit, isUpper } from './chars.js';

/** The schemes of stores whose bucket names hold no capital. */
const BUCKET_SCHEMES: ReadonlySet<string> = new Set(['s3', 's3a', 's3n', 'gs', 'gcs', 'oss']);

/**
 * Is `uri`'s host, its "://" at `slashes`, before a host, a placeholder's name:
 * one label of two or more capitals, digits, "_" and "-", starting with a
 * capital (not "LOCALHOST"), or a bucket name with a capital? Only a
 * host that starts with a capital, or one after a scheme as short as a
 * bucket's, is walked.
 */
export function namedHost(uri: string, slashes: number): boolean {
  const c = uri.charCodeAt(slashes + 3);
  if (isUpper(c)) return capitalsHost(uri, slashes);
  return (slashes === 2 || slashes === 3) && bucketHost(uri, slashes);
}

/** namedHost for a host, or userinfo, that starts with a capital. */
function capitalsHost(uri: string, slashes: number): boolean {
  return capitalsLabel(uri, hostStart(uri, slashes + 3)) || bucketHost(uri, slashes);
}

/** Is the scheme, up to the "://" at `slashes`, one of BUCKET_SCHEMES, its bucket holding a capital? */
function bucketHost(uri: string, slashes: number): boolean {
  return storeScheme(uri, slashes) && bucketCapital(uri, slashes + 3);
}

/** Is the scheme, up to the "://" at `slashes`, one of BUCKET_SCHEMES (a cloud store's: "s3", "gs", …)? */
export function storeScheme(uri: string, slashes: number): boolean {
  if (slashes !== 2 && slashes !== 3) return false;
  const c = uri.charCodeAt(0);
  return (c === LOWER_S || c === LOWER_G || c === LOWER_O) && BUCKET_SCHEMES.has(uri.slice(0, slashes));
}

/** Where the authority from `from` ends: its "/", "?", "#" or the URI's end (§3.2). */
export function authorityEnd(uri: string, from: number): number {
  let k = from;
  while (k < uri.length && uri.charCodeAt(k) !== SLASH && uri.charCodeAt(k) !== QUESTION && uri.charCodeAt(k) !== HASH) k++;
  return k;
}

/** Where the host starts: after the userinfo's "@" when the authority from `from` holds one (§3.2.1). */
function hostStart(uri: string, from: number): number {
  const at = uri.lastIndexOf('@', authorityEnd(uri, from) - 1);
  return at >= from ? at + 1 : from;
}

/** Is the host at `from`, up to the port, path, query, fragment or the end, one label of capitals (see namedHost)? */
function capitalsLabel(uri: string, from: number): boolean {
  if (!isUpper(uri.charCodeAt(from))) return false;
  let k = from + 1;
  for (; k < uri.length; k++) {
    const c = uri.charCodeAt(k);
    if (isUpper(c) || isDigit(c) || c === UNDERSCORE || c === HYPHEN) continue;
    if (c !== COLON && c !== SLASH && c !== QUESTION && c !== HASH) return false; // a dot, a lower-case letter, anything else
    break;
  }
  return k - from >= 2 && !(k - from === 9 && uri.slice(from, k) === 'LOCALHOST');
}

/** Does the bucket name at `from` hold a capital before its end? */
function bucketCapital(uri: string, from: number): boolean {
  for (let k = from; k < uri.length; k++) {
    const c = uri.charCodeAt(k);
    if (isUpper(c)) return true;
    if (c === SLASH || c === QUESTION || c === HASH || c === COLON || c === AT) return false;
  }
  return false;
}
