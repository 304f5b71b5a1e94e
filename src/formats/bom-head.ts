// The first bytes of an input that starts with a UTF-16 or UTF-32 BOM, as
// the text mode 'auto' reads its rules in (src/formats/detect.ts). The
// Decoder reads the same BOMs (src/stream/decode.ts).

/** UTF-32LE's BOM starts with UTF-16LE's: it is looked for first, as the Decoder does. */
const UTF32LE_BOM = '\xff\xfe\0\0';
const UTF32BE_BOM = '\0\0\xfe\xff';

/** Is `head` (latin1) the start of a BOM that more bytes may finish (or make another)? */
export function mayGrowIntoBom(head: string): boolean {
  return /^(?:\xef\xbb?|\xff\xfe?\x00?|\xfe|\x00\x00?\xfe?)$/.test(head);
}

/** The text of a head (latin1) that starts with a UTF-16 or UTF-32 BOM, decoded (a last, cut character dropped); undefined without one. */
export function bomHead(head: string): string | undefined {
  if (head.startsWith(UTF32LE_BOM)) return utf32Text(head, true);
  if (head.startsWith(UTF32BE_BOM)) return utf32Text(head, false);
  const le = head.startsWith('\xff\xfe');
  if (!le && !head.startsWith('\xfe\xff')) return undefined;
  const bytes = Buffer.from(head.slice(2, 2 + ((head.length - 2) & ~1)), 'latin1');
  if (!le) bytes.swap16();
  return bytes.toString('utf16le');
}

/** The UTF-32 after a head's BOM; a value that is no scalar value is U+FFFD. */
function utf32Text(head: string, le: boolean): string {
  const bytes = Buffer.from(head.slice(4, 4 + ((head.length - 4) & ~3)), 'latin1');
  let text = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const c = le ? bytes.readUInt32LE(i) : bytes.readUInt32BE(i);
    text += c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ? '\ufffd' : String.fromCodePoint(c);
  }
  return text;
}
