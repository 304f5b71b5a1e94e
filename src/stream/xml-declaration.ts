// The encoding an XML declaration at the very start of an input names: the
// WHATWG HTML prescan's "get an XML encoding" (read by the HTML reader when
// a page has no <meta>, and by the Decoder's 'auto' when bytes are no UTF-8).

import { APOSTROPHE, DQUOTE, EQUALS, GT, SPACE } from '../uri/codes.js';

/** Skip the bytes up to 0x20 (blanks and controls) from i, as "get an XML encoding" does. */
function skipControls(b: Uint8Array, i: number): number {
  while (i < b.length && b[i]! <= SPACE) i++;
  return i;
}

/** WHATWG "get an XML encoding": the label the `encoding` of an XML declaration at the very start holds, or undefined. */
export function xmlEncodingLabel(head: Uint8Array): string | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.toString('latin1', 0, 5) !== '<?xml') return undefined; // case-sensitive, at the first byte
  const end = b.indexOf(GT);
  if (end === -1) return undefined;
  const decl = b.subarray(0, end);
  const at = decl.indexOf('encoding');
  if (at === -1) return undefined;
  let i = skipControls(decl, at + 8);
  if (decl[i] !== EQUALS) return undefined;
  i = skipControls(decl, i + 1);
  const quote = decl[i];
  if (quote !== DQUOTE && quote !== APOSTROPHE) return undefined;
  const close = decl.indexOf(quote, i + 1);
  if (close === -1 || decl.subarray(i + 1, close).some((x) => x <= SPACE)) return undefined;
  return decl.toString('latin1', i + 1, close);
}
