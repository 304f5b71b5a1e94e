// urisift — the public API. This file only re-exports.
// Its types use Node's (the Node stream adapter): a TypeScript user needs @types/node.
/// <reference types="node" preserve="true" />
export type { HostType, UriComponents, UriErrorCode, ErrorCollector } from './uri/components.js';
export { parse } from './uri/parse.js';
export { recompose } from './uri/recompose.js';
export { removeDotSegments } from './uri/remove-dot-segments.js';
export { mergePaths, resolve, transformReferences } from './uri/resolve.js';
export type { ResolveOptions } from './uri/resolve.js';
export { normalize, equivalent } from './uri/normalize.js';
export type { NormalizeOptions } from './uri/normalize.js';
export { toUri } from './uri/iri.js';
export { inspect } from './uri/inspect.js';
export type { InspectWarning } from './uri/inspect.js';
export type { Delimiter, Found, FoundJSON, ScanOptions, ExtractOptions, Mode } from './delimit/types.js';
export type { Source } from './formats/source.js';
export type { FormatWarning, FormatWarningCode } from './formats/types.js';
export { Scanner } from './delimit/scanner.js';
export { UrisiftOptionError, UrisiftStateError, UrisiftTypeError } from './delimit/errors.js';
export type { OptionErrorCode, StateErrorCode } from './delimit/errors.js';
export { DEFAULT_MAX_LENGTH, DEFAULT_MEMO } from './delimit/options.js';
export { DEFAULT_SCHEMES } from './delimit/schemes.js';
export { Decoder } from './stream/decode.js';
export { Extractor } from './stream/extractor.js';
export { extract } from './stream/extract.js';
export { ExtractStream, createExtractStream, extractStream } from './stream/node.js';
export type { ChunkSource } from './stream/node.js';
export type { ExtractStreamOptions } from './stream/stream-options.js';
export { toWebTransform } from './stream/web.js';
export { tuneForOnePass } from './stream/one-pass.js';
export type { OnePassSettings } from './stream/one-pass.js';
