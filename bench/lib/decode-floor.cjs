// The floor of any program node runs that reads a file as text: node's
// start, then the file read in 60 KiB pieces (the CLI's) and decoded as
// UTF-8 by a streaming TextDecoder, the characters counted, nothing else.
// CommonJS, so that no ES module loader runs. bench/cli-vs-grep.ts times it
// next to urisift and grep.
//
//   node bench/lib/decode-floor.cjs FILE
'use strict';
const fs = require('node:fs');

const fd = fs.openSync(process.argv[2], 'r');
const buf = Buffer.allocUnsafe(60 * 1024);
const decoder = new TextDecoder('utf-8');
let chars = 0;
for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) chars += decoder.decode(buf.subarray(0, n), { stream: true }).length;
chars += decoder.decode().length;
process.stdout.write(`${chars}\n`);
