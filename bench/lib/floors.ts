// Two floors for the pipeline bench: what any extractor behind a Node
// Transform must pay, measured in the same run as urisift and the bare
// decoding pipeline, so that a missed target can be told apart from one no
// extractor could meet.
//
// - pushOnly: the bare decoding Transform that also pushes as many objects as
//   urisift finds (prebuilt, spread evenly over the chunks), so it measures
//   decoding plus moving that many objects through an objectMode stream to
//   the sink, with nothing found at all.
// - toy: a Transform that finds "://" with indexOf, walks back over letters,
//   forward over a table of URI characters, and pushes { uri, offset }: no
//   rules, no validation, no line or column, no charset but UTF-8, and URIs
//   cut by a chunk's end are lost. A lower bound on the work, not an extractor.
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The bare decoding Transform, pushing `total` shared objects over `chunks` chunks as it goes. */
export function pushOnlyStream(total: number, chunks: number): Transform {
  const decoder = new StringDecoder('utf8');
  const objects = Array.from({ length: Math.ceil(total / Math.max(1, chunks)) + 1 }, (_, i) => ({ uri: `http://example.com/${i}`, offset: i }));
  let k = 0;
  let pushed = 0;
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, cb) {
      const s = decoder.write(chunk);
      if (s.length > 0) this.push(s);
      k++;
      const due = Math.min(total, Math.floor((k * total) / chunks));
      for (let i = 0; pushed < due; i++, pushed++) this.push(objects[i]);
      cb();
    },
    flush(cb) {
      for (let i = 0; pushed < total; i++, pushed++) this.push(objects[i % objects.length]);
      cb();
    },
  });
}

/** The characters the toy takes after "://": RFC 3986's unreserved, reserved and "%". */
const URI_CHAR = new Uint8Array(128);
for (const c of "!#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~") URI_CHAR[c.charCodeAt(0)] = 1;

function isLetter(c: number): boolean {
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x7a;
}

/** Push { uri, offset } for each "scheme://…" run in `text`, whose first character is at `base`. */
function toyScan(stream: Transform, text: string, base: number): void {
  for (let p = 0; ;) {
    const colon = text.indexOf('://', p);
    if (colon === -1) return;
    let s = colon;
    while (s > 0 && isLetter(text.charCodeAt(s - 1))) s--;
    let e = colon + 3;
    for (; e < text.length; e++) {
      const c = text.charCodeAt(e);
      if (c >= 128 || URI_CHAR[c] === 0) break;
    }
    if (s < colon) stream.push({ uri: text.slice(s, e), offset: base + s });
    p = e;
  }
}

/** The toy extractor as a Transform: bytes in, { uri, offset } out. */
export function toyExtractStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let base = 0;
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, cb) {
      const text = decoder.write(chunk);
      toyScan(this, text, base);
      base += text.length;
      cb();
    },
  });
}
