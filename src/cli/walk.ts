// -r's walk of a directory: entries in sorted order, files handed over a
// batch at a time, each with its path and printed label (inputs.ts takes
// the operands, this what a directory operand holds).
import { readdir } from 'node:fs/promises';
import { statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { describeError } from './errors.js';
import type { WalkFilter } from './glob.js';
import type { FileId, Input, Inputs } from './inputs.js';
import { escapeName, fsPath, nameBytes, nameFromBytes, type PathName } from './names.js';

/**
 * Files of mail stores that are no messages: Dovecot's indexes and lists,
 * Thunderbird's .msf summaries (Mork text repeating each subject) and filter
 * rules. With `mailStores`, -r leaves them out, and a Maildir's tmp/ (messages
 * still being delivered) too.
 */
const MAIL_STORE_FILE = /^(?:dovecot[.-].*|subscriptions|maildirfolder|.*\.msf|msgFilterRules\.dat|popstate\.dat)$/;

/** How the walk reads a tree. */
export interface WalkOptions {
  recursive: boolean;
  mailStores: boolean;
  filter: WalkFilter;
  /**
   * Stat each file the walk finds, for its size (the progress total) or its
   * identity (the file stdout writes to). A tree of small files otherwise
   * waits on a thread pool round trip per file for neither.
   */
  statFiles: boolean;
}

/** Files of a directory handed over at a time: one promise of the walk's for a batch, not for each file. */
const BATCH = 256;

/**
 * Depth-first, entries sorted by name (code units, then bytes); symbolic
 * links inside are not followed (grep -r). Names are read as bytes, so a
 * name that is not UTF-8 can still be opened. Lazy: what is held is one
 * sorted directory per level of the path being walked, never the tree; a
 * directory's files are yielded in batches, each before the subdirectory
 * that follows it in the order is read.
 */
export async function* walk(dir: PathName, options: WalkOptions): Inputs {
  let entries;
  try {
    entries = await readdir(fsPath(dir), { withFileTypes: true, encoding: 'buffer' });
  } catch (err) {
    yield [{ path: dir, label: escapeName(dir), size: undefined, error: describeError(err) }];
    return;
  }
  const named = entries.map((entry) => ({ entry, text: entry.name.toString('utf8') }));
  entries = undefined;
  named.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : Buffer.compare(a.entry.name, b.entry.name)));
  const { mailStores, filter } = options;
  const maildir = mailStores && ['cur', 'new'].every((d) => named.some((n) => n.text === d && n.entry.isDirectory()));
  const names = new Names(dir);
  let batch: Input[] = [];
  for (const { entry, text } of named) {
    if (entry.isDirectory()) {
      if (maildir && text === 'tmp') continue;
      if (!filter.dir(text)) continue;
      if (batch.length > 0) yield batch;
      batch = [];
      yield* walk(names.path(entry.name, text), options);
    } else if (entry.isFile() && !(mailStores && MAIL_STORE_FILE.test(text)) && filter.file(text)) {
      const path = names.path(entry.name, text);
      const info = options.statFiles ? statQuietly(path) : undefined;
      batch.push({ path, label: names.label(path), size: info?.size, file: fileId(info), listedRegular: true });
      if (batch.length < BATCH) continue;
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The paths and labels of a directory's entries. A text directory's joined
 * and escaped head is made once: joining a name (one segment, never '.' or
 * '..') to it is what path.join does, and escaping goes character by
 * character, so the head's escape and the name's make the path's.
 */
class Names {
  readonly #dir: PathName;
  /** `join(dir, '/')`, '' for '.': what path.join puts before a name (text directories only). */
  readonly #head: string | undefined;
  /** The head, escaped. */
  readonly #label: string;

  constructor(dir: PathName) {
    this.#dir = dir;
    const head = typeof dir === 'string' ? join(dir, '/') : undefined;
    this.#head = head === './' ? '' : head;
    this.#label = this.#head === undefined ? '' : escapeName(this.#head);
  }

  /** The entry's path; `text`: its name read as UTF-8 with U+FFFD for what does not decode. */
  path(name: Buffer, text: string): PathName {
    return this.#head !== undefined && !text.includes('\ufffd') ? this.#head + text : joinName(this.#dir, name);
  }

  /** The label of a `path` this made. */
  label(path: PathName): string {
    const head = this.#head;
    if (head === undefined || typeof path !== 'string' || !path.startsWith(head)) return escapeName(path);
    return this.#label + escapeName(path.slice(head.length));
  }
}

/**
 * stat(2) of a file the walk found, for its size or identity; undefined if
 * it is gone (its open reports that). Synchronous: from the inode cache it
 * takes a microsecond or two, a thread pool round trip many times that, and
 * stdout redirected to a file stats every file of the tree.
 */
function statQuietly(path: PathName): Stats | undefined {
  try {
    return statSync(fsPath(path));
  } catch {
    return undefined;
  }
}

/** path.join for text names (`./x` is `x`); bytes joined with one '/' otherwise. */
function joinName(dir: PathName, entry: Buffer): PathName {
  const name = nameFromBytes(entry);
  if (typeof dir === 'string' && typeof name === 'string') return join(dir, name);
  const text = typeof dir === 'string' ? join(dir, '/') : undefined; // normalized, ends with '/'
  const head = text === './' ? Buffer.alloc(0) : text !== undefined ? Buffer.from(text) : nameBytes(dir);
  const slash = head.length === 0 || head.at(-1) === 0x2f ? [] : [Buffer.from('/')];
  return Uint8Array.from(Buffer.concat([head, ...slash, entry]));
}

/** The identity of a regular file (stat's dev and ino); undefined for anything else. */
export function fileId(info: Stats | undefined): FileId | undefined {
  return info?.isFile() === true ? { dev: info.dev, ino: info.ino } : undefined;
}
