// From a delimited candidate to what is emitted: IRI mapping (RFC 3987),
// validation (RFC 3986 §4.1) and resolution against the base (§5.2).

import type { UriComponents } from '../uri/components.js';
import { toUri } from '../uri/iri.js';
import { componentsFromOffsets, findSchemeEnd, scanUriReference, type UriOffsets } from '../uri/parse.js';
import { recompose } from '../uri/recompose.js';
import { removeDotSegments } from '../uri/remove-dot-segments.js';
import { transformReferences } from '../uri/resolve.js';
import { acceptRelative, callArgument, closesElement, closesWord, includeDirective, isMimeParameter, type Where } from './relative.js';
import { joinPieces, segmentStartHyphens, type Span } from './span.js';
import { FoundRecord, NONE } from './match.js';
import { TargetMemo } from './memo.js';
import type { ResolveState } from './state.js';
import type { Delimiter } from './types.js';
import { AT, COLON, DOT, EQUALS, HASH, LPAREN, QUESTION, RBRACKET, SLASH, STAR, isAlpha } from './chars.js';
import { hidesAddress } from './glued.js';
import { emptyWebHost, portToCome } from './shapes.js';
import { detach } from './detach.js';
import { holdsVariable } from './variable.js';
import { namedHost } from './named-host.js';
import { holdsGlob } from './wildcard.js';

export interface CandidateContext {
  base: UriComponents | undefined;
  hyphen: 'keep' | 'drop';
  /** Copy the strings of each Found out of the scanned text (see detach). */
  detach: boolean;
  /** References found lately that were their own target. */
  memo: TargetMemo;
  /** The scan's state (resolveTarget's offsets and components). */
  state: ResolveState;
  /** The text was decoded from a charset that is no Unicode one: an IRI is NFC-normalized first (RFC 3987 §3.1 step 1b). */
  nfc: boolean;
}

/** RFC 3987 §3.1: step 1b normalizes an IRI read from a non-Unicode charset to NFC; step 1c leaves a Unicode one as it is. */
function asIri(reference: string, ascii: boolean, ctx: CandidateContext): string {
  return ctx.nfc && !ascii ? reference.normalize('NFC') : reference;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** True when the path of `ref`, scanned into `o`, may hold a dot-segment (§5.2.4). */
function mayHaveDotSegment(o: UriOffsets, ref: string): boolean {
  const end = o.queryStart !== -1 ? o.queryStart : o.fragmentStart !== -1 ? o.fragmentStart : ref.length;
  const i = ref.indexOf('/.', o.pathStart);
  return (i !== -1 && i < end) || (o.pathStart < end && ref.charCodeAt(o.pathStart) === DOT);
}

/**
 * The resolved target of a reference, or undefined when it is no URI (or is
 * relative without a base). Its components, when resolution built them, are
 * left in `st.targetComponents` (else undefined: they are parsed on demand).
 */
export function resolveTarget(
  st: ResolveState, reference: string, base: UriComponents | undefined, relative: boolean, ascii = false, queryOnly = false,
  where: Where = 'quote',
): string | undefined {
  st.targetComponents = undefined;
  const o = st.offsets;
  let ref = ascii || !NON_ASCII.test(reference) ? reference : toUri(reference);
  if (ref === undefined) return undefined;
  if (!scanUriReference(o, ref, undefined, queryOnly && ascii)) {
    const path = where === 'target' ? encodePathBrackets(ref) : ref;
    ref = encodeDataDelimiters(path) ?? (path !== ref ? path : undefined);
    if (ref === undefined || !scanUriReference(o, ref)) return undefined;
  }
  const absolute = o.schemeEnd !== -1;
  if (absolute && !mayHaveDotSegment(o, ref)) return ref; // the fast path
  if (!absolute && (base === undefined || !relative || !acceptRelative(ref, where, base.scheme === 'file'))) return undefined;
  const R = componentsFromOffsets(o, ref);
  const T = absolute ? { ...R, path: removeDotSegments(R.path) } : transformReferences(base!, R);
  // recompose guards a "//" path with "/."; then components are re-read from the uri
  st.targetComponents = T.host === undefined && T.path.startsWith('//') ? undefined : T;
  return recompose(T);
}

/**
 * `ref` with the characters that a query or fragment holds as data but
 * RFC 3986 refuses there percent-encoded, as a browser's URL parser keeps
 * them: "[" and "]" (gen-delims, §3.4–3.5: `?filter[status]=open`,
 * `?ids[]=1`) and a "#" after the one that starts the fragment
 * (`https://matrix.to/#/#room:example.org`). Undefined when there is none.
 */
function encodeDataDelimiters(ref: string): string | undefined {
  const hash = ref.indexOf('#');
  const question = ref.indexOf('?');
  const from = question !== -1 && (hash === -1 || question < hash) ? question : hash; // where the query or fragment starts
  if (from === -1) return undefined;
  const tail = ref.slice(from + 1);
  const split = from === hash ? -1 : tail.indexOf('#'); // the fragment's "#" after a query
  const fixed = split === -1 ? encodeData(tail) : `${encodeData(tail.slice(0, split))}#${encodeData(tail.slice(split + 1))}`;
  return fixed === tail ? undefined : ref.slice(0, from + 1) + fixed;
}

/**
 * `ref` with the "[" and "]" of its path percent-encoded: a Markdown link's
 * target is delimited by "](…)", so its brackets are the path's
 * ("…/intrinsics/svzip1q[_u8]"), which RFC 3986 §3.3 refuses there. An
 * IP-literal's stay (after "//", up to the authority's end).
 */
function encodePathBrackets(ref: string): string {
  const colon = findSchemeEnd(ref);
  let from = colon + 1;
  if (ref.startsWith('//', from)) {
    from += 2;
    while (from < ref.length && !AUTHORITY_END.has(ref.charCodeAt(from))) from++;
  }
  let to = from;
  while (to < ref.length && ref.charCodeAt(to) !== QUESTION && ref.charCodeAt(to) !== HASH) to++;
  const path = ref.slice(from, to);
  const fixed = path.replace(/[[\]]/g, (c) => (c === '[' ? '%5B' : '%5D'));
  return fixed === path ? ref : ref.slice(0, from) + fixed + ref.slice(to);
}

/** Characters that end an authority (RFC 3986 §3.2): "/", "?", "#". */
const AUTHORITY_END: ReadonlySet<number> = new Set([SLASH, QUESTION, HASH]);

const encodeData = (s: string): string => s.replace(/[[\]#]/g, (c) => (c === '#' ? '%23' : c === '[' ? '%5B' : '%5D'));

/**
 * Does the text before the opener at `open` say the relative `reference` is
 * no link: a MIME parameter's name (`filename="x.pdf"`), `#include`, a
 * quote that closes a word (`"to"/"two"`), or a call whose argument is one
 * letter (`RegExp(s, "g")`)?
 */
function notALinkBefore(text: string, open: number, angle: boolean, reference: string): boolean {
  if (angle) return includeDirective(text, open);
  if (isMimeParameter(text, open) || includeDirective(text, open) || closesWord(text, open, reference)) return true;
  return reference.length === 1 && isAlpha(reference.charCodeAt(0)) && callArgument(text, open);
}

/**
 * "http://" or "mailto:" alone ("Prefix URLs with "http://"", or "//"
 * against a base) names a scheme; it is not a URI. So does "http:*" or
 * "https:*", any URL of the scheme (Java's URLPermission in a policy file).
 */
export function namesScheme(uri: string): boolean {
  if (uri.length > 70) return false; // longer than any scheme and "://"
  const rest = uri.length - uri.indexOf(':');
  if (rest > 3) return false; // the common case
  return rest === 1
    || (rest === 3 && uri.charCodeAt(uri.length - 2) === SLASH && uri.charCodeAt(uri.length - 1) === SLASH) // "file:/x" is a URI
    || (rest === 2 && uri.charCodeAt(uri.length - 1) === STAR && HTTP_SCHEME.test(uri)); // "https:*": any https URL
}

/** "http:" or "https:" in any case, at a URI's start. */
const HTTP_SCHEME = /^https?:/i;

/** Characters no host name or address starts with: RFC 3986's sub-delims, and "." "-" "~" ("_" starts DNS labels such as _dmarc). */
const NO_HOST_START = "!$&'()*+,;=.-~";

/**
 * "http://.*gnome.org" (a regex), "https://*.example.com/" (a wildcard),
 * "http://$URL" (a shell variable), a uuencoded line's "Q://*1": valid
 * reg-names, but no DNS name or address starts so. Such a URI is a pattern
 * or a placeholder, not a link.
 */
export function placeholderHost(uri: string): boolean {
  const i = uri.indexOf('://');
  if (i === -1 || i + 3 >= uri.length) return false;
  const h = afterMaskedUserinfo(uri, i + 3);
  return NO_HOST_START.includes(uri.charAt(h)) || escapedInAuthority(uri, h);
}

/**
 * Where the host starts after a masked userinfo, "***@" or "***:***@" (a
 * CI log's hidden credentials: "https://***@github.com/o/r.git"); else
 * `from`, the authority's start.
 */
function afterMaskedUserinfo(uri: string, from: number): number {
  let k = from;
  while (uri.charCodeAt(k) === STAR) k++;
  if (k === from) return from;
  if (uri.charCodeAt(k) === COLON) {
    const stars = ++k;
    while (uri.charCodeAt(k) === STAR) k++;
    if (k === stars) return from;
  }
  return uri.charCodeAt(k) === AT ? k + 1 : from;
}

/**
 * placeholderHost, a host that is a placeholder's name in capitals
 * ("https://SERVER/api", "gs://BUCKET/KEY": namedHost), or a "*" glob
 * ("gs://b*", "https://example.com/*": holdsGlob): text's reading of a
 * URI with an authority. A log's target is a request's, its host a real
 * one, and is judged by placeholderHost alone.
 */
function patternOrPlaceholder(uri: string): boolean {
  const i = uri.indexOf('://');
  if (i === -1 || i + 3 >= uri.length) return false;
  const h = afterMaskedUserinfo(uri, i + 3);
  return NO_HOST_START.includes(uri.charAt(h)) || escapedInAuthority(uri, h) || namedHost(uri, i) || holdsGlob(uri, i);
}

/**
 * Does the authority from `from` hold an escaped placeholder's "&lt;" or
 * "&gt;" ("https://x.&lt;region&gt;.example.com/" in escaped markup, as
 * "<region>" there)? "&" and ";" are sub-delims, valid in a reg-name, but
 * no DNS name holds them.
 */
function escapedInAuthority(uri: string, from: number): boolean {
  let k = uri.indexOf('&', from);
  if (k === -1) return false; // the common case: one native search
  let end = from;
  while (end < uri.length && !AUTHORITY_END.has(uri.charCodeAt(end))) end++;
  for (; k !== -1 && k < end; k = uri.indexOf('&', k + 1)) {
    if (uri.startsWith('&lt;', k) || uri.startsWith('&gt;', k)) return true;
  }
  return false;
}

/**
 * `uri` when it is a link: no scheme alone, no placeholder host
 * or pattern (patternOrPlaceholder), no empty host of a scheme that needs one (emptyWebHost), no
 * variable (rule 8; looked for when `dollar`: a "$" was seen, or the
 * candidate is delimited); both readings of a hyphen break are judged so.
 */
function linkTarget(uri: string | undefined, dollar: boolean): string | undefined {
  if (uri === undefined || namesScheme(uri) || patternOrPlaceholder(uri)) return undefined; // "http://$URL", "https://SERVER/api", "gs://b*"
  const colon = uri.indexOf(':');
  if (portToCome(uri, colon, uri.length) || emptyWebHost(uri, colon)) return undefined; // "http://?x": no host to send it to

  return dollar && holdsVariable(uri) ? undefined : uri;
}

/**
 * The Found of a reference that is its own target (as found, as written),
 * remembered for its repeats when it is a copy: a Found that views the text
 * comes from quickHttp, which then asks no memo (see EnclosedContext.memo).
 */
function ownFound(uri: string, delimiter: Delimiter, ctx: CandidateContext): FoundRecord {
  if (!ctx.detach) return new FoundRecord(uri, uri, uri, undefined, delimiter, false, NONE);
  const own = detach(uri);
  ctx.memo.remember(own);
  return new FoundRecord(own, own, own, undefined, delimiter, false, NONE);
}

/** Where the candidate at `start` is: its opener, and what stands before it (name="q", "](https://…)"). */
function whereOf(text: string, start: number, angle: boolean): Where {
  if (angle) return 'angle';
  const before = text.charCodeAt(start - 2);
  if (before === EQUALS) return 'attribute';
  return before === RBRACKET && text.charCodeAt(start - 1) === LPAREN ? 'target' : 'quote';
}

/** Build the Found for a span; position fields are filled in by the scanner. */
export function buildFound(text: string, span: Span, ctx: CandidateContext): FoundRecord | undefined {
  const known = span.known; // the scan took it from the memo
  if (known !== undefined) return new FoundRecord(known, known, known, undefined, span.delimiter, false, NONE);
  if (span.plain) return ownFound(span.sliced!, span.delimiter, ctx);
  const hasBreak = span.hyphens.length > 0;
  const dropFirst = hasBreak && (ctx.hyphen === 'drop' || segmentStartHyphens(text, span)); // rule 5: "/-⏎" is a wrapping tool's
  const sliced = span.sliced; // the scan sliced it, and the memo did not hold it
  let reference = sliced ?? joinPieces(text, span, dropFirst);
  if (sliced === undefined && span.pieces.length === 2 && !hasBreak) { // the common case: nothing repaired, raw = reference, no other reading
    const recalled = ctx.memo.recall(reference, text, span.start);
    if (recalled !== undefined) return new FoundRecord(recalled, recalled, recalled, undefined, span.delimiter, false, NONE);
  }
  const queryOnly = span.queryOnly !== 0;
  const angle = span.delimiter === 'angle';
  if (ctx.base !== undefined && findSchemeEnd(reference) === -1 && notALinkBefore(text, span.start - 1, angle, reference)) return undefined;
  if (angle && ctx.base !== undefined && closesElement(text, span.start - 1, reference)) return undefined; // <family>Arial</family>
  const where = whereOf(text, span.start, angle);
  const dollar = span.dollar || span.delimiter !== 'none';
  let uri = linkTarget(resolveTarget(ctx.state, asIri(reference, span.ascii, ctx), ctx.base, span.relative, span.ascii, queryOnly, where), dollar);
  let components = ctx.state.targetComponents;
  let alternates: readonly string[] = NONE;
  if (hasBreak) { // the other reading of the hyphens at breaks: an alternate, or the URI when only it is one ("http://a.example:8-⏎0/")
    const otherReference = joinPieces(text, span, !dropFirst);
    const other = linkTarget(resolveTarget(ctx.state, asIri(otherReference, span.ascii, ctx), ctx.base, span.relative, span.ascii, queryOnly, where), dollar);
    if (uri === undefined && other !== undefined) {
      uri = other;
      reference = otherReference;
      components = ctx.state.targetComponents;
    } else if (other !== undefined && other !== uri) alternates = [other];
  }
  if (uri === undefined) return undefined;
  const raw = span.pieces.length === 2 && !dropFirst ? reference : text.slice(span.start, span.end);
  const repaired = span.pieces.length > 2;
  if (repaired && span.delimiter !== 'none' && hidesAddress(raw)) return undefined; // "<mailto:xcb at lists.freedesktop.org>": no URI wrapped across lines, taking out the blanks would make another address
  const ownTarget = raw === uri && components === undefined && !repaired && alternates === NONE;
  if (!ctx.detach) {
    if (ownTarget) ctx.memo.remember(uri);
    return new FoundRecord(uri, reference, raw, components, span.delimiter, repaired, alternates);
  }
  const own = detach(uri);
  if (ownTarget) ctx.memo.remember(own);
  const ownReference = reference === uri ? own : detach(reference);
  return new FoundRecord(
    own, ownReference, raw === reference ? ownReference : detach(raw), undefined, // components: parsed from `own` if asked for
    span.delimiter, repaired, alternates === NONE ? NONE : alternates.map(detach),
  );
}
