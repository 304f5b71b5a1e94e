// iconv-lite, loaded on first use: UTF-8 input (the usual case) never needs
// it, and loading its codec tables took about 12 ms of every CLI start.
import type * as Iconv from 'iconv-lite';
import { requireOwn } from '../modules.js';

let loaded: typeof Iconv | undefined;

/** The iconv-lite module (a CommonJS package, so require() loads it synchronously). */
export function iconv(): typeof Iconv {
  return (loaded ??= requireOwn('iconv-lite') as typeof Iconv);
}
