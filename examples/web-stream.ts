// The Web Streams adapter: a fetch-style body (here a Response built from
// bytes, so no network is needed) piped through toWebTransform(). The same
// code runs in Deno and Bun (the package imports node: modules, so a
// browser bundle needs their polyfills).
//
//   npx tsx examples/web-stream.ts
import { toWebTransform, type Found } from 'urisift';

const page = new TextEncoder().encode(
  'Mirrors: <https://mirror.example.net/pub/\n  urisift/> and "ftp://ftp.example.org/pub/urisift/";\n' +
  'relative: <../archive/>.\n',
);
const body = new Response(page).body;
if (body === null) throw new Error('no body');

const found: ReadableStream<Found> = body.pipeThrough(toWebTransform({ base: 'https://www.example.com/releases/latest/' }));
for await (const f of found as unknown as AsyncIterable<Found>) {
  console.log(`${f.line}:${f.column}\t${f.delimiter}\t${f.uri}`);
}
