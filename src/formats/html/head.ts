// The head of an HTML document. Its base URL is the first <base href>'s
// (HTML §4.2.3, "the document base URL"), for the URLs before that <base>
// too: `<link href="i.png"><base href="https://b.example/">` names
// https://b.example/i.png. Until a <base href> is read or the head ends
// (<body>, the first tag or text a head does not hold; after </head>, a
// <base>, <link> or <meta> is still the head's, as HTML's parser puts it
// there), the
// Founds of relative URLs wait, and every Found after the first of them
// with them, to keep document order. HEAD_FOUNDS and HEAD_TEXT bound what
// waits. HtmlSink holds a Head while the document is in its head only.

import type { FoundRecord } from '../../delimit/match.js';
import type { Found } from '../../delimit/types.js';
import { endOfRun } from '../../uri/chars.js';
import { findSchemeEnd } from '../../uri/parse.js';
import type { DocumentBase } from './base.js';
import type { TextFlow } from './flow.js';
import { makeFound, type TagContext } from './tag.js';
import { isSpace } from './tags.js';
import type { TextWindow } from './window.js';

/** Elements the head holds (HTML §13.2.6.4.4, "in head"): any other start tag is the body's. */
const HEAD_CONTENT: ReadonlySet<string> = new Set([
  'html', 'head', 'title', 'base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'noscript', 'script', 'style', 'template',
]);

/** Start tags that still go into the head after its end tag (HTML §13.2.6.4.6, "after head"): any other is the body's. */
const AFTER_HEAD: ReadonlySet<string> = new Set([
  'base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title',
]);

/** End tags that end the head (a </head> leaves it open to AFTER_HEAD's start tags). */
const HEAD_END: ReadonlySet<string> = new Set(['body', 'html', 'br']);

/** The most Founds of tags that wait for a <base> (the run's QUEUE_LIMIT). */
export const HEAD_FOUNDS = 4096;

/** The most characters of text (a <title>'s, a <template>'s, a <noscript>'s or a <noframes>'s) read while Founds wait (64 KiB). */
export const HEAD_TEXT = 65536;

/** A sticky run of HTML's ASCII whitespace. */
const BLANKS = /[\t\n\f\r ]*/y;

/** Is `s` blank (HTML's ASCII whitespace only)? */
const isBlank = (s: string): boolean => endOfRun(BLANKS, s, 0) === s.length;

/** Is `f`, a Found of a URL attribute or a JSON-LD URL, one of a relative URL (no scheme)? */
const isRelative = (f: FoundRecord): boolean => findSchemeEnd(f.reference) === -1;

export class Head {
  readonly #page: TagContext;
  readonly #base: DocumentBase;
  readonly #flow: TextFlow;
  readonly #window: TextWindow;
  /** Inside the <title>: its text is the head's. */
  #title = false;
  /** The <template>s open: what one holds is its content, no part of the head's (HTML "in template"), so none of it ends the head. */
  #templates = 0;
  /** Inside a <noscript>: the head's is raw text to a browser that runs scripts (HTML §13.2.6.4.4, "in head"), so nothing in it ends the head. */
  #noscript = false;
  /** Inside a <noframes>: the head's is raw text (HTML §13.2.6.4.4, "in head"), so nothing in it ends the head. */
  #noframes = false;
  /** A </head> was read: only AFTER_HEAD's start tags are still the head's. */
  #afterHead = false;
  /** The Founds pushed from `out[#from]` on wait (-1: none waits yet). */
  #from = -1;
  /** Founds of earlier writes that wait, in order. */
  #held: Found[] = [];
  /** The Founds of relative URLs that wait: targeted again once the base is known. */
  readonly #relative = new Set<Found>();
  /** Founds of tags, and characters of title, template, noscript and noframes text, since Founds began to wait. */
  #founds = 0;
  #text = 0;

  constructor(page: TagContext, base: DocumentBase, flow: TextFlow, window: TextWindow) {
    this.#page = page;
    this.#base = base;
    this.#flow = flow;
    this.#window = window;
  }

  /** A write starts, `out` as the reader gave it: what the write adds waits. */
  start(out: Found[]): void {
    if (this.#from !== -1) this.#from = out.length;
  }

  /** A write ends: what it added to `out` is taken back, to wait. */
  hold(out: Found[]): void {
    const from = this.#from;
    if (from === -1 || from === out.length) return;
    for (let i = from; i < out.length; i++) this.#held.push(out[i]!);
    out.length = from;
  }

  /** A tag's Founds, after the text before it: those of relative URLs wait (the text before them ended). False when the head has ended (too much waits). */
  tagFounds(found: readonly FoundRecord[]): boolean {
    if (!found.some(isRelative)) this.#flow.tagFounds(found);
    else {
      this.#flow.end();
      const out = this.#page.ctx.out;
      if (this.#from === -1) this.#from = out.length;
      for (const f of found) {
        if (isRelative(f)) this.#relative.add(f);
        out.push(f);
      }
    }
    if (this.#from !== -1) this.#founds += found.length;
    return this.#founds <= HEAD_FOUNDS || this.#tooLong();
  }

  /** A start tag (`open`) or an end tag named `name`: false when it ends the head. */
  tag(name: string, open: boolean): boolean {
    if (!open && name === 'head') return (this.#afterHead = true); // "after head": a <base> there is still the head's
    if (name === 'title') this.#title = open;
    else if (name === 'template') this.#templates = open ? this.#templates + 1 : Math.max(0, this.#templates - 1);
    else if (name === 'noscript') this.#noscript = open;
    else if (name === 'noframes') this.#noframes = open;
    else if (name === 'body') this.#noscript = false; // one left open ends there, as a page that runs no scripts reads it
    const holds = open ? (this.#afterHead ? AFTER_HEAD : HEAD_CONTENT).has(name) : !HEAD_END.has(name);
    return this.#templates > 0 || this.#noscript || this.#noframes || holds || this.end();
  }

  /** Is text here the head's own (outside the title, any template, a noscript and a noframes)? */
  get #headText(): boolean {
    return !this.#title && this.#templates === 0 && !this.#noscript && !this.#noframes;
  }

  /** Text [start, end) of the input (start -1: a character reference, `end` its length): false when it ends the head (text that is no blank, outside the title, any template, a noscript and a noframes). */
  text(start: number, end: number): boolean {
    if (this.#headText) return (start !== -1 && isBlank(this.#window.slice(start, end))) || this.end();
    if (this.#from !== -1) this.#text += start === -1 ? end : end - start;
    return this.#text <= HEAD_TEXT || this.#tooLong();
  }

  /** A character reference in text, decoded to `cp`: false when it ends the head (one to a blank is blank text, as in text()). */
  entity(cp: number): boolean {
    return (isSpace(cp) && this.#headText) || this.text(-1, 1);
  }

  #tooLong(): false {
    const message = `an HTML head held more than ${HEAD_FOUNDS} URLs, or ${HEAD_TEXT} characters of title, template, noscript or noframes text, before any <base href>: they are resolved against the base known`;
    this.#page.ctx.warn({ code: 'head-too-long', message });
    return this.end();
  }

  /** The head has ended, or its <base href> is read: what waits goes out, in order, each relative URL resolved against the base now known. */
  end(): false {
    if (this.#from === -1) return false;
    const out = this.#page.ctx.out;
    const waiting = [...this.#held, ...out.splice(this.#from)];
    for (const f of waiting) {
      const g = this.#relative.has(f) ? this.#retarget(f as FoundRecord) : f;
      if (g !== undefined) out.push(g);
    }
    this.#from = -1;
    return false;
  }

  /** A relative URL's Found, resolved against the base now known (its reference is the URL as written); undefined when it names nothing. */
  #retarget(f: FoundRecord): FoundRecord | undefined {
    const uri = this.#base.target(f.reference);
    if (uri === undefined || uri === f.uri) return uri === undefined ? undefined : f;
    return makeFound(this.#page.ctx, f.reference, uri, f, f.delimiter === 'quote' ? 'quote' : 'none', f.source!);
  }
}
