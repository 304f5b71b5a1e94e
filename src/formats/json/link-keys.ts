// What a key says of its string value: a link (resolved against the base as
// an href is, when it is one URI reference), HTML (read as html mode reads
// a page), a media type (which may say the next `text` is HTML, as in a
// HAR's content), or text (see values.ts).

/** The kinds of value a key names. */
export const TEXT = 0;
export const LINK = 1;
export const HTML = 2;
export const MEDIA_TYPE = 3;

/** What a value under `key` is; `htmlType`: its object named an HTML media type before it. */
export function valueKind(key: string, htmlType: boolean): number {
  if (isLinkKey(key)) return LINK;
  if (endsWith(key, 'html') || (htmlType && key === 'text')) return HTML; // "body_html", "descriptionHtml"; a HAR's content.text
  return key.length === 8 || key.length === 9 ? (sameName(key, 'mimetype') ? MEDIA_TYPE : TEXT) : TEXT;
}

/** Does a media type say HTML ("text/html; charset=utf-8", "application/xhtml+xml")? */
export const isHtmlType = (type: string): boolean => /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i.test(type);

/**
 * Keys whose value is a link: any that ends in url, uri, href or link, in
 * any case (`url`, `html_url`, `redirectURL`, `downloadUri`, `self_link`),
 * and these (compared in lower case, without '-' and '_').
 */
const LINK_KEYS = new Set(['src', 'homepage', 'website', '@id', '@vocab', '@base', 'logo', 'icon', 'sameas', 'avatar']);

const LINK_NAMES = [...LINK_KEYS];

/** Is a value under `key` a link? */
export function isLinkKey(key: string): boolean {
  const n = key.length;
  if (n < 3) return false;
  if (endsWith(key, 'url') || endsWith(key, 'uri') || endsWith(key, 'href') || endsWith(key, 'link')) return true;
  if (n > 10) return false;
  const first = lower(key.charCodeAt(0));
  for (const name of LINK_NAMES) if (name.charCodeAt(0) === first && sameName(key, name)) return true;
  return false;
}

/** An ASCII capital letter's small letter; any other code as it is. */
const lower = (c: number): number => (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);

/** Is `key` `name` (lower case ASCII) in any case, with '-' and '_' left out? */
function sameName(key: string, name: string): boolean {
  let k = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 0x2d || c === 0x5f) continue;
    if (k === name.length || lower(c) !== name.charCodeAt(k)) return false;
    k++;
  }
  return k === name.length;
}

/** Does `key` end in `suffix` (lower case ASCII), in any case? */
function endsWith(key: string, suffix: string): boolean {
  const from = key.length - suffix.length;
  if (from < 0) return false;
  for (let k = 0; k < suffix.length; k++) if ((key.charCodeAt(from + k) | 0x20) !== suffix.charCodeAt(k)) return false;
  return true;
}
