// From a delimited candidate to what is emitted: IRI mapping (RFC 3987),
// validation (RFC 3986 §4.1) and resolution against the base (§5.2).

import type { UriComponents } from '../uri/components.js';
import { toUri } from '../uri/iri.js';
import { inspectComponents } from '../uri/inspect.js';
import { parse } from '../uri/parse.js';
import { recompose } from '../uri/recompose.js';
import { removeDotSegments } from '../uri/remove-dot-segments.js';
import { transformReferences } from '../uri/resolve.js';
import { joinPieces, type Span } from './span.js';
import type { Found } from './types.js';

export interface CandidateContext {
  base: UriComponents | undefined;
  hyphen: 'keep' | 'drop';
}

interface Target {
  uri: string;
  components: UriComponents;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The resolved target of a reference, or undefined when it is no URI (or is relative without a base). */
export function resolveTarget(reference: string, base: UriComponents | undefined, relative: boolean): Target | undefined {
  const ref = NON_ASCII.test(reference) ? toUri(reference) : reference;
  if (ref === undefined) return undefined;
  const R = parse(ref);
  if (R === undefined) return undefined;
  let T: UriComponents;
  if (R.scheme !== undefined) {
    T = R.path.indexOf('.') === -1 ? R : { ...R, path: removeDotSegments(R.path) };
  } else if (base !== undefined && relative && acceptRelative(ref)) {
    T = transformReferences(base, R);
  } else {
    return undefined;
  }
  if (T === R) return { uri: ref, components: R };
  const uri = recompose(T);
  // recompose guards a "//" path with "/."; re-read it so components match uri exactly
  const components = T.host === undefined && T.path.startsWith('//') ? parse(uri)! : T;
  return { uri, components };
}

/**
 * A relative reference found between delimiters is taken when it looks like
 * one (§4.2): it starts with "/", "./", "../", "?", "#" or "//", or it is a
 * path with a delimiter in it ("g;x?y#s"). Plain words, e-mail addresses,
 * message-ids and HTML tags are prose, not references.
 */
export function acceptRelative(ref: string): boolean {
  if (ref === '') return false;
  if (ref.indexOf('@') !== -1 && ref.indexOf('/') === -1) return false; // <john@example.com>, <id@host>
  const tag = /^\/?([A-Za-z][A-Za-z0-9]*)\/?$/.exec(ref);
  if (tag !== null) return !HTML_ELEMENTS.has(tag[1]!.toLowerCase()) && ref.charCodeAt(0) === 0x2f;
  const c0 = ref.charCodeAt(0);
  if (c0 === 0x2f || c0 === 0x3f || c0 === 0x23 || c0 === 0x2e) return true; // / ? # .
  return /[/?#;=]/.test(ref);
}

const HTML_ELEMENTS: ReadonlySet<string> = new Set(('a abbr address area article aside audio b base bdi bdo big '
  + 'blockquote body br button canvas caption center cite code col colgroup data datalist dd del details dfn '
  + 'dialog div dl dt em embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hr html '
  + 'i iframe img input ins kbd label legend li link main map mark meta meter nav noscript object ol optgroup '
  + 'option output p param picture pre progress q rp rt ruby s samp script section select small source span '
  + 'strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track '
  + 'tt u ul var video wbr').split(' '));

/** Build the Found for a span; position fields are filled in by the scanner. */
export function buildFound(text: string, span: Span, ctx: CandidateContext): Found | undefined {
  const hasBreak = span.hyphens.length > 0;
  const dropFirst = hasBreak && ctx.hyphen === 'drop';
  const reference = joinPieces(text, span, dropFirst);
  const target = resolveTarget(reference, ctx.base, span.relative);
  if (target === undefined) return undefined;
  const alternates: string[] = [];
  if (hasBreak) {
    const other = resolveTarget(joinPieces(text, span, !dropFirst), ctx.base, span.relative);
    if (other !== undefined && other.uri !== target.uri) alternates.push(other.uri);
  }
  return {
    uri: target.uri,
    reference,
    raw: text.slice(span.start, span.end),
    components: target.components,
    offset: 0,
    length: span.end - span.start,
    line: 0,
    column: 0,
    delimiter: span.delimiter,
    repaired: span.pieces.length > 2,
    alternates,
    warnings: inspectComponents(target.components, target.uri),
  };
}
