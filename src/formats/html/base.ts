// The base URI of an HTML document (RFC 3986 §5.1.1: embedded in content),
// and the targets of its URL attributes resolved against it.

import type { SchemePolicy } from '../../delimit/schemes.js';
import type { UriComponents } from '../../uri/components.js';
import { findSchemeEnd, parse } from '../../uri/parse.js';
import { ANY_SCHEME, namesNothing, targetOf } from './attributes.js';
import { Targets, type TargetSlots } from './targets.js';
import { urlOf, type AttrValue } from './value.js';

export class DocumentBase {
  /** The caller's base, until a <base href>. */
  #base: UriComponents | undefined;
  /** The first <base href> of the document has been read: later ones change nothing. */
  #set = false;
  /** Relative URL attributes left out for want of a base (unresolved-links). */
  unresolved = 0;
  readonly #targets: Targets;

  /** `slots`: the memo's, lent with the sink's buffers. */
  constructor(base: UriComponents | undefined, policy: SchemePolicy, slots: TargetSlots) {
    this.#base = base;
    this.#targets = new Targets(base, policy, slots);
  }

  get base(): UriComponents | undefined {
    return this.#base;
  }

  /** Has a <base href> been read already? */
  get set(): boolean {
    return this.#set;
  }

  /** The page's charset, once known: the query of a link is encoded in it (see Targets). */
  set charset(charset: string) {
    this.#targets.charset = charset;
  }

  /** The URI a URL attribute's value names, resolved and checked against the policy; counts a relative one with no base (not a template, which no base would make a link). */
  target(url: string): string | undefined {
    const target = this.#targets.get(url);
    if (target === undefined && this.#base === undefined && findSchemeEnd(url) === -1 && !namesNothing(url)) this.unresolved++;
    return target;
  }

  /**
   * The first <base href> is the base of what follows; a relative one is
   * resolved against the base before it, and characters no URI holds (a
   * space, "|") are percent-encoded, as a browser parses it. As the HTML
   * standard says, an empty, data: or javascript: one leaves the base as it
   * was; one that cannot be a base (opaque: "mailto:a@b.example"; too long;
   * no URI even so) leaves relative URLs naming nothing, never the base the
   * page replaced. Says whether the base changed.
   */
  read(value: AttrValue): boolean {
    this.#set = true;
    const url = value.tooLong ? undefined : urlOf(value.text)[0]?.[0];
    if (url === undefined && !value.tooLong) return false;
    const target = url === undefined ? undefined : targetOf(url, this.#base, ANY_SCHEME);
    const components = target === undefined ? undefined : parse(target);
    const scheme = components?.scheme?.toLowerCase();
    if (scheme === 'data' || scheme === 'javascript') return false;
    const opaque = components === undefined || (components.host === undefined && !components.path.startsWith('/'));
    this.#base = opaque ? undefined : { ...components, fragment: undefined };
    this.#targets.rebase(this.#base);
    return true;
  }
}
