// The package's own files that are loaded by path rather than imported: the
// input formats' readers (on first use), the --jobs worker and package.json.
// Paths are relative to this module, which sits at the root of the tree it
// runs from: src/ under tsx, dist/ once built (scripts/build.mjs bundles it
// into a file at the root of dist/ and checks that it did).
import { createRequire } from 'node:module';

/** require() from the root of the tree, e.g. './formats/mail/reader.js'. */
export const requireOwn = createRequire(import.meta.url);

/** The URL of a file of the package, from the root of the tree: './cli/jobs/worker.js', '../package.json'. */
export function ownUrl(path: string): URL {
  return new URL(path, import.meta.url);
}
