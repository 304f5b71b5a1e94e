// Every URL a browser session touched, from a HAR export (DevTools →
// Network → "Save all as HAR"): request URLs, redirects, header values and
// the links in the bodies the HAR holds, each once, with the key path of
// the first place it was found.
//
//   npx tsx examples/har-links.ts [examples/data/json/session.har]
import { createReadStream } from 'node:fs';
import { extractStream } from 'urisift';

const file = process.argv[2] ?? 'examples/data/json/session.har';
const seen = new Map<string, string>();
for await (const f of extractStream(createReadStream(file), { mode: 'json' })) {
  if (!seen.has(f.uri)) seen.set(f.uri, f.source?.field ?? '(comment)');
}
for (const [uri, field] of seen) console.log(`${field}\t${uri}`);
