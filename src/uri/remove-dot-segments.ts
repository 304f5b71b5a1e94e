// RFC 3986 §5.2.4 Remove Dot Segments
//
// The input buffer is `path` read from index `i`; the output buffer is a
// stack of segments, each with its leading "/" if it had one, so "remove the
// last segment and its preceding '/' (if any)" is one pop.

import { DOT, SLASH } from './codes.js';

/** RFC 3986 §5.2.4 remove_dot_segments; undefined when `path` is not a string. */
export function removeDotSegments(path: string): string;
export function removeDotSegments(path: unknown): string | undefined;
export function removeDotSegments(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  // Fast path: a dot-segment starts the path or follows a "/".
  if (path.charCodeAt(0) !== DOT && path.indexOf('/.') === -1) return path;
  const output: string[] = [];
  const n = path.length;
  let i = 0;
  while (i < n) {
    const c0 = path.charCodeAt(i);
    const c1 = path.charCodeAt(i + 1);
    const c2 = path.charCodeAt(i + 2);
    const c3 = path.charCodeAt(i + 3);
    if (c0 === DOT && c1 === DOT && c2 === SLASH) {
      i += 3; // 2A: remove a prefix "../"
    } else if (c0 === DOT && c1 === SLASH) {
      i += 2; // 2A: remove a prefix "./"
    } else if (c0 === SLASH && c1 === DOT && c2 === SLASH) {
      i += 2; // 2B: replace a prefix "/./" with "/"
    } else if (c0 === SLASH && c1 === DOT && i + 2 === n) {
      output.push('/'); // 2B: replace "/." (the whole input) with "/"
      break;
    } else if (c0 === SLASH && c1 === DOT && c2 === DOT && c3 === SLASH) {
      i += 3; // 2C: replace a prefix "/../" with "/" and remove the last output segment
      output.pop();
    } else if (c0 === SLASH && c1 === DOT && c2 === DOT && i + 3 === n) {
      output.pop(); // 2C: replace "/.." (the whole input) with "/" and remove the last segment
      output.push('/');
      break;
    } else if ((c0 === DOT && i + 1 === n) || (c0 === DOT && c1 === DOT && i + 2 === n)) {
      break; // 2D: the input is "." or "..": remove it
    } else {
      // 2E: move the first segment (with its leading "/", if any) to the output
      let j = path.indexOf('/', c0 === SLASH ? i + 1 : i);
      if (j === -1) j = n;
      output.push(path.slice(i, j));
      i = j;
    }
  }
  return output.join('');
}
