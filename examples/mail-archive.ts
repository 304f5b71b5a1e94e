// Links from a directory of .eml or mbox files, with the message and MIME
// part (or header field) each came from. The library's mail mode walks each
// message as it streams: parts are decoded (quoted-printable, base64,
// format=flowed) and read in their own charset, HTML parts by their link
// attributes, and the List-* header fields are scanned too.
//
//   npx tsx examples/mail-archive.ts [DIR]      (default: examples/data/mail)
//
// The same from the command line: urisift --mode mail --json -r DIR
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { extractStream } from 'urisift';

const dir = process.argv[2] ?? 'examples/data/mail';

for (const name of (await readdir(dir)).filter((n) => /\.(eml|mbox)$/.test(n)).sort()) {
  for await (const found of extractStream(createReadStream(join(dir, name)), { mode: 'mail' })) {
    const s = found.source ?? {};
    console.log(`${name}\t#${s.message}\t${s.part} ${s.header ?? s.type}${s.html ? ` ${s.html}` : ''}\t${found.uri}`);
  }
}
