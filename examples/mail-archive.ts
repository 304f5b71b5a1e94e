// Links from a directory of .eml or mbox files, with the message and MIME
// part each came from. Parts are decoded (quoted-printable, base64) and read
// in their own charset before extraction.
//
//   npx tsx examples/mail-archive.ts [DIR]      (default: examples/data/mail)
//
// The same from the command line: urisift --mode mail -r DIR
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { extract } from '../src/index.js';
import { MboxSplitter, textParts, type MailMessage } from '../src/stream/mail.js';

const dir = process.argv[2] ?? 'examples/data/mail';

for (const name of (await readdir(dir)).filter((n) => /\.(eml|mbox)$/.test(n)).sort()) {
  const messages = createReadStream(join(dir, name)).pipe(new MboxSplitter());
  let index = 0;
  for await (const message of messages as AsyncIterable<MailMessage>) {
    index++;
    for (const part of textParts(message.bytes)) {
      for (const found of extract(part.text)) {
        console.log(`${name}\t#${index}\t${part.part} ${part.type}\t${found.uri}`);
      }
    }
  }
}
