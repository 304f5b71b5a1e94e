// From a delimited candidate to what is emitted: IRI mapping (RFC 3987),
// validation (RFC 3986 §4.1) and resolution against the base (§5.2).

import type { UriComponents } from '../uri/components.js';
import { toUri } from '../uri/iri.js';
import { componentsFromOffsets, findSchemeEnd, offsets, scanUriReference } from '../uri/parse.js';
import { recompose } from '../uri/recompose.js';
import { removeDotSegments } from '../uri/remove-dot-segments.js';
import { transformReferences } from '../uri/resolve.js';
import { joinPieces, type Span } from './span.js';
import { Match, NONE } from './match.js';

export interface CandidateContext {
  base: UriComponents | undefined;
  hyphen: 'keep' | 'drop';
  /** Copy the strings of each Found out of the scanned text (see detach). */
  detach: boolean;
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
  reference: string, base: UriComponents | undefined, relative: boolean, ascii = false, plain = false, angle = false,
): string | undefined {
  targetComponents = undefined;
  const ref = ascii || !NON_ASCII.test(reference) ? reference : toUri(reference);
  if (ref === undefined || !scanUriReference(ref, undefined, plain && ascii)) return undefined;
  const absolute = offsets.schemeEnd !== -1;
  if (absolute && !mayHaveDotSegment(ref)) return ref; // the fast path
  if (!absolute && (base === undefined || !relative || !acceptRelative(ref, angle))) return undefined;
  const R = componentsFromOffsets(ref);
  const T = absolute ? { ...R, path: removeDotSegments(R.path) } : transformReferences(base!, R);
  // recompose guards a "//" path with "/."; then components are re-read from the uri
  targetComponents = T.host === undefined && T.path.startsWith('//') ? undefined : T;
  return recompose(T);
}

/**
 * "http://" or "mailto:" alone ("Prefix URLs with "http://"", or "//"
 * against a base) names a scheme; it is not a URI.
 */
function namesScheme(uri: string): boolean {
  if (uri.length > 70) return false; // longer than any scheme and "://"
  const colon = uri.indexOf(':');
  return uri.length === colon + 1 || (uri.length === colon + 3 && uri.charCodeAt(colon + 1) === 0x2f);
}

/**
 * A relative reference found between delimiters is taken when it looks like
 * one (§4.2): it starts with "/", "./", "../", "?", "#" or "//", or it is a
 * path with a delimiter in it ("g;x?y#s"); in quotes also a web file's name
 * ("about.html", "logo.png"). Plain words, e-mail addresses and
 * message-ids (an "@" with no "/" after it), tags, MIME types, dates, ellipses, slashed abbreviations
 * ("and/or", "N/A", "TCP/IP", "m/s"), shell paths ("~/bin", "$HOME/x"),
 * colours, keys, options and route patterns (NOT_A_LINK), globs and
 * code ("doIt()", "location.href='/x'": a path that does not start with
 * "/", "." "?" or "#" and holds an apostrophe, or a call before any "/")
 * are prose.
 */
export function acceptRelative(ref: string, angle = false): boolean {
  if (ref === '') return false;
  const at = ref.lastIndexOf('@');
  if (at !== -1 && ref.charCodeAt(0) !== 0x2f && ref.indexOf('/', at) === -1 && !RETINA.test(ref.slice(at + 1))) {
    return false; // <john@example.com>, <CAH+w=7/Q1@mail.gmail.com>; but "img/bg@2x.png"
  }
  if (ref.indexOf('...') !== -1) return false; // an ellipsis: "..." is prose
  if (!angle && FILE_NAME.test(ref)) return true; // href="about.html", src="logo.png"
  const tag = /^\/?([A-Za-z][A-Za-z0-9:_-]*)\/?$/.exec(ref);
  if (tag !== null) return isSlashedName(tag, angle);
  if (angle && (ref === '/' || ref === '?' || ref === '#')) return false; // </>, Java's Class<?>: code, not links
  if (MIME_OR_DATE.test(ref)) return false; // "text/javascript", "12/31/2024", "50/50"
  if (PROSE_PAIR.test(ref) || CAPITALS_PAIR.test(ref)) return false; // "and/or", "w/o", "N/A", "TCP/IP", "I/O"
  if (ref.startsWith('~/') || SHELL_VARIABLE.test(ref)) return false; // a shell path: "~/bin", "$HOME/bin", "/opt/bin:$PATH"
  if (NOT_A_LINK.test(ref)) return false; // "#fff", "#f4f4f4", "2024.??.??", "--config=x", "/users/:id"
  if (GLOB.test(ref)) return false; // "dist/*.js", "src/**": a glob
  const c0 = ref.charCodeAt(0);
  if (c0 === 0x2f || c0 === 0x3f || c0 === 0x23 || c0 === 0x2e) return true; // / ? # .
  if (ref.indexOf("'") !== -1 || CALL.test(ref)) return false; // JavaScript in an attribute: "location.href='/out'", "doIt()"
  return /[/?#;]/.test(ref);
}

/** A call: a name and "(" before any "/" ("doIt()", "history.back()"), not "docs/x(1).html". */
const CALL = /^[^/(]*\(/;

/** Pairs of words that prose writes with a slash: conjunctions, pronouns, units (as mapped to a URI: µ, ², ³ are percent-encoded). */
const PROSE_PAIR = new RegExp('^(?:and/or|either/or|w/o|yes/no|y/n|on/off|true/false|he/she|she/he|s/he|his/her|him/her|'
  + 'she/her|he/him|they/them|her/hers|his/him|c/o|b/w|h/t|w/e|n/a|read/write|input/output|client/server|ui/ux|'
  + 'pros/cons|before/after|thee/thou|km/h|km/s|m/s|ft/s|cm/s|mm/s|mg/dl|mmol/l|%C2%B5mol/l|mol/l|g/cm3|g/cm%C2%B3|'
  + 'kg/m3|kg/m%C2%B3|ml/min|l/min|kwh/m2|kwh/m%C2%B2|w/m2|w/m%C2%B2|req/s|ops/s|kb/s|mb/s|gb/s|mbit/s|gbit/s)$', 'i');
/** A shell variable anywhere ("$HOME", "${dir}"). */
const SHELL_VARIABLE = /\$[A-Za-z_{]/;
/**
 * Quoted things that are valid references but never links: a colour ("#fff",
 * "#333", "#f4f4f4"; not "#abc", a fragment), "??" (PGN's unknown date), a
 * command-line option ("--config=…") and a route pattern ("/users/:id").
 * ("?" and "#" alone are links: <form action="?">, <a href="#">.)
 */
const NOT_A_LINK = /^(?:#(?:([a-f])\1\1|(?=[a-f]*[0-9])[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|-.*|.*\?\?.*|.*\/:[A-Za-z].*)$/i;
/** A file name with a web file's extension, in quotes: src="logo.png", href="about.html". */
const FILE_NAME = /^[\w-]+\.(?:html?|xhtml|php|aspx?|jsp|cgi|css|js|mjs|json|xml|rss|atom|txt|md|pdf|png|jpe?g|gif|svg|webp|ico|zip|gz|tgz|mp[34]|webm|woff2?|ttf|csv)$/i;
/** A high-resolution image's suffix after "@" ("bg@2x.png", "icon@1.5x.jpg"). */
const RETINA = /^\d+(?:\.\d+)?x[._-]/;
/** A "*" in the path: a glob ("dist/*.js", "src/**.ts"), not a link. */
const GLOB = /^[^?#]*\*/;
/** Two words in capitals: an abbreviation ("N/A", "TCP/IP", "I/O", "A/B"), not a path. */
const CAPITALS_PAIR = /^[A-Z]{1,6}\/[A-Z]{1,6}$/;

const MIME_OR_DATE = /^(?:(?:text|application|image|audio|video|font|model|multipart|message)\/[A-Za-z0-9.+-]+|[0-9]+(?:\/[0-9]+)+)$/i;

/**
 * A name with a slash before or after it ("/g", "g/", </g>, <g/>). Without
 * the slash it is a plain word: prose. In quotes it is a path ("/about").
 * In angle brackets it has the shape of an end tag or an empty element, so
 * it is taken only when it is no known tag name (HTML, SVG, RSS, Atom,
 * sitemaps), no custom element ("my-widget") and no prefixed name
 * ("dc:creator"); between two slashes (</docs/>) it is a path.
 */
function isSlashedName(tag: RegExpExecArray, angle: boolean): boolean {
  const name = tag[1]!;
  const slashes = tag[0].length - name.length;
  if (slashes === 0) return false;
  if (!angle || slashes === 2) return true;
  return !TAG_NAMES.has(name.toLowerCase()) && name.indexOf('-') === -1 && name.indexOf(':') === -1;
}

const TAG_NAMES: ReadonlySet<string> = new Set([
  // HTML
  ...('a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas caption center '
    + 'cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure '
    + 'font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link '
    + 'main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q '
    + 'rp rt ruby s samp script search section select slot small source span strike strong style sub summary sup '
    + 'table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr').split(' '),
  // SVG and MathML ("g" is left out: </g> and <g/> are the RFC's examples)
  ...('svg path rect circle ellipse line polyline polygon text tspan textpath defs use symbol marker mask pattern '
    + 'lineargradient radialgradient stop clippath filter foreignobject image animate animatetransform set desc metadata '
    + 'fegaussianblur feoffset feblend femerge femergenode fecolormatrix feflood fecomposite '
    + 'math mi mo mn mrow msup msub msubsup mfrac msqrt mroot mtext mtable mtr mtd mspace semantics annotation').split(' '),
  // feeds, sitemaps and common XML documents
  ...('rss channel item guid pubdate description category enclosure author feed entry id updated published summary '
    + 'content loc lastmod changefreq priority url urlset sitemap sitemapindex config configuration enabled debug '
    + 'name value key property properties project version dependency dependencies').split(' '),
]);

/**
 * Is the quote at `open` a MIME parameter's value (`filename="report.pdf"`,
 * `name="logo.png"` in a mail's headers)? A file name there is no link.
 */
function isMimeParameter(text: string, open: number): boolean {
  if (text.charCodeAt(open - 1) !== 0x3d) return false; // "="
  const from = Math.max(0, open - 10);
  return /(?:^|[^A-Za-z0-9_-])(?:file)?name\*?=$/i.test(text.slice(from, open));
}

/** Build the Found for a span; position fields are filled in by the scanner. */
export function buildFound(text: string, span: Span, ctx: CandidateContext): Match | undefined {
  const hasBreak = span.hyphens.length > 0;
  const dropFirst = hasBreak && ctx.hyphen === 'drop';
  const reference = joinPieces(text, span, dropFirst);
  const plain = span.plain !== 0;
  const angle = span.delimiter === 'angle';
  if (!angle && ctx.base !== undefined && isMimeParameter(text, span.start - 1) && findSchemeEnd(reference) === -1) return undefined;
  const uri = resolveTarget(reference, ctx.base, span.relative, span.ascii, plain, angle);
  if (uri === undefined || namesScheme(uri)) return undefined;
  const components = targetComponents;
  let alternates: readonly string[] = NONE;
  if (hasBreak) {
    const other = resolveTarget(joinPieces(text, span, !dropFirst), ctx.base, span.relative, span.ascii, plain, angle);
    if (other !== undefined && other !== uri) alternates = [other];
  }
  const raw = span.pieces.length === 2 && !dropFirst ? reference : text.slice(span.start, span.end);
  const repaired = span.pieces.length > 2;
  if (!ctx.detach) return new Match(uri, reference, raw, components, span.delimiter, repaired, alternates);
  const own = detach(uri);
  const ownReference = reference === uri ? own : detach(reference);
  return new Match(
    own, ownReference, raw === reference ? ownReference : detach(raw), components && detachComponents(components),
    span.delimiter, repaired, alternates === NONE ? NONE : alternates.map(detach),
  );
}

/**
 * A copy of `s` that does not keep the scanned text alive. V8 makes a
 * substring of 13 characters or more a view into its parent string, so a
 * Found kept by a consumer would keep its whole chunk: keeping 1% of the
 * URIs of a 32 MiB log kept all 32 MiB. Joined to a blank, the string is
 * flattened into a new one; the slice then views only that copy.
 */
function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

function detachComponents(c: UriComponents): UriComponents {
  const own = (s: string | undefined): string | undefined => (s === undefined ? s : detach(s));
  return {
    scheme: own(c.scheme), userinfo: own(c.userinfo), host: own(c.host), port: own(c.port), hostType: c.hostType,
    path: detach(c.path), query: own(c.query), fragment: own(c.fragment),
  };
}
