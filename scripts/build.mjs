#!/usr/bin/env node
// npm run build: tsc checks the types and writes the declarations (dist/**/*.d.ts);
// esbuild bundles the JavaScript. A CLI start loaded some 120 modules one by
// one, which took longer than node's own start; bundled, the entry points
// share a few chunks. The mail and HTML readers and the --jobs worker stay
// entry points of their own, loaded when first needed (src/modules.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
const tsc = spawnSync('node_modules/.bin/tsc', ['-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const result = await build({
  entryPoints: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'cli/jobs/worker': 'src/cli/jobs/worker.ts',
    'formats/mail/reader': 'src/formats/mail/reader.ts',
    'formats/html/reader': 'src/formats/html/reader.ts',
    'formats/feed/reader': 'src/formats/feed/reader.ts',
    'formats/markdown/reader': 'src/formats/markdown/reader.ts',
    'formats/warc/reader': 'src/formats/warc/reader.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]', // at the root of dist/, as src/modules.ts needs
  sourcemap: true,
  // Folds the char codes of src/uri/codes.ts (and other integer constants)
  // into the code that uses them, across modules: unfolded, every LF or GT
  // in a hot loop is a load of another module's variable. Syntax only: the
  // bundles keep their lines and names, so an error's throw site stays readable.
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});

// src/modules.ts resolves paths from its own file: it must sit at the root of dist/.
const home = Object.entries(result.metafile.outputs)
  .find(([file, out]) => !file.endsWith('.map') && Object.keys(out.inputs).includes('src/modules.ts'));
if (home === undefined || home[0].split('/').length !== 2) {
  console.error(`build: src/modules.ts was bundled into ${home?.[0] ?? 'no file'}, not a file at the root of dist/`);
  process.exit(1);
}
