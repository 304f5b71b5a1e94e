// From a delimited candidate to what is emitted: IRI mapping (RFC 3987),
// validation (RFC 3986 §4.1) and resolution against the base (§5.2).

import type { UriComponents } from '../uri/components.js';
import { toUri } from '../uri/iri.js';
import { componentsFromOffsets, offsets, scanUriReference } from '../uri/parse.js';
import { recompose } from '../uri/recompose.js';
import { removeDotSegments } from '../uri/remove-dot-segments.js';
import { transformReferences } from '../uri/resolve.js';
import { joinPieces, type Span } from './span.js';
import { Match, NONE } from './match.js';

export interface CandidateContext {
  base: UriComponents | undefined;
  hyphen: 'keep' | 'drop';
}

/**
 * The components of the last target resolveTarget returned, when resolution
 * built them (else undefined: they are parsed on demand). A module variable,
 * not a result object, so the common path allocates nothing.
 */
let targetComponents: UriComponents | undefined;

const NON_ASCII = /[^\x00-\x7f]/;
const DOT = 0x2e;

/** True when the path of the last scan may hold a dot-segment (§5.2.4). */
function mayHaveDotSegment(ref: string): boolean {
  const o = offsets;
  const end = o.queryStart !== -1 ? o.queryStart : o.fragmentStart !== -1 ? o.fragmentStart : ref.length;
  const i = ref.indexOf('/.', o.pathStart);
  return (i !== -1 && i < end) || (ref.charCodeAt(o.pathStart) === DOT && o.pathStart < end);
}

/** The resolved target of a reference, or undefined when it is no URI (or is relative without a base). */
export function resolveTarget(
  reference: string, base: UriComponents | undefined, relative: boolean, ascii = false, plain = false,
): string | undefined {
  targetComponents = undefined;
  const ref = ascii || !NON_ASCII.test(reference) ? reference : toUri(reference);
  if (ref === undefined || !scanUriReference(ref, undefined, plain && ascii)) return undefined;
  const absolute = offsets.schemeEnd !== -1;
  if (absolute && !mayHaveDotSegment(ref)) return ref; // the fast path
  if (!absolute && (base === undefined || !relative || !acceptRelative(ref))) return undefined;
  const R = componentsFromOffsets(ref);
  const T = absolute ? { ...R, path: removeDotSegments(R.path) } : transformReferences(base!, R);
  // recompose guards a "//" path with "/."; then components are re-read from the uri
  targetComponents = T.host === undefined && T.path.startsWith('//') ? undefined : T;
  return recompose(T);
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
  if (tag !== null) return !HTML_ELEMENTS.has(tag[1]!.toLowerCase()) && tag[0].length > tag[1]!.length; // </g>, <g/>, not <b>, </b>, <br/>, <file>
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
export function buildFound(text: string, span: Span, ctx: CandidateContext): Match | undefined {
  const hasBreak = span.hyphens.length > 0;
  const dropFirst = hasBreak && ctx.hyphen === 'drop';
  const reference = joinPieces(text, span, dropFirst);
  const plain = span.plain !== 0;
  const uri = resolveTarget(reference, ctx.base, span.relative, span.ascii, plain);
  if (uri === undefined) return undefined;
  const components = targetComponents;
  let alternates: readonly string[] = NONE;
  if (hasBreak) {
    const other = resolveTarget(joinPieces(text, span, !dropFirst), ctx.base, span.relative, span.ascii, plain);
    if (other !== undefined && other !== uri) alternates = [other];
  }
  const raw = span.pieces.length === 2 && !dropFirst ? reference : text.slice(span.start, span.end);
  return new Match(uri, reference, raw, components, span.delimiter, span.pieces.length > 2, alternates);
}
