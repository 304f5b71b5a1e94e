// The URL of a <meta>'s content: a refresh's (http-equiv), or the whole
// content when the <meta>'s name, property or itemprop says it is a URL
// (Open Graph, Twitter cards, microdata, Windows tiles). Other names
// (description, keywords, viewport) hold text: their content names nothing.

import type { Attribute } from './tag.js';
import { refreshUrl, urlOf, type Candidate } from './value.js';

/**
 * Names and properties (in lower case) whose content is a URL: Open Graph's
 * (https://ogp.me/: og:url, og:image and its structured properties),
 * Twitter cards' (also written as properties, as Open Graph's are as
 * names), and the pinned-site tiles of Internet Explorer and Edge.
 */
const URL_NAMES: ReadonlySet<string> = new Set([
  'og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'og:video', 'og:video:url', 'og:video:secure_url',
  'og:audio', 'og:audio:url', 'og:audio:secure_url',
  'twitter:url', 'twitter:image', 'twitter:image:src', 'twitter:player', 'twitter:player:stream',
  'msapplication-tileimage', 'msapplication-config', 'msapplication-starturl', 'msapplication-square70x70logo',
  'msapplication-square150x150logo', 'msapplication-wide310x150logo', 'msapplication-square310x310logo',
]);

/** Microdata properties (schema.org's, in lower case) whose value a <meta itemprop> gives as a URL. */
const URL_ITEMPROPS: ReadonlySet<string> = new Set(['url', 'image', 'thumbnailurl', 'contenturl', 'embedurl']);

/** The URL of `content`, the content attribute of a <meta> whose other attributes are `attrs`. */
export function metaUrls(content: Attribute, attrs: readonly Attribute[]): Candidate[] {
  const label = urlLabel(attrs);
  const text = content.value.text;
  if (label === 'refresh') return refreshUrl(text);
  if (label === undefined || (label === 'msapplication-config' && text.toLowerCase() === 'none')) return []; // "none": no browserconfig.xml
  return urlOf(text);
}

/**
 * The name (in lower case) that says the content of a <meta> with
 * attributes `attrs` is a URL, 'refresh' for a refresh; undefined when it
 * holds text. A label's value is a list of names (RDFa's property may hold
 * several).
 */
export function urlLabel(attrs: readonly Attribute[]): string | undefined {
  const pragma = attrs.find((a) => a.kind === 'pragma');
  if (pragma !== undefined) return pragma.value.text.toLowerCase() === 'refresh' ? 'refresh' : undefined;
  for (const a of attrs) {
    if (a.kind !== 'label') continue;
    const names = a.name === 'itemprop' ? URL_ITEMPROPS : URL_NAMES;
    for (const name of a.value.text.toLowerCase().split(/[\t\n\f\r ]+/)) if (names.has(name)) return name;
  }
  return undefined;
}
