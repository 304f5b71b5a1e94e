// The classes and verdicts of plain.ts's walk, in a module that imports
// nothing: esbuild folds such a module's constants into the code that uses
// them (scripts/build.mjs), where another module's are variables loaded at
// each use.

/** A character of the tail is no query character: the candidate is not one run (the full scan decides). */
export const NOT_RUN = -1;
/** One run, but the full checks decide what it is. */
export const CHECK = 0;
/** One run, a valid URI, its own target, and a link (see buildFound). */
export const PLAIN = 1;

/** A character the walk passes: a query character that delimits nothing. */
export const PASS = 0;
/** No query character (nor "#" or "%"), or not US-ASCII. */
export const BAD = 1;
/** "%", "#", "?", "/", "@" or ":": the walk looks at it. */
export const LOOK = 2;
