// Run as a child process by mail-edges: reads, in 64 KiB writes, a message
// that forwards a message of argv[2] MiB as a base64 message/rfc822 part,
// and prints the URIs found and the process's peak RSS (KiB) as JSON.
import { MailReader } from '../../src/formats/mail/reader.js';
import { context, message } from './mail.js';

const mib = Number(process.argv[2]);
const reader = new MailReader(context({}, []));
const uris: string[] = [];
const write = (b: Buffer): void => { for (const f of reader.write(b)) uris.push(f.uri); };

write(message(
  'From: a@example.org', 'Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: message/rfc822',
  'Content-Transfer-Encoding: base64', '',
));
const head = message('From: b@example.org', 'Subject: forwarded', 'Content-Type: text/plain', '', 'see https://first.example/');
const block = Buffer.alloc(57 * 1024, 'words and more words, no link here\n'); // whole 76-character base64 lines
head.copy(block);
const lines = (b: Buffer): Buffer => Buffer.from(b.toString('base64').replace(/.{76}/g, '$&\n'));
write(lines(block));
block.fill('words and more words, no link here\n');
const body = lines(block);
for (let i = 1; i < mib * 18; i++) write(body); // 18 blocks: about 1 MiB
write(message('--b', '', 'after https://after.example/', '--b--'));
for (const f of reader.end()) uris.push(f.uri);
process.stdout.write(JSON.stringify({ uris, maxRss: process.resourceUsage().maxRSS }));
