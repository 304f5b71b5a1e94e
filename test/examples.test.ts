// Every example in examples/ is run here on its bundled inputs (examples/data),
// so none of them rots. The CLI examples use dist/ (built by `npm test`).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand, urisift } from './helpers/run-cli.js';

const tsx = (file: string, args: string[] = []) => runCommand(process.execPath, ['--import', 'tsx', file, ...args]);

const Examples = suite('examples');

Examples('examples/sample.txt without --base: relative references are left out', async () => {
  const r = await urisift(['examples/sample.txt']);
  assert.is(r.stdout, [
    'http://www.w3.org/Addressing/',
    'ftp://foo.example.com/rfc/',
    'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
    'https://lists.example.org/archives/2024/minutes/meeting-notes.html',
    'http://data.example.com/annual-report/2023.pdf',
    'https://example.org/docs/intro',
    'mailto:info@example.org',
    '',
  ].join('\n'));
  assert.is(r.stderr, '');
});

Examples('examples/sample.txt with the RFC 3986 §5.4 base (what npm start runs)', async () => {
  const r = await urisift(['--base', 'http://a/b/c/d;p?q', 'examples/sample.txt']);
  assert.ok(r.stdout.endsWith('mailto:info@example.org\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/g;x?y#s\n'), r.stdout);
  const dropped = await urisift(['--hyphen', 'drop', 'examples/sample.txt']);
  assert.ok(dropped.stdout.includes('http://data.example.com/annualreport/2023.pdf\n'));
});

Examples('examples/mail-archive.ts', async () => {
  const r = await tsx('examples/mail-archive.ts');
  assert.is(r.stderr, '');
  assert.is(r.stdout, [
    'announce.eml\t#1\t1 text/plain\thttps://example.org/releases/2024/notes-for-the-spring-release.html',
    'announce.eml\t#1\t1 text/plain\thttp://xn--caf-dma.example/menu',
    'announce.eml\t#1\t2 text/html a[href]\thttps://example.org/html-only',
    'archive.mbox\t#1\t1 text/plain\thttp://meetings.example.net/2024/03/agenda',
    'archive.mbox\t#1\t1 text/plain\thttp://meetings.example.net/2024/02/minutes',
    'archive.mbox\t#2\t1 text/plain\thttp://meetings.example.net/2024/03/agenda',
    'archive.mbox\t#2\t1 text/plain\tftp://files.example.net/slides.pdf',
    '',
  ].join('\n'));
});

Examples('examples/feed-frontier.ts', async () => {
  const r = await tsx('examples/feed-frontier.ts');
  assert.is(r.stderr, '');
  assert.is(r.stdout, [
    'blog.atom\t-\tlink[href]\thttps://blog.example.org/',
    'blog.atom\t-\tlink[href]\thttps://blog.example.org/feed.atom',
    'blog.atom\t#1\tlink[href]\thttps://blog.example.org/2024/05/uris-in-mail.html',
    'blog.atom\t#1\tcontent a[href]\thttps://www.rfc-editor.org/rfc/rfc3986#appendix-C',
    'blog.atom\t#1\tcontent a[href]\thttps://blog.example.org/2024/04/delimiting.html',
    'blog.atom\t#1\tcontent text\thttps://lists.example.net/archives/uri/2024-April/000123.html',
    'blog.atom\t#2\tsummary a[href]\thttps://blog.example.org/tags/appendix-c/',
    'podcast.rss\t-\tlink\thttps://radio.example.com/',
    'podcast.rss\t-\titunes:image[href]\thttps://radio.example.com/art/cover.jpg',
    'podcast.rss\t#1\tlink\thttps://radio.example.com/episodes/12?utm_source=feed&utm_medium=rss',
    'podcast.rss\t#1\tenclosure[url]\thttps://cdn.example.com/audio/ep12.mp3',
    'podcast.rss\t#1\tcontent:encoded img[src]\thttps://radio.example.com/art/ep12.png',
    'podcast.rss\t#1\tcontent:encoded text\thttp://www.w3.org/Provider/Style/URI',
    '',
  ].join('\n'));
});

Examples('examples/log-harvest.sh', async () => {
  const r = await runCommand('sh', ['examples/log-harvest.sh']);
  assert.is(r.stderr, '');
  assert.is(r.stdout, [
    'https://www.example.com/index.html',
    'https://www.example.com/css/site.css',
    'https://www.example.com/search?q=uri%20syntax',
    'https://search.example.net/?q=urisift',
    'https://www.example.com/%7Euser/',
    'https://www.example.com/archive/2023/',
    'http://www.example.com/feed.xml',
    '',
  ].join('\n'));
});

Examples('examples/indexer.ts', async () => {
  const r = await tsx('examples/indexer.ts');
  assert.is(r.stderr, '');
  const records = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown);
  assert.equal(records, [
    { doc: 'examples/data/docs/faq.txt', uri: 'https://issues.example.com/urisift/new', offset: 34 },
    { doc: 'examples/data/docs/faq.txt', uri: 'mailto:bugs@example.com', offset: 88 },
    { doc: 'examples/data/docs/guide.txt', uri: 'https://docs.example.com/guide/', offset: 25 },
    { doc: 'examples/data/docs/guide.txt', uri: 'https://docs.example.com/api/v2/index.html', offset: 83 },
  ]);
});

Examples('examples/web-stream.ts', async () => {
  const r = await tsx('examples/web-stream.ts');
  assert.is(r.stderr, '');
  assert.is(r.stdout, [
    '1:11\tangle\thttps://mirror.example.net/pub/urisift/',
    '2:18\tquote\tftp://ftp.example.org/pub/urisift/',
    '3:12\tangle\thttps://www.example.com/releases/archive/',
    '',
  ].join('\n'));
});

Examples('examples/har-links.ts: each URL of a HAR export once, with the key path it was first found at', async () => {
  const r = await tsx('examples/har-links.ts');
  assert.is(r.stderr, '');
  assert.is(r.stdout, [
    'log.entries.request.url\thttps://shop.example.com/',
    'log.entries.request.headers.value\thttps://search.example.net/?q=shop',
    'log.entries.response.headers.value\thttps://cdn.example.com/app.css',
    'log.entries.response.content.text\thttps://shop.example.com/sale',
    'log.entries.response.content.text\tmailto:help@example.com',
    'log.entries.request.url\thttps://shop.example.com/old-cart',
    'log.entries.response.redirectURL\thttps://shop.example.com/cart',
    '',
  ].join('\n'));
});

Examples.run();
