// Command-line parsing: node:util parseArgs (strict) → a plain, serialisable
// Config. Every usage problem becomes a UsageError (exit status 2).
import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ExtractOptions } from '../delimit/types.js';
import { MAX_MAX_LENGTH, MIN_MAX_LENGTH } from '../delimit/options.js';
import type { PathName } from './names.js';
import { GlobError, compileGlob, dirGlob } from './glob.js';
import { didYouMean, optionHint, singleDashHint } from './suggest.js';

export type Format = 'uri' | 'json' | 'tsv';
export type Mode = 'text' | 'mail' | 'html' | 'log' | 'feed' | 'markdown' | 'warc' | 'json' | 'auto';

/** The values of --format, --mode and --hyphen (an unknown '--tsv' or '--html' is told the option it is a value of). */
const FORMATS: readonly Format[] = ['uri', 'json', 'tsv'];
const MODES: readonly Mode[] = ['text', 'mail', 'html', 'log', 'feed', 'markdown', 'warc', 'json', 'auto'];
const HYPHENS: readonly ('keep' | 'drop')[] = ['keep', 'drop'];

/** Everything the run needs; plain data so it can cross to a worker thread. */
export interface Config {
  format: Format;
  /** undefined: grep's rule (several operands, or a directory operand). */
  withFilename: boolean | undefined;
  unique: boolean;
  /** --unique-limit: distinct URIs held at most; undefined: no limit. */
  uniqueLimit: number | undefined;
  normalize: boolean;
  recursive: boolean;
  /** -r's walk: --include, --exclude and --exclude-dir patterns (glob.ts), as given. */
  walk: { include: string[]; exclude: string[]; excludeDir: string[] };
  binary: boolean;
  jobs: number;
  /** undefined: automatic (stderr is a TTY and stdout is not). */
  progress: boolean | undefined;
  mode: Mode;
  /** --file-base: each file's relative references resolved against its own file: URL. */
  fileBase: boolean;
  /** The library's options but those each input sets (scan.ts). */
  extract: CommandExtractOptions;
  /** Text, or bytes for a name that is not UTF-8 (see names.ts). */
  operands: PathName[];
}

/** The library's options the command sets once for all inputs; `mode`, `documentBase` and `onWarning` are set for each (scan.ts). */
export type CommandExtractOptions = Omit<ExtractOptions, 'mode' | 'documentBase' | 'onWarning'>;

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; config: Config };

/** A problem with the command line: message, then usage, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const OPTIONS = {
  base: { type: 'string' },
  'file-base': { type: 'boolean' },
  charset: { type: 'string' },
  hyphen: { type: 'string' },
  schemes: { type: 'string' },
  'max-length': { type: 'string' },
  unique: { type: 'boolean', short: 'u' },
  'unique-limit': { type: 'string' },
  normalize: { type: 'boolean', short: 'n' },
  format: { type: 'string', short: 'f' },
  json: { type: 'boolean' },
  'with-filename': { type: 'boolean', short: 'H' },
  'no-filename': { type: 'boolean' },
  recursive: { type: 'boolean', short: 'r' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'exclude-dir': { type: 'string', multiple: true },
  binary: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  mode: { type: 'string', short: 'm' },
  'no-headers': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * Parse argv (without node and script) into a command. `bytes[i]`, when
 * given, is argv[i] as bytes where it was not UTF-8: such operands stay bytes.
 */
export function parseCommand(argv: readonly string[], bytes: ReadonlyArray<Uint8Array | undefined> = []): Command {
  const parsed = parseStrict(argv);
  const v = parsed.values;
  if (v.help === true) return { kind: 'help' };
  if (v.version === true) return { kind: 'version' };
  const format: Format = v.json === true ? 'json' : oneOf('format', v.format ?? 'uri', FORMATS);
  const config: Config = {
    format,
    withFilename: lastFlag(parsed.tokens, 'with-filename', 'no-filename'),
    unique: v.unique === true || v['unique-limit'] !== undefined,
    uniqueLimit: v['unique-limit'] === undefined ? undefined : integer('unique-limit', v['unique-limit'], 1, 2 ** 32),
    normalize: v.normalize === true,
    recursive: v.recursive === true,
    walk: { include: patterns('include', v.include), exclude: patterns('exclude', v.exclude), excludeDir: patterns('exclude-dir', v['exclude-dir']) },
    binary: v.binary === true,
    jobs: jobsOption(v.jobs),
    progress: lastFlag(parsed.tokens, 'progress', 'no-progress'),
    mode: oneOf('mode', v.mode ?? 'text', MODES),
    fileBase: v['file-base'] === true,
    extract: extractOptions(v, format),
    operands: operands(parsed.tokens, bytes),
  };
  return { kind: 'run', config };
}

function operands(tokens: ReadonlyArray<{ kind: string; index: number; value?: unknown }>, bytes: ReadonlyArray<Uint8Array | undefined>): PathName[] {
  return tokens.filter((t) => t.kind === 'positional').map((t) => bytes[t.index] ?? String(t.value));
}

function parseStrict(argv: readonly string[]) {
  const oneDash = singleDashHint(argv, Object.keys(OPTIONS));
  if (oneDash !== undefined) throw new UsageError(oneDash);
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    throw new UsageError(describeParseError(err));
  }
}

/** '-f' as '--format': only the long form takes '=value' (parseArgs reads '-f=-X' as the value '=-X'). */
function longName(option: string): string {
  if (option.startsWith('--')) return option;
  const entry = Object.entries(OPTIONS).find(([, o]) => 'short' in o && `-${o.short}` === option);
  return entry === undefined ? option : `--${entry[0]}`;
}

/** parseArgs messages are long and capitalised; keep their first clause. */
function describeParseError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown }).code;
  const quoted = /'(?:-[^-' ,], )?(-[^' ,]+)/.exec(message)?.[1]; // '-f, --format <value>': the long name
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted !== undefined) return `unknown option '${quoted}'${optionHint(quoted, Object.keys(OPTIONS), { format: FORMATS, mode: MODES, hyphen: HYPHENS })}`; // '--name=value' is named without its value
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted !== undefined) {
    const name = longName(quoted);
    if (/ambiguous/.test(message)) return `option '${name}' needs a value (write ${name}=-X for one starting with '-')`;
    return /missing/.test(message) ? `option '${name}' needs a value` : `option '${name}' takes no value`;
  }
  const first = message.split(/\. /)[0] ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** The library's options; lines are counted only for an output that shows them. */
function extractOptions(v: { [k: string]: string | boolean | string[] | undefined }, format: Format): CommandExtractOptions {
  const options: CommandExtractOptions = format === 'uri' ? { lines: false } : {};
  if (typeof v.base === 'string') options.base = v.base;
  if (typeof v.charset === 'string') options.charset = v.charset;
  if (typeof v.hyphen === 'string') options.hyphen = oneOf('hyphen', v.hyphen, HYPHENS);
  if (typeof v.schemes === 'string') options.schemes = schemeList(v.schemes);
  const maxLength = v['max-length'];
  if (typeof maxLength === 'string') options.maxLength = integer('max-length', maxLength, MIN_MAX_LENGTH, MAX_MAX_LENGTH);
  if (v['no-headers'] === true) options.headers = false;
  return options;
}


/** --schemes '' (or ',') would find nothing bare at all: a usage error, not a silent empty run. */
function schemeList(value: string): string[] {
  const list = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (list.length === 0) throw new UsageError(`--schemes: '${value}' names no scheme`);
  return list;
}

/** -j N: at most one worker per CPU (N = 0: one per CPU); the pool also caps it at the number of files. */
function jobsOption(value: string | undefined): number {
  if (value === undefined) return 1;
  const n = integer('jobs', value, 0, 65536);
  const cpus = availableParallelism();
  return n === 0 ? cpus : Math.min(n, cpus);
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(`--${name}: '${value}' is not an integer from ${min} to ${max}`);
  }
  return n;
}

/** The patterns of --include, --exclude or --exclude-dir, each checked (glob.ts). */
function patterns(name: 'include' | 'exclude' | 'exclude-dir', values: readonly string[] | undefined): string[] {
  for (const glob of values ?? []) {
    try {
      compileGlob(name === 'exclude-dir' ? dirGlob(glob) : glob);
    } catch (err) {
      if (err instanceof GlobError) throw new UsageError(`--${name}: '${glob}': ${err.message}`);
      throw err;
    }
  }
  return [...(values ?? [])];
}

function oneOf<const T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new UsageError(`--${name}: '${value}' is not one of ${allowed.join(', ')}${didYouMean(value, allowed)}`);
  return found;
}

/** The later of `--x` / `--no-x` wins; neither given → undefined. */
function lastFlag(tokens: ReadonlyArray<{ kind: string; name?: string }>, on: string, off: string): boolean | undefined {
  let result: boolean | undefined;
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === on) result = true;
    else if (t.name === off) result = false;
  }
  return result;
}
