// Namespaces in XML: the prefix of a feed's element or attribute stands for
// the namespace an xmlns:* declaration in scope binds it to (the default
// one, xmlns="…", for an element without a prefix). The namespaces the
// tables of elements.ts know are named there by the prefixes feeds usually
// write (`media:`, `itunes:`, `content:`, `rdf:`, `dc:`, `wfw:`, `thr:`,
// `podcast:`, a sitemap's `image:` and `video:`; Atom, RSS 1.0 and sitemap
// elements by their local names), so `<m:content>` with xmlns:m bound to
// Media RSS is `media:content`. A prefix bound to no namespace the tables
// know, or bound to none (a sloppy feed's undeclared `media:`), is read as
// written.

import type { Value } from './value.js';

/** The prefix the tables use for each namespace they know ('': the local name alone). */
const KNOWN = new Map([
  ['http://www.w3.org/2005/atom', ''],
  ['http://purl.org/atom/ns#', ''], // Atom 0.3
  ['http://purl.org/rss/1.0/', ''],
  ['http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'rdf'],
  ['http://search.yahoo.com/mrss/', 'media'],
  ['http://search.yahoo.com/mrss', 'media'],
  ['http://www.itunes.com/dtds/podcast-1.0.dtd', 'itunes'],
  ['https://www.itunes.com/dtds/podcast-1.0.dtd', 'itunes'],
  ['http://purl.org/rss/1.0/modules/content/', 'content'],
  ['http://purl.org/dc/elements/1.1/', 'dc'],
  ['http://wellformedweb.org/commentapi/', 'wfw'],
  ['http://purl.org/syndication/thread/1.0', 'thr'],
  ['https://podcastindex.org/namespace/1.0', 'podcast'],
  ['http://podcastindex.org/namespace/1.0', 'podcast'],
  ['http://www.sitemaps.org/schemas/sitemap/0.9', ''],
  ['http://www.google.com/schemas/sitemap/0.84', ''],
  ['http://www.google.com/schemas/sitemap-image/1.1', 'image'],
  ['http://www.google.com/schemas/sitemap-video/1.1', 'video'],
]);

/**
 * The prefixes in scope, lower case ('' for the default namespace), each to
 * the tables' prefix of its namespace, or null when the tables know the
 * namespace not (then the name is read as written).
 */
export type Scope = ReadonlyMap<string, string | null> | undefined;

/** Does an attribute of this name (lower case) declare a namespace? */
export function declares(name: string): boolean {
  return name.startsWith('xmlns') && (name.length === 5 || name.charCodeAt(5) === 0x3a);
}

/** Is an attribute of this name (lower case) read for its namespace: a declaration, or a prefixed `about` or `resource` (RDF's, under any prefix)? */
export function readsAttribute(name: string): boolean {
  if (declares(name)) return true;
  const colon = name.indexOf(':');
  return colon !== -1 && (name.endsWith(':about') || name.endsWith(':resource')) && name.indexOf(':', colon + 1) === -1;
}

/** `attrs`, with an RDF attribute written under another prefix added under `rdf:` (unless `rdf:` itself has it). */
export function rdfAttributes(attrs: Map<string, Value>, scope: Scope): Map<string, Value> {
  if (scope === undefined) return attrs;
  for (const [name, value] of attrs) {
    if (name.startsWith('rdf:') || !readsAttribute(name) || declares(name)) continue;
    const resolved = resolve(name, scope, false);
    if (resolved !== name && !attrs.has(resolved)) attrs.set(resolved, value);
  }
  return attrs;
}

/** The scope inside an element whose attributes are `attrs`, in `outer`: `outer` itself when it declares none. */
export function scopeOf(attrs: ReadonlyMap<string, Value>, outer: Scope): Scope {
  let scope: Map<string, string | null> | undefined;
  for (const [name, value] of attrs) {
    if (!declares(name)) continue;
    scope ??= new Map(outer);
    scope.set(name.length === 5 ? '' : name.slice(6), KNOWN.get(value.url.toLowerCase()) ?? null);
  }
  return scope ?? outer;
}

/** An element's or attribute's name (lower case) in `scope`: its prefix the tables', when its namespace is one they know. */
export function resolve(name: string, scope: Scope, element: boolean): string {
  if (scope === undefined) return name;
  const colon = name.indexOf(':');
  if (colon === -1 && !element) return name; // an attribute without a prefix is in no namespace
  const known = scope.get(colon === -1 ? '' : name.slice(0, colon));
  if (known === undefined || known === null) return name;
  const local = colon === -1 ? name : name.slice(colon + 1);
  return known === '' ? local : `${known}:${local}`;
}
