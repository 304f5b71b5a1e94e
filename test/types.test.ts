// The package's declarations as a TypeScript user meets them: tsc checks
// test/types/consumer.ts against dist/*.d.ts (imported by the package's own
// name, as an installed package is), with strict, exactOptionalPropertyTypes
// and noUncheckedIndexedAccess, under moduleResolution nodenext and bundler,
// and skipLibCheck off. `npm test` builds dist/ first.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runCommand } from './helpers/run-cli.js';

const Types = suite('types: a strict consumer of the built declarations');
const tsc = join(ROOT, 'node_modules/.bin/tsc');

for (const config of ['tsconfig.json', 'tsconfig.bundler.json']) {
  Types(`test/types/consumer.ts compiles with test/types/${config}`, async () => {
    const r = await runCommand(tsc, ['-p', join(ROOT, 'test/types', config), '--pretty', 'false'], { cwd: ROOT });
    assert.is(r.stdout + r.stderr, '');
    assert.is(r.code, 0);
  });
}

Types.run();
