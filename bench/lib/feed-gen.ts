// A seeded WordPress RSS 2.0 feed for the formats bench: what a feed reader
// meets most — items with a title, a link with &#038; in its query, comments,
// dc:creator and categories in CDATA, a guid that is a URL, a short
// <description> and a long <content:encoded> of HTML in CDATA (paragraphs
// of real prose from a TextPool with links, <img srcset>, figures, lists),
// wfw:commentRss, and now and then an enclosure and a media:content. One
// channel, items until the file holds the size asked for.
import { Rng, writeUntil } from './util.js';
import type { TextPool } from './text-pool.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SECTIONS = ['recipes', 'garden', 'tools', 'travel', 'reviews', 'news'];

const HEAD = (site: string): string => `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:atom="http://www.w3.org/2005/Atom"
	xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
	xmlns:slash="http://purl.org/rss/1.0/modules/slash/"
	xmlns:media="http://search.yahoo.com/mrss/"
	>

<channel>
	<title>Bench Notes</title>
	<atom:link href="https://${site}/feed/" rel="self" type="application/rss+xml" />
	<link>https://${site}</link>
	<description>Notes &#8211; see https://${site}/about/</description>
	<lastBuildDate>Tue, 05 Mar 2024 09:12:44 +0000</lastBuildDate>
	<language>en-US</language>
	<sy:updatePeriod>hourly</sy:updatePeriod>
	<generator>https://wordpress.org/?v=6.4.3</generator>
`;

export class FeedGen {
  readonly #rng: Rng;
  readonly #pool: TextPool;
  readonly #site = 'blog.example.org';
  #n = 0;

  constructor(seed: number, pool: TextPool) {
    this.#rng = new Rng(seed);
    this.#pool = pool;
  }

  /** A paragraph of prose (escaped) with links put in, as WordPress writes them. */
  #prose(): string {
    const r = this.#rng;
    const pool = this.#pool;
    const words = pool.paragraphs[r.int(pool.paragraphs.length)]!.split(' ').map(esc);
    for (let i = r.chance(0.7) ? r.range(1, 3) : 0; i > 0; i--) {
      const u = r.weighted<string>([[5, r.pickSkewed(pool.uris, 1.5)], [2, `https://${this.#site}/${r.pick(SECTIONS)}/${r.alnum(6).toLowerCase()}/`], [1, `/tag/${r.alnum(5).toLowerCase()}/`]]);
      words.splice(r.int(words.length + 1), 0, `<a href="${u.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${words[r.int(words.length)] ?? 'more'}</a>`);
    }
    if (r.chance(0.4)) words.splice(r.int(words.length + 1), 0, '&#8217;');
    return words.join(' ');
  }

  #img(): string {
    const r = this.#rng;
    const base = `https://${this.#site}/wp-content/uploads/2024/0${r.range(1, 9)}/${r.alnum(8).toLowerCase()}`;
    return `<figure class="wp-block-image size-large"><img decoding="async" width="1024" height="683" src="${base}-1024x683.jpg" alt="" class="wp-image-${r.int(9999)}" srcset="${base}-1024x683.jpg 1024w, ${base}-300x200.jpg 300w, ${base}-768x512.jpg 768w, ${base}.jpg 1200w" sizes="(max-width: 1024px) 100vw, 1024px" /></figure>`;
  }

  item(): string {
    const r = this.#rng;
    const n = ++this.#n;
    const slug = `${r.pick(SECTIONS)}/${r.alnum(8).toLowerCase()}-${n}`;
    const url = `https://${this.#site}/2024/03/${slug}/`;
    const title = esc(this.#pool.paragraphs[r.int(this.#pool.paragraphs.length)]!.split(' ').slice(0, 6).join(' '));
    const body: string[] = [];
    for (let i = r.range(4, 14); i > 0; i--) {
      const k = r.int(10);
      if (k === 0) body.push(this.#img());
      else if (k === 1) body.push(`<ul class="wp-block-list">\n<li>${this.#prose()}</li>\n<li>${this.#prose()}</li>\n</ul>`);
      else body.push(`<p>${this.#prose()}</p>`);
    }
    const extra = r.chance(0.2) ? `\n\t\t<enclosure url="https://${this.#site}/wp-content/uploads/ep${n}.mp3" length="${r.int(99999999)}" type="audio/mpeg" />\n\t\t<media:content url="https://${this.#site}/wp-content/uploads/${r.alnum(8).toLowerCase()}.jpg" medium="image" />` : '';
    return `	<item>
		<title>${title}</title>
		<link>${url}?utm_source=rss&#038;utm_medium=rss&#038;utm_campaign=${r.alnum(6).toLowerCase()}</link>
		<comments>${url}#respond</comments>
		<dc:creator><![CDATA[${r.alnum(6)}]]></dc:creator>
		<pubDate>Tue, 05 Mar 2024 09:12:40 +0000</pubDate>
		<category><![CDATA[${r.pick(SECTIONS)}]]></category>
		<guid isPermaLink="false">https://${this.#site}/?p=${n}</guid>
		<description><![CDATA[<p>${this.#prose()} &#8230;</p>
<p>The post <a rel="nofollow" href="${url}">${title}</a> appeared first on <a rel="nofollow" href="https://${this.#site}">Bench Notes</a>.</p>
]]></description>
		<content:encoded><![CDATA[${body.join('\n\n')}
<p>The post <a rel="nofollow" href="${url}">${title}</a> appeared first on <a rel="nofollow" href="https://${this.#site}">Bench Notes</a>.</p>
]]></content:encoded>
		<wfw:commentRss>${url}feed/</wfw:commentRss>
		<slash:comments>${r.int(40)}</slash:comments>${extra}
	</item>
`;
  }

  /** A feed of items until the file holds at least `mib` MiB. */
  writeFile(file: string, mib: number): number {
    return writeUntil(file, mib, () => this.item(), HEAD(this.#site), '</channel>\n</rss>\n');
  }
}
