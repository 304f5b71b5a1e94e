// What each element of a feed holds: RSS 2.0, RSS 1.0 (RDF), Atom (RFC
// 4287), Media RSS and iTunes; and of a sitemap (sitemaps.org 0.9, with
// Google's image and video extensions). Elements are known by their names in lower
// case, under the prefixes feeds usually write (see namespaces.ts: another
// prefix bound to a known namespace is read as that one); an Atom element
// in another feed under `atom:` or `atom10:`.

/** What an element's text is (see ROLE's members). */
export const Role = {
  /** Prose: scanned as text is (Appendix C), its absolute URIs taken. */
  Text: 0,
  /** One URI reference (RSS <link>, Atom <icon>, <uri>…): trimmed, resolved against the base in scope. */
  Url: 1,
  /** An identifier (Atom <id>, RSS <guid>): taken only when it is an absolute http(s) URI, a web address; tag: and urn: ids name nothing to fetch. */
  Id: 2,
  /** An HTML fragment, escaped or in CDATA (RSS <description>, <content:encoded>, Atom type="html"): read as HTML. */
  Html: 3,
  /** Atom type="xhtml": the child elements are XHTML, read as HTML. */
  Xhtml: 4,
  /** Read as nothing (Atom 0.3 content in base64). */
  None: 5,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/**
 * Elements whose text is one URI reference (wfw: the Well-Formed Web's
 * comment feed and comment API; a sitemap's `loc`, and its image and video
 * extensions' locations).
 */
const URL_TEXT = new Set([
  'link', 'icon', 'logo', 'uri', 'comments', 'docs', 'wfw:commentrss', 'wfw:comment',
  'loc', 'image:loc', 'video:thumbnail_loc', 'video:content_loc', 'video:player_loc',
]);

/** Elements whose text is HTML whatever their attributes say. */
const HTML_TEXT = new Set(['description', 'content:encoded', 'itunes:summary']);

/** Atom's text constructs (RFC 4287 §3.1) and content (§4.1.3): their `type` says what the text is. */
const TEXT_CONSTRUCTS = new Set(['title', 'subtitle', 'rights', 'summary', 'content']);

/** The attribute of an element that holds a URI reference. */
const URL_ATTRIBUTE = new Map([
  ['link', 'href'], ['content', 'src'], ['generator', 'uri'], ['enclosure', 'url'], ['source', 'url'],
  ['media:content', 'url'], ['media:thumbnail', 'url'], ['media:player', 'url'], ['itunes:image', 'href'],
]);

/** What an attribute other than the general rule's holds: a URI reference, an identifier (taken as Atom's <id> is), or a srcset's URLs. */
export type AttributeKind = 'url' | 'id' | 'srcset';

/**
 * The attributes, other than those the general rule names (isUrlAttribute),
 * that hold URIs on an element URL_ATTRIBUTE does not know: Atom
 * threading's in-reply-to (RFC 4685: `ref` the parent's atom:id, `source`
 * its feed), Podcasting 2.0's person (`img`) and images (`srcset`, as HTML's).
 */
const OTHER_ATTRIBUTES = new Map<string, ReadonlyMap<string, AttributeKind>>([
  ['thr:in-reply-to', new Map([['ref', 'id'], ['source', 'url']])],
  ['podcast:person', new Map([['img', 'url']])],
  ['podcast:images', new Map([['srcset', 'srcset']])],
]);

/** The attributes of RSS 1.0 (RDF) that name a resource, on any element: item, channel, image, textinput, rdf:li. */
export const RDF_ATTRIBUTES = ['rdf:about', 'rdf:resource'] as const;

/** The attributes read on any element: the base, a text construct's type, and those of URL_ATTRIBUTE, OTHER_ATTRIBUTES and RDF_ATTRIBUTES (and those isUrlAttribute names). */
export const READ_ATTRIBUTES = new Set(['xml:base', 'type', 'mode', 'href', 'src', 'uri', 'url', 'ref', 'source', 'img', 'srcset', ...RDF_ATTRIBUTES]);

/** The names of attributes that hold a URI reference on any element (see isUrlAttribute). */
const URL_NAMES = new Set(['href', 'url', 'src', 'uri', 'resource']);

/**
 * Does an attribute written `written` (`lower`: in lower case) hold a URI reference on an element no
 * table knows? Yes when it is named href, url, src, uri or resource (in any
 * case, without a prefix: a prefixed one is its vocabulary's), or when its
 * name ends in "Url", "URL", "-url" or "_url" (podcast:remoteItem's
 * feedUrl, podcast:socialInteract's accountUrl).
 */
export function isUrlAttribute(written: string, lower: string): boolean {
  const n = written.length;
  if (n >= 3 && n <= 8 && URL_NAMES.has(lower)) return true;
  if (n < 4 || (written.charCodeAt(n - 1) | 0x20) !== 0x6c) return false; // "l" or "L"
  const tail = written.slice(n - 3);
  const before = written.charCodeAt(n - 4);
  return tail === 'Url' || tail === 'URL' || (tail === 'url' && (before === 0x2d || before === 0x5f));
}

/** The attributes other than the general rule's that hold URIs on element `name`, by name (see OTHER_ATTRIBUTES). */
export function otherAttributes(name: string): ReadonlyMap<string, AttributeKind> | undefined {
  return OTHER_ATTRIBUTES.get(name);
}

/** An element's name as the tables know it: lower case, an Atom prefix dropped. */
export function elementName(written: string): string {
  const name = written.toLowerCase();
  return name.startsWith('atom:') ? name.slice(5) : name.startsWith('atom10:') ? name.slice(7) : name;
}

/** The attribute of element `name` that holds a URI reference, if any. */
export function urlAttribute(name: string): string | undefined {
  return URL_ATTRIBUTE.get(name);
}

/** Does element `name` open an item (RSS) or an entry (Atom)? */
export function opensItem(name: string): boolean {
  return name === 'item' || name === 'entry';
}

/**
 * The role of element `name` in `parent` (a name, undefined at the root),
 * `type` and `mode` its attributes (Atom; `mode` is Atom 0.3's).
 */
export function roleOf(name: string, parent: string | undefined, type: string | undefined, mode: string | undefined): Role {
  if (URL_TEXT.has(name) || (name === 'url' && parent === 'image')) return Role.Url;
  if (name === 'id' || name === 'guid') return Role.Id;
  if (HTML_TEXT.has(name)) return Role.Html;
  if (!TEXT_CONSTRUCTS.has(name)) return Role.Text;
  const t = type?.trim().toLowerCase();
  if (mode === 'base64') return Role.None;
  if (t === 'html' || t === 'text/html' || mode === 'escaped') return Role.Html;
  if (t === 'xhtml' || t === 'application/xhtml+xml' || mode === 'xml') return Role.Xhtml;
  return Role.Text;
}
