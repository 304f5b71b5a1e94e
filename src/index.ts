// urisift — the public API. This file only re-exports.
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
export type { Delimiter, Found, ScanOptions, ExtractOptions } from './delimit/types.js';
