// RSS and Atom feeds → a crawl frontier: every page, enclosure and link the
// feeds name, once each (RFC 3986 §6.2 equivalence), with the item or entry
// it came from and where in it. The library's feed mode resolves relative
// links against xml:base, decodes entities, and reads escaped or CDATA HTML
// content by its link attributes and text.
//
//   npx tsx examples/feed-frontier.ts [FEED...]   (default: examples/data/feeds/*)
//
// The same from the command line: urisift --mode feed --json -u FEED...
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { extractStream, normalize } from 'urisift';

const feeds = process.argv.length > 2
  ? process.argv.slice(2)
  : (await readdir('examples/data/feeds')).sort().map((name) => join('examples/data/feeds', name));

const seen = new Set<string>();
for (const feed of feeds) {
  for await (const found of extractStream(createReadStream(feed), { mode: 'feed' })) {
    const key = normalize(found.uri) ?? found.uri;
    if (seen.has(key)) continue;
    seen.add(key);
    const s = found.source ?? {};
    const where = s.html === undefined ? s.feed : `${s.feed} ${s.html}`;
    console.log(`${basename(feed)}\t${s.item === undefined ? '-' : `#${s.item}`}\t${where}\t${found.uri}`);
  }
}
