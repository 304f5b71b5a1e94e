// A consumer's program, type-checked against the built declarations
// (dist/*.d.ts, through the package's own name) by test/types.test.ts, with
// the strictest options a TypeScript user sets. Never run: each line states
// what the types say, as docs/api.md says it.
import { Readable } from 'node:stream';
import {
  DEFAULT_SCHEMES, Decoder, Extractor, Scanner, UrisiftOptionError, UrisiftStateError, UrisiftTypeError,
  createExtractStream, extract, extractStream, inspect, normalize, toWebTransform, tuneForOnePass,
  type Delimiter, type ExtractOptions, type ExtractStreamOptions, type Found, type FoundJSON, type FormatWarning,
  type InspectWarning, type Mode, type ScanOptions, type Source, type UriComponents,
} from 'urisift';

// The exported names are enough to type a helper.
export function uris(text: string, options: ExtractOptions = {}): string[] {
  return extract(text, options).map((f) => normalize(f.uri) ?? f.uri);
}
export const modes: readonly Mode[] = ['text', 'mail', 'html', 'log', 'feed', 'markdown', 'auto'];
const scan: ScanOptions = { base: 'http://a/', hyphen: 'drop', schemes: ['+x'], maxLength: 100, memo: 0, lines: false };
export const streamOptions: ExtractStreamOptions = { ...scan, charset: 'auto', mode: 'mail', headers: false, highWaterMark: 4 };
export const unset: ExtractOptions = { base: undefined, charset: undefined }; // as an optional option may be

// extractStream: any Node readable, an iterable or async iterable of chunks, or a lone string or Uint8Array.
export async function inputs(): Promise<void> {
  for await (const f of extractStream('see http://a.example/')) f satisfies Found;
  for await (const f of extractStream(new TextEncoder().encode('see http://a.example/'))) f satisfies Found;
  for await (const f of extractStream(Buffer.from('see http://a.example/'))) f satisfies Found;
  for await (const f of extractStream(['a http://b.example/', ' c'])) f satisfies Found;
  for await (const f of extractStream(Readable.from(['x']), { mode: 'log' })) f satisfies Found;
  for await (const f of extractStream(process.stdin)) f satisfies Found;
  // @ts-expect-error a number is no source
  extractStream(5);
}

// Found: its fields, the getters read-only, `uri` writable.
export function describe(f: Found): string {
  const delimiter: Delimiter = f.delimiter;
  const components: UriComponents = f.components;
  const warnings: readonly InspectWarning[] = f.warnings;
  const json: FoundJSON = f.toJSON();
  const jsonWarnings: readonly InspectWarning[] = json.warnings;
  const source: Source | undefined = f.source;
  f.uri = normalize(f.uri) ?? f.uri;
  // @ts-expect-error raw describes the URI as found
  f.raw = '';
  return [delimiter, components.scheme, warnings, jsonWarnings, source?.messageId, f.offset, f.length,
    f.line, f.column, f.repaired, f.alternates, f.reference].join(' ');
}
export const sameAsInspect: readonly InspectWarning[] = inspect('http://a/');

// Errors: each class and its stable codes.
export function onError(e: unknown): string {
  if (e instanceof UrisiftOptionError) {
    switch (e.code) {
      case 'unknown-option': case 'unknown-charset': case 'not-a-text-charset': case 'invalid-base':
      case 'invalid-hyphen': case 'invalid-mode': case 'invalid-scheme-name': case 'mixed-scheme-list':
      case 'empty-scheme-list': case 'invalid-max-length': case 'invalid-max-line-length':
      case 'invalid-max-header-bytes': case 'invalid-max-mime-depth': case 'invalid-memo':
      case 'invalid-high-water-mark':
      case 'invalid-max-body-bytes': case 'invalid-max-json-depth':
        return e.code;
      default: {
        const none: never = e.code;
        return none;
      }
    }
  }
  if (e instanceof UrisiftTypeError) {
    const code: 'invalid-option-type' | 'invalid-input' = e.code;
    return code;
  }
  if (e instanceof UrisiftStateError) {
    const code: 'write-after-end' = e.code;
    return code;
  }
  return '';
}
// @ts-expect-error no such code
export const typo = (e: UrisiftOptionError): boolean => e.code === 'invalid-bsae';

// onWarning, and the streams.
export const seen: FormatWarning[] = [];
const onWarning = (w: FormatWarning): void => {
  switch (w.code) {
    case 'unknown-charset': case 'header-too-long': case 'too-deep': case 'no-boundary': case 'uri-list-blank':
    case 'attribute-too-long': case 'script-too-long': case 'head-too-long': case 'unresolved-links':
    case 'uri-too-long': case 'unresolved-targets': case 'invalid-targets': case 'line-too-long':
    case 'lone-cr-line-ends': case 'wide-text-no-bom': case 'block-too-long':
    case 'record-truncated': case 'record-resync': case 'body-too-long': case 'body-unreadable': case 'invalid-json':
      seen.push(w);
      break;
    default: {
      const none: never = w.code;
      return none;
    }
  }
};
// @ts-expect-error no such code
export const misspelt = (w: FormatWarning): boolean => w.code === 'unresolved-link';
createExtractStream({ mode: 'mail', onWarning }).on('data', (f) => { f satisfies Found; });
export const web: TransformStream<Uint8Array | string, Found> = toWebTransform({ mode: 'auto', onWarning });
// @ts-expect-error a Scanner reads text: mode is an option of extract and the streams
export const scanner = new Scanner({ mode: 'mail' });
export const extractor = new Extractor({ mode: 'html' });
// @ts-expect-error the forms the input formats use are not the package's
export const internalScanner = new Scanner({}, false);
// @ts-expect-error the forms the input formats use are not the package's
export const internalExtractor = new Extractor({}, false);
export const charset: string | undefined = new Decoder('auto').charset;
export const mailto: boolean = DEFAULT_SCHEMES.has('mailto');
export const budget: boolean = tuneForOnePass().inliningBudget;
