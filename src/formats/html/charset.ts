// The charset an HTML document declares in its first bytes: the WHATWG
// prescan for <meta charset> and <meta http-equiv="Content-Type" content>.

import { charsetName } from '../../stream/decode.js';
import { iso2022jpName } from '../../stream/iso2022.js';
import { xmlEncodingLabel } from '../../stream/xml-declaration.js';
import { APOSTROPHE, BANG, CASE_BIT, CR, DQUOTE, EQUALS, FF, GT, LF, LOWER_A, LOWER_X, LOWER_Z, LT, QUESTION, SLASH, SPACE, TAB, UPPER_A, UPPER_Z } from '../../uri/codes.js';

/** Bytes the prescan reads (WHATWG HTML §13.2.3.2). */
export const PRESCAN_BYTES = 1024;

const isSpace = (b: number | undefined): boolean => b === SPACE || b === TAB || b === LF || b === FF || b === CR;
const isLetter = (b: number | undefined): boolean => b !== undefined && ((b | CASE_BIT) >= LOWER_A && (b | CASE_BIT) <= LOWER_Z);
const lower = (b: number): number => (b >= UPPER_A && b <= UPPER_Z ? b | CASE_BIT : b);

/** Does `head` hold `word` (lower case ASCII) at i, in any case? */
function startsWith(head: Uint8Array, i: number, word: string): boolean {
  if (i + word.length > head.length) return false;
  for (let k = 0; k < word.length; k++) if (lower(head[i + k]!) !== word.charCodeAt(k)) return false;
  return true;
}

/** One attribute of a tag: its name and value (latin1, names in lower case), and where the scan goes on. */
interface Attribute {
  name: string;
  value: string;
  next: number;
}

/** WHATWG "get an attribute" at i; undefined at the tag's end or the end of the bytes. */
function getAttribute(head: Uint8Array, i: number): Attribute | undefined {
  while (isSpace(head[i]) || head[i] === SLASH) i++;
  if (i >= head.length || head[i] === GT) return undefined;
  let name = '';
  do name += String.fromCharCode(lower(head[i++]!));
  while (i < head.length && head[i] !== EQUALS && head[i] !== SLASH && head[i] !== GT && !isSpace(head[i]));
  while (isSpace(head[i])) i++;
  if (head[i] !== EQUALS) return i < head.length ? { name, value: '', next: i } : undefined;
  i++;
  while (isSpace(head[i])) i++;
  const quote = head[i];
  let value = '';
  if (quote === DQUOTE || quote === APOSTROPHE) {
    for (i++; i < head.length && head[i] !== quote; i++) value += String.fromCharCode(lower(head[i]!));
    return i < head.length ? { name, value, next: i + 1 } : undefined;
  }
  for (; i < head.length && head[i] !== GT && !isSpace(head[i]); i++) value += String.fromCharCode(lower(head[i]!));
  return i < head.length ? { name, value, next: i } : undefined;
}

/** WHATWG "extracting character encodings from a meta element": the charset in a content value. */
export function charsetOfContent(content: string): string | undefined {
  const m = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  return m === null ? undefined : m[1] ?? m[2] ?? m[3];
}

/**
 * The decoder's name for a charset label a page declares: ISO-2022-JP
 * (libmime's decoder, as for the charset option: the prescan reads its
 * bytes as ASCII, as a page in it starts in ASCII), else charsetName's.
 */
export function pageCharset(label: string): string | undefined {
  return iso2022jpName(label) ?? charsetName(label);
}

/** The charset a <meta> tag's attributes declare, or undefined. */
function metaCharset(attrs: readonly Attribute[]): string | undefined {
  let pragma = false;
  let charset: string | undefined;
  let needPragma = false;
  const seen = new Set<string>();
  for (const { name, value } of attrs) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === 'http-equiv' && value === 'content-type') pragma = true;
    else if (name === 'content' && charset === undefined) {
      charset = charsetOfContent(value);
      needPragma = charset !== undefined;
    } else if (name === 'charset') {
      charset = value;
      needPragma = false;
    }
  }
  if (charset === undefined || (needPragma && !pragma)) return undefined;
  return pageCharset(charset);
}

/** Read a tag's attributes from i; the attributes and where the scan goes on (-1: the bytes ended). */
function readTag(head: Uint8Array, i: number): [Attribute[], number] {
  const attrs: Attribute[] = [];
  for (let a = getAttribute(head, i); a !== undefined; a = getAttribute(head, a.next)) {
    attrs.push(a);
    i = a.next;
  }
  while (i < head.length && head[i] !== GT) i++;
  return [attrs, i < head.length ? i : -1];
}

/**
 * The charset a <meta> in `head` (the first bytes of an HTML document, up
 * to PRESCAN_BYTES are read) declares, after a UTF-16 XML declaration's
 * byte order, else an XML declaration at its start
 * (the prescan's "get an XML encoding" when it finds no <meta>), as an
 * iconv-lite name or 'iso-2022-jp'; undefined when neither does (or names
 * a charset neither iconv-lite nor libmime reads).
 */
export function sniffHtmlCharset(head: Uint8Array): string | undefined {
  const b = head.length > PRESCAN_BYTES ? head.subarray(0, PRESCAN_BYTES) : head;
  const meta = utf16XmlDeclaration(b) ?? metaPrescan(b);
  if (meta !== undefined) return meta;
  const label = xmlEncodingLabel(b);
  return label === undefined ? undefined : pageCharset(label); // UTF-16 is UTF-8 here too
}

/**
 * The charset an XML document's first bytes declare (a feed): a UTF-16 XML
 * declaration's byte order, else the `encoding` of an XML declaration at its
 * start, as sniffHtmlCharset reads them; no <meta> is looked for.
 */
export function sniffXmlCharset(head: Uint8Array): string | undefined {
  const b = head.length > PRESCAN_BYTES ? head.subarray(0, PRESCAN_BYTES) : head;
  const label = xmlEncodingLabel(b);
  return utf16XmlDeclaration(b) ?? (label === undefined ? undefined : pageCharset(label));
}

/** `<?x` in UTF-16LE, with no BOM before it. */
const UTF16LE_XML = [LT, 0, QUESTION, 0, LOWER_X, 0];
const UTF16BE_XML = [0, LT, 0, QUESTION, 0, LOWER_X];

/** WHATWG prescan, "prescan for UTF-16 XML declarations": an XML declaration in UTF-16 at the first byte names its byte order. */
function utf16XmlDeclaration(b: Uint8Array): string | undefined {
  if (UTF16LE_XML.every((x, i) => b[i] === x)) return 'utf-16le';
  return UTF16BE_XML.every((x, i) => b[i] === x) ? 'utf-16be' : undefined;
}

/** WHATWG "prescan a byte stream to determine its encoding", its loop over <meta> tags. */
function metaPrescan(b: Uint8Array): string | undefined {
  for (let i = b.indexOf(LT); i !== -1; i = b.indexOf(LT, i + 1)) {
    if (startsWith(b, i, '<!--')) {
      i = Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf('-->', i + 2);
      if (i === -1) return undefined;
      i += 2;
    } else if (startsWith(b, i, '<meta') && (isSpace(b[i + 5]) || b[i + 5] === SLASH)) {
      const [attrs, next] = readTag(b, i + 5);
      const charset = next === -1 ? undefined : metaCharset(attrs);
      if (charset !== undefined || next === -1) return charset;
      i = next;
    } else if (isLetter(b[i + 1]) || (b[i + 1] === SLASH && isLetter(b[i + 2]))) {
      let j = i + 1;
      while (j < b.length && !isSpace(b[j]) && b[j] !== GT) j++;
      i = readTag(b, j)[1];
      if (i === -1) return undefined;
    } else if (b[i + 1] === BANG || b[i + 1] === SLASH || b[i + 1] === QUESTION) {
      i = b.indexOf(GT, i + 1);
      if (i === -1) return undefined;
    }
  }
  return undefined;
}
