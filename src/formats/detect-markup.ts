// mode 'auto', the markup rules: an HTML document ("<!doctype html",
// "<html", after blanks, XML declarations and comments) and a feed (an XML
// document whose root is RSS's, RSS 1.0's, Atom's, OPML's or a sitemap's).
// See detect.ts.

/** A rule's answer: true or false, or undefined while more of the input may change it. */
export type Verdict = boolean | undefined;

/** Blanks: JavaScript's \s (U+00A0 and U+FEFF among them). */
const BLANKS = /\s*/y;

/** Where the blanks from `at` end. */
function skipBlanks(text: string, at: number): number {
  BLANKS.lastIndex = at;
  BLANKS.test(text);
  return BLANKS.lastIndex;
}

/**
 * After blanks and XML declarations from `at`: where the next thing
 * starts; undefined inside a declaration not yet closed, or at a place
 * `seen` holds (one already tried).
 */
function afterProlog(text: string, at: number, seen?: Set<number>): number | undefined {
  for (let i = skipBlanks(text, at); ; i = skipBlanks(text, i)) {
    if (seen !== undefined) {
      if (seen.has(i)) return undefined;
      seen.add(i);
    }
    if (text.slice(i, i + 5).toLowerCase() !== '<?xml') return i; // in any case, as the doctype
    const close = text.indexOf('>', i + 5);
    if (close === -1) return undefined;
    i = close + 1;
  }
}

/** "<!doctype html" or "<html" and a blank or ">", in any case. */
const HTML_TAG = /<(?:!doctype\s+html|html[\s>])/iy;

/** The document's first tag at `at`: an HTML one, or not yet known (`ended` false: more text may still make it one). */
function htmlTag(text: string, at: number, ended: boolean): Verdict {
  HTML_TAG.lastIndex = at;
  if (HTML_TAG.test(text)) return true;
  if (ended) return false;
  const rest = text.slice(at).toLowerCase();
  const doctype = /^<!doctype\s+/.exec(rest);
  const may = ['<!--', '<?xml', '<html', '<!doctype'].some((p) => p.startsWith(rest)) || (doctype !== null && 'html'.startsWith(rest.slice(doctype[0].length)));
  return may ? undefined : false;
}

/**
 * The HTML rule: after blanks, comments and XML declarations, "<!doctype
 * html" or "<html". A comment may end at any "-->" after its start (so
 * '<!--\n-->--><HTML ' is HTML): each is tried, once, so the time is
 * linear in the head. `ended`: no more of the head will come.
 */
export function htmlStart(text: string, ended: boolean): Verdict {
  const at = afterProlog(text, 0);
  if (at === undefined) return ended ? false : undefined; // inside an XML declaration
  if (!text.startsWith('<!--', at)) return htmlTag(text, at, ended);
  const seen = new Set<number>(); // a later comment ends at one of these "-->" too: it adds none
  for (let j = text.indexOf('-->', at + 4); j !== -1; j = text.indexOf('-->', j + 1)) {
    const next = afterProlog(text, j + 3, seen);
    if (next !== undefined && htmlTag(text, next, true) === true) return true;
  }
  return ended ? false : undefined; // a later "-->" may still end the comment: up to DETECT_BYTES
}

/** Atom's namespace (1.0, or 0.3's) or RDF's declared in a start tag, as the default namespace or a prefix's. */
const ATOM_NAMESPACE = /\bxmlns(?::[\w.-]+)?[ \t\r\n]*=[ \t\r\n]*["'](?:http:\/\/www\.w3\.org\/2005\/Atom|http:\/\/purl\.org\/atom\/ns#)["']/;
const RDF_NAMESPACE = /\bxmlns(?::[\w.-]+)?[ \t\r\n]*=[ \t\r\n]*["']http:\/\/www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#["']/;
/** The Sitemaps protocol's namespace (sitemaps.org 0.9, or Google's 0.84 and 0.9 before it), declared so. */
const SITEMAP_NAMESPACE = /\bxmlns(?::[\w.-]+)?[ \t\r\n]*=[ \t\r\n]*["']https?:\/\/www\.(?:sitemaps\.org|google\.com)\/schemas\/sitemap\/0\.(?:9|84)\/?["']/;

/** The namespace a root with this local name needs in its start tag to be a feed's (see feedStart). */
const ROOT_NAMESPACES: ReadonlyMap<string, RegExp> = new Map([
  ['feed', ATOM_NAMESPACE], ['RDF', RDF_NAMESPACE], ['urlset', SITEMAP_NAMESPACE], ['sitemapindex', SITEMAP_NAMESPACE],
]);

/** What may come before a feed's root element: a head that is a prefix of one may still be a feed. */
const PROLOG_OPENINGS = ['<?', '<!--', '<!DOCTYPE'];

/**
 * The feed rule: after blanks, XML declarations, processing instructions
 * (an `<?xml-stylesheet?>`), comments and a doctype, a root element
 * `<rss` or `<opml` (a list of feeds), or one named `RDF` (RSS 1.0),
 * `feed` (Atom), `urlset` or `sitemapindex` (a sitemap) under any prefix,
 * `<rdf:RDF`, `<feed`, `<a:feed`, with RDF's, Atom's or the Sitemaps
 * protocol's namespace in its start tag (`rdf:RDF` also without). XML is
 * case-sensitive, and so is the rule.
 */
export function feedStart(text: string, ended: boolean): Verdict {
  let i = skipBlanks(text, 0);
  for (let comment = text.startsWith('<!--', i); comment || text.startsWith('<?', i) || text.startsWith('<!DOCTYPE', i); comment = text.startsWith('<!--', i)) {
    const close = comment ? text.indexOf('-->', i + 4) : text.indexOf('>', i + 2);
    if (close === -1) return ended ? false : undefined;
    i = skipBlanks(text, close + (comment ? 3 : 1));
  }
  if (i < text.length && text.charCodeAt(i) === 0x3c && i + 1 < text.length && isNameChar(text.charCodeAt(i + 1))) return feedRoot(text, i, ended);
  const rest = text.slice(i, i + 9);
  return !ended && (rest === '<' || PROLOG_OPENINGS.some((p) => p.startsWith(rest))) ? undefined : false;
}

/** The root element's start tag at text[i] ("<" and a name): is it a feed's (see feedStart)? */
function feedRoot(text: string, i: number, ended: boolean): Verdict {
  let k = i + 1;
  while (k < text.length && k - i <= 64 && isNameChar(text.charCodeAt(k))) k++;
  if (k === text.length) return ended ? false : undefined; // the name may go on
  const c = text.charCodeAt(k);
  if (c !== 0x3e && c !== 0x2f && !isXmlBlank(c)) return false;
  const name = text.slice(i + 1, k);
  const local = name.slice(name.indexOf(':') + 1);
  if (name === 'rss' || name === 'opml' || name === 'rdf:RDF') return true;
  const namespace = ROOT_NAMESPACES.get(local);
  if (namespace === undefined) return false;
  const close = text.indexOf('>', k);
  if (close === -1) return ended ? false : undefined;
  return namespace.test(text.slice(k, close));
}

/** A character of an XML name (ASCII's: letters, digits, ".", "-", "_", ":"), or any non-ASCII one. */
function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x5f || c === 0x3a || c > 0x7f;
}

/** XML's white space. */
function isXmlBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
