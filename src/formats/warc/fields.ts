// Named fields (WARC's header block, HTTP's, a metadata record's
// application/warc-fields) and the media types they give.

/** A field line's name (lower case) and value (trimmed), and where the value starts in the line; undefined for a line that is no field. */
export function fieldOf(line: string): { name: string; value: string; at: number } | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0 || !/^[!#-'*+.0-9A-Z^-z|~-]+$/.test(line.slice(0, colon))) return undefined;
  let at = colon + 1;
  while (line[at] === ' ' || line[at] === '\t') at++;
  return { name: line.slice(0, colon).toLowerCase(), value: line.slice(at).trimEnd(), at };
}

/** Is this line the folded continuation of the field before it (it starts with a blank)? */
export function isContinuation(line: string): boolean {
  return line[0] === ' ' || line[0] === '\t';
}

/** A media type (RFC 9110 §8.3.1): its lower-case type/subtype and its charset parameter, if any. */
export interface MediaType {
  type: string;
  charset: string | undefined;
  /** application/http's msgtype parameter (WARC 1.1 §6.3), lower case. */
  msgtype: string | undefined;
}

/** The media types of the Content-Type values read last (a crawl's records repeat a few): read-only, shared. */
const MEDIA_TYPES = new Map<string, MediaType>();
const MEDIA_TYPES_KEPT = 64;

const NO_TYPE: MediaType = { type: '', charset: undefined, msgtype: undefined };

/** The media type of a Content-Type value; an empty type when it names none. The object is shared: not to be changed. */
export function mediaTypeOf(value: string | undefined): MediaType {
  if (value === undefined) return NO_TYPE;
  let media = MEDIA_TYPES.get(value);
  if (media === undefined) {
    if (MEDIA_TYPES.size >= MEDIA_TYPES_KEPT) MEDIA_TYPES.clear();
    MEDIA_TYPES.set(value, (media = parseMediaType(value)));
  }
  return media;
}

function parseMediaType(value: string): MediaType {
  const [type = '', ...params] = value.split(';');
  let charset: string | undefined;
  let msgtype: string | undefined;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq === -1) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    const v = p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (name === 'charset' && v !== '') charset ??= v;
    else if (name === 'msgtype') msgtype ??= v.toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset, msgtype };
}
