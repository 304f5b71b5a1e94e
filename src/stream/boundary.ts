// iconv-lite's incremental decoders for some charsets give other text when a
// character's bytes arrive in different writes: GB18030's four-byte
// sequences, CESU-8's surrogate pairs and UTF-7's base64 runs with valid
// text, and the double-byte charsets (Shift_JIS, EUC-JP, EUC-KR, Big5, …)
// with an invalid lead byte, whose next byte is then lost or glued on. For
// those, bytes go to the decoder only up to a byte that cannot be inside a
// character, and the rest waits for the next write. 'utf-16' and 'utf-32'
// pick a byte order from their first write: it holds the bytes that count.

import { iconv } from './iconv.js';

interface IncrementalDecoder {
  write(bytes: Buffer): string;
  end(): string | undefined;
}

/** Past this many held bytes with no safe point, they are decoded anyway (a character may then be cut). */
export const MAX_HELD = 64 * 1024;

const isBlank = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Per charset: a byte after which no character is cut. */
const SAFE_AFTER: Record<string, (b: number) => boolean> = {
  gb18030: (b) => b < 0x30, // trail bytes are 0x30 and up
  cesu8: (b) => b < 0x80, // ASCII is never inside a sequence
  utf7: isBlank, // a blank ends a base64 run
  unicode11utf7: isBlank,
  utf7imap: isBlank,
};

/** The canonical iconv-lite name of `charset`, aliases followed. */
function canonical(charset: string): string {
  const table = iconv().encodings as unknown as Record<string, unknown> | null;
  let name = charset.toLowerCase().replace(/[^0-9a-z]/g, '');
  for (let i = 0; i < 8 && table !== null && typeof table[name] === 'string'; i++) name = table[name] as string;
  return name;
}

/** In every double-byte table iconv-lite has, trail bytes are 0x30 and up (GB18030's four-byte ones too). */
const belowTrail = (b: number): boolean => b < 0x30;

/**
 * iconv-lite's 'utf-16' and 'utf-32' pick the byte order from their first
 * write (a BOM, else which order reads more ASCII in up to 100
 * characters): the bytes that count.
 */
const ORDER_BYTES: Record<string, number> = { utf16: 200, utf32: 400 };

/** iconv-lite's decoder for `charset`, wrapped when its own chunking is not to be trusted. */
export function iconvDecoder(charset: string): IncrementalDecoder {
  const decoder = iconv().getDecoder(charset) as IncrementalDecoder;
  const order = ORDER_BYTES[canonical(charset)];
  if (order !== undefined) return new OrderDecoder(decoder, order);
  const doubleByte = 'decodeTables' in (iconv().getCodec(charset) as object); // iconv-lite's DBCS codec
  const safe = SAFE_AFTER[canonical(charset)] ?? (doubleByte ? belowTrail : undefined);
  return safe === undefined ? decoder : new BoundaryDecoder(decoder, safe);
}

class BoundaryDecoder implements IncrementalDecoder {
  #held: Buffer = Buffer.alloc(0);

  constructor(readonly inner: IncrementalDecoder, readonly safeAfter: (b: number) => boolean) {}

  write(bytes: Buffer): string {
    const all = this.#held.length === 0 ? bytes : Buffer.concat([this.#held, bytes]);
    let cut = all.length;
    while (cut > 0 && !this.safeAfter(all[cut - 1]!)) cut--;
    if (cut === 0 && all.length <= MAX_HELD) {
      this.#held = Buffer.from(all); // a copy: the caller may reuse its buffer
      return '';
    }
    if (cut === 0) cut = all.length;
    this.#held = Buffer.from(all.subarray(cut));
    return this.inner.write(all.subarray(0, cut));
  }

  end(): string | undefined {
    const rest = this.#held.length === 0 ? '' : this.inner.write(this.#held);
    this.#held = Buffer.alloc(0);
    return rest + (this.inner.end() ?? '');
  }
}

/** Gives the inner decoder its first `size` bytes (or all, if fewer) in one write, so the byte order it picks does not depend on the chunks. */
class OrderDecoder implements IncrementalDecoder {
  #head: Buffer[] | undefined = [];
  #length = 0;

  constructor(readonly inner: IncrementalDecoder, readonly size: number) {}

  write(bytes: Buffer): string {
    if (this.#head === undefined) return this.inner.write(bytes);
    this.#head.push(Buffer.from(bytes)); // a copy: the caller may reuse its buffer
    this.#length += bytes.length;
    return this.#length < this.size ? '' : this.#release();
  }

  #release(): string {
    const head = Buffer.concat(this.#head!);
    this.#head = undefined;
    return this.inner.write(head);
  }

  end(): string | undefined {
    const rest = this.#head === undefined ? '' : this.#release();
    return rest + (this.inner.end() ?? '');
  }
}
