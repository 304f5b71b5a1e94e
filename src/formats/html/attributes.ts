// Which attributes of which elements hold URLs, how long each may be, and
// how a URL written in one becomes the URI it names (RFC 3986 §5.2).

import { namedScheme, type SchemePolicy } from '../../delimit/schemes.js';
import type { UriComponents } from '../../uri/components.js';
import { toUri } from '../../uri/iri.js';
import { findSchemeEnd, parse } from '../../uri/parse.js';
import { recompose } from '../../uri/recompose.js';
import { removeDotSegments } from '../../uri/remove-dot-segments.js';
import { transformReferences } from '../../uri/resolve.js';
import { percentEncodeIn } from '../bytes.js';
import { hidesAddress } from '../../delimit/glued.js';
import { plainHttpScheme } from '../../delimit/plain.js';

/**
 * How an attribute's value holds its URLs ('list': separated by blanks, as
 * ping's); 'pragma', 'label' and 'content' are <meta>'s, read together (a
 * 'label' names what the content is: a <meta>'s name, property or itemprop;
 * a <script>'s type is one too, read for JSON-LD); 'srcdoc': a document, read
 * by a reader of its own (see srcdoc.ts).
 */
export type Kind = 'url' | 'srcset' | 'list' | 'pragma' | 'content' | 'label' | 'srcdoc';

/** The URL attributes (HTML's "URL-valued" content attributes), and the elements they hold URLs on ('*': any). */
const URL_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string> | '*'> = new Map<string, ReadonlySet<string> | '*'>([
  ['href', new Set(['a', 'area', 'link', 'base'])], ['xlink:href', '*'],
  ['src', new Set(['audio', 'embed', 'frame', 'iframe', 'image', 'img', 'input', 'script', 'source', 'track', 'video'])],
  ['srcset', new Set(['img', 'source'])], ['action', new Set(['form'])], ['formaction', new Set(['button', 'input'])],
  ['cite', new Set(['blockquote', 'q', 'del', 'ins'])],
  ['background', new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th'])], // obsolete, still fetched
  ['poster', new Set(['video'])], ['data', new Set(['object'])], ['longdesc', new Set(['img', 'frame', 'iframe'])],
  ['manifest', new Set(['html'])], ['imagesrcset', new Set(['link'])], ['ping', new Set(['a', 'area'])],
]);

/** The attributes of <meta> kindOf gives a kind to. */
const META_KINDS: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ['http-equiv', 'pragma'], ['content', 'content'], ['name', 'label'], ['property', 'label'], ['itemprop', 'label'],
]);

/** Label attributes (see Kind), which no element but <meta> and <script> reads. */
export const LABELS: readonly string[] = ['name', 'property', 'itemprop', 'type'];

/** Every attribute name kindOf may give a kind to. */
export const URL_NAMES: readonly string[] = [...URL_ATTRIBUTES.keys(), 'srcdoc', 'http-equiv', 'content', ...LABELS];

/**
 * The kind of attribute `name` on element `element` (`foreign`: in <svg> or
 * <math>), or undefined when it holds no URL there: `<div href>`, `<div src>`
 * and `<span cite>` name nothing a browser fetches. A custom element's
 * (`<sl-button href>`, `<my-player src>`) is read, and in SVG and MathML any
 * element may have an href (SVG 2's `<use href>`, `<image href>`).
 */
export function kindOf(element: string, name: string, foreign = false): Kind | undefined {
  if (element === 'meta') return META_KINDS.get(name);
  if (element === 'script' && name === 'type') return 'label'; // JSON-LD's (see json-ld.ts)
  if (element === 'iframe' && name === 'srcdoc') return 'srcdoc';
  const on = URL_ATTRIBUTES.get(name);
  if (on === undefined) return undefined;
  if (on !== '*' && !on.has(element) && !(foreign && name === 'href') && !(element.includes('-') && (name === 'href' || name === 'src'))) return undefined;
  return name === 'srcset' || name === 'imagesrcset' ? 'srcset' : name === 'ping' ? 'list' : 'url';
}

/** The longest value kept: one URL, or a srcset of several, or a refresh's time and URL. */
export function limitOf(kind: Kind, maxLength: number): number {
  return kind === 'srcset' || kind === 'list' ? maxLength * 16 : kind === 'content' ? maxLength + 64 : kind === 'pragma' || kind === 'label' ? 64 : maxLength;
}

/** Elements whose boundaries are line breaks in the text (not a row's cells, which stand side by side: a space). */
export const BLOCK: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'center', 'dd', 'details', 'dialog', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head',
  'header', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'option', 'p', 'pre', 'section', 'summary',
  'table', 'tbody', 'tfoot', 'thead', 'title', 'tr', 'ul',
]);

/**
 * Phrasing elements that style a run of text (<em>, <b>, <span>, <code>, <font>…): a browser
 * draws no gap at their boundaries, and mail and word processors cut URLs into them
 * (`http://a/<em>x</em>`, `<span>http://www.exa</span><span>mple.com/</span>`). Not <a>, whose
 * end is the end of its link text, nor <sub>/<sup>, <s>/<del>/<ins> and <q>, which add marks,
 * numbers or text that is no part of a URL before them.
 */
export const INLINE: ReadonlySet<string> = new Set([
  'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'code', 'em', 'font', 'i', 'kbd', 'mark', 'nobr', 'samp', 'small', 'span',
  'strong', 'tt', 'u', 'var',
]);

/** Elements whose content htmlparser2's tokenizer reads as raw text or RCDATA (its "special" tags). */
export const RAW: ReadonlySet<string> = new Set(['iframe', 'noembed', 'noframes', 'plaintext', 'script', 'style', 'title', 'textarea', 'xmp']);

/** Elements whose content is not text a reader sees. */
export const HIDDEN: ReadonlySet<string> = new Set(['script', 'style']);

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The URI a URL attribute names: the value mapped from an IRI (RFC 3987
 * §3.1), checked (RFC 3986 §4.1) and resolved against `base` (§5.2);
 * undefined when it is no URI reference even as a browser fixes it up
 * (fixUp), when it is relative and there is no base, or when the `schemes`
 * option leaves its scheme out.
 */
export function targetOf(value: string, base: UriComponents | undefined, policy: SchemePolicy, queryCharset?: string): string | undefined {
  const end = findSchemeEnd(value);
  if (base === undefined && end === -1) return undefined; // relative, and no base: not parsed
  if (end === value.length - 1) return undefined; // "x:": a scheme alone names a scheme, it is no URI (as in text)
  if (end === 1 && isPathStart(value.charCodeAt(2)) && !namedScheme(policy, value[0]!.toLowerCase())) return undefined; // "C:\Users\…", "d:/x": a drive letter
  const http = end === 4 || end === 5 ? plainHttpScheme(value) : undefined; // an http(s) URL that needs no parse
  if (http !== undefined) return takes(policy, http) ? value : undefined;
  let ref = referenceOf(value, base, queryCharset);
  let R = ref === undefined ? undefined : parse(ref);
  if (R === undefined) {
    const fixed = fixUp(value, base);
    if (fixed !== value) ref = referenceOf(fixed, base, queryCharset);
    R = fixed === value || ref === undefined ? undefined : parse(ref);
  }
  if (R !== undefined && R.scheme !== undefined && !R.host && NEEDS_HOST.has(R.scheme.toLowerCase())) {
    ref = withHost(ref!, R.scheme.length, base);
    R = ref === undefined ? undefined : parse(ref);
    if (R?.scheme !== undefined && !R.host) return undefined; // "http://", "https://?q": no host to name
  }
  if (R === undefined || ref === undefined || (R.scheme === undefined && base === undefined)) return undefined;
  const path = R.scheme !== undefined ? removeDotSegments(R.path) : undefined;
  const T = path === undefined ? transformReferences(base!, R) : path === R.path ? R : { ...R, path };
  const scheme = T.scheme?.toLowerCase();
  if (scheme === undefined || policy.excluded.has(scheme)) return undefined;
  if (policy.only !== undefined && !policy.only.has(scheme)) return undefined;
  return T === R ? ref : recompose(T); // an absolute URI with no dot-segment is its own target (RFC 3986 §5.2.2)
}

/** Does `policy` take URIs of `scheme` (lower case)? */
function takes(policy: SchemePolicy, scheme: string): boolean {
  return !policy.excluded.has(scheme) && (policy.only === undefined || policy.only.has(scheme));
}

/** "/" or "\\": after a one-letter scheme, a Windows path's drive letter. */
const isPathStart = (c: number): boolean => c === 0x2f || c === 0x5c;

/** `value` as a URI reference: an IRI mapped to one (its query in the page's charset, see queryIn); undefined when it maps to none. */
function referenceOf(value: string, base: UriComponents | undefined, queryCharset: string | undefined): string | undefined {
  if (!NON_ASCII.test(value)) return value;
  return toUri(queryCharset === undefined ? value : queryIn(value, queryCharset, base));
}

/** `url` with the ASCII characters no URI holds anywhere (a space, `"<>\\^\`{|}`, controls) percent-encoded. */
function escapeUnsafe(url: string): string {
  return url.replace(/[\x00-\x20"<>\\^`{|}\x7f]/g, percentOf);
}

const percentOf = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The schemes WHATWG URL calls special: a backslash in their URLs is a "/". */
const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

/**
 * A URL that RFC 3986 refuses, as a browser's URL parser reads it (WHATWG
 * URL), written as a URI reference: a backslash is a "/" before the query
 * of a special scheme's URL; an "@" of the authority but the last, a "%" that
 * starts no escape, a second "#", a "[" or "]" outside the host and the
 * characters no URI holds (escapeUnsafe) are percent-encoded; a relative
 * path whose first segment holds a ":" ("1a:b") gets a "./"; a blank in the
 * host is left, so the host stays none. So
 * `my file.pdf`, `mailto:x@y?subject=hi there` and `tel:+1 555 0100` are
 * links, as they are in a browser.
 */
export function fixUp(url: string, base: UriComponents | undefined): string {
  if (namesNothing(url)) return url;
  const schemeEnd = findSchemeEnd(url);
  const scheme = schemeEnd === -1 ? base?.scheme : url.slice(0, schemeEnd);
  let rest = schemeEnd === -1 ? url : url.slice(schemeEnd + 1);
  if (scheme !== undefined && SPECIAL.has(scheme.toLowerCase())) {
    const query = rest.search(/[?#]/);
    rest = query === -1 ? rest.replace(/\\/g, '/') : rest.slice(0, query).replace(/\\/g, '/') + rest.slice(query);
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash + 1) + rest.slice(hash + 1).replace(/#/g, '%23');
  let authority = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    authority = end === -1 ? rest : rest.slice(0, end + 2);
    rest = rest.slice(authority.length);
    const at = authority.lastIndexOf('@');
    if (at !== -1) authority = authority.slice(0, at).replace(/@/g, '%40') + authority.slice(at);
  } else if (schemeEnd === -1 && /^[^/?#]*:/.test(rest)) rest = `./${rest}`; // "1a:b": a path, not a scheme
  rest = escapeUnsafe(rest.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')).replace(/[[\]]/g, percentOf);
  return (schemeEnd === -1 ? '' : url.slice(0, schemeEnd + 1)) + authority + rest; // a host with a blank stays no host
}

/**
 * A template's braces or tag, or a placeholder's angle brackets (a page's template
 * source, "{{ url }}", "/users/{id}", "https://github.com/<user>/repo"): no
 * fix-up makes such a value a link, nor one that hides an address
 * ("mailto:bob at example.org": hidesAddress).
 */
const TEMPLATE = /[{}<>]|\[%/; // braces, angle brackets, Template Toolkit's "[% … %]"

/** A template ("{{ pathto(doc) }}", "{id}", "<user>") or a hidden address: no fix-up makes it a link, against any base. */
export const namesNothing = (url: string): boolean => TEMPLATE.test(url) || hidesAddress(url);

/** The special schemes of WHATWG URL that have a host (not file): RFC 3986 §3.2.2, "the http scheme considers a missing authority or empty host invalid". */
const NEEDS_HOST = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/**
 * A URL of NEEDS_HOST with no host ("http:/a.example/x", "https:///a.example",
 * "http:x"), as a browser reads it (WHATWG URL): without "//" and with a base
 * of its scheme, relative (RFC 3986 §5.2.2, the non-strict parser); else its
 * host is what follows the slashes and backslashes after the scheme.
 */
function withHost(ref: string, schemeEnd: number, base: UriComponents | undefined): string | undefined {
  const rest = ref.slice(schemeEnd + 1);
  if (!rest.startsWith('//') && base?.scheme?.toLowerCase() === ref.slice(0, schemeEnd).toLowerCase()) return rest === '' ? undefined : rest;
  let i = 0;
  while (i < rest.length && (rest.charCodeAt(i) === 0x2f || rest.charCodeAt(i) === 0x5c)) i++;
  return `${ref.slice(0, schemeEnd)}://${rest.slice(i)}`;
}

/** Schemes whose query a browser encodes in the page's charset (WHATWG URL: the special ones but ws and wss). */
const PAGE_CHARSET_QUERY = new Set(['http', 'https', 'ftp', 'file']);

/**
 * `value` with the non-ASCII of its query percent-encoded in the page's
 * charset, as a browser requests it; the rest is left to the IRI mapping
 * (UTF-8). Only for a URL whose scheme (or, relative, the base's) is special.
 */
function queryIn(value: string, charset: string, base: UriComponents | undefined): string {
  const q = value.indexOf('?');
  if (q === -1) return value;
  const hash = value.indexOf('#', q);
  const end = hash === -1 ? value.length : hash;
  const schemeEnd = findSchemeEnd(value);
  const scheme = schemeEnd === -1 ? base?.scheme : value.slice(0, schemeEnd);
  if (scheme === undefined || !PAGE_CHARSET_QUERY.has(scheme.toLowerCase()) || !NON_ASCII.test(value.slice(q, end))) return value;
  return value.slice(0, q) + percentEncodeIn(value.slice(q, end), charset) + value.slice(end);
}


/** The policy of a <base href>: the base is the base, whatever the `schemes` option takes. */
export const ANY_SCHEME: SchemePolicy = { opaque: new Set(), only: undefined, excluded: new Set() };
