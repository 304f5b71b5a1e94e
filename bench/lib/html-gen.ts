// Seeded HTML pages for the formats bench: what a crawler meets — a head with
// <link>s, inline CSS with url(…), scripts holding URLs and `<`/`&&`, JSON-LD,
// a nav of relative and absolute links, <img srcset>, <picture>, forms with
// hidden URL inputs, iframes, entities in text and in attribute values,
// unquoted and single-quoted attributes, upper-case tags, comments, and now
// and then a page saved from Word (mso conditionals, <o:p>, VML). Prose is
// real text from a TextPool with links put in. Pages are concatenated.
import { Rng, writeUntil } from './util.js';
import type { TextPool } from './text-pool.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const SITES = ['www.example.org', 'docs.example.com', 'blog.example.net', 'shop.example.co.uk', 'news.example.io'];
const SECTIONS = ['about', 'products', 'docs', 'blog', 'support', 'pricing', 'careers', 'contact'];
const ENTITIES = ['&nbsp;', '&mdash;', '&ndash;', '&#8217;', '&#x201C;', '&hellip;', '&copy;', '&eacute;', '&laquo;', '&raquo;'];

export class HtmlGen {
  readonly #rng: Rng;
  readonly #pool: TextPool;
  #n = 0;

  constructor(seed: number, pool: TextPool) {
    this.#rng = new Rng(seed);
    this.#pool = pool;
  }

  /** Prose with inline links (absolute, relative, with &amp; in the query) and entities. */
  #prose(site: string): string {
    const r = this.#rng;
    const pool = this.#pool;
    const words = pool.paragraphs[r.int(pool.paragraphs.length)]!.split(' ').map(esc);
    for (let i = r.chance(0.7) ? r.range(1, 3) : 0; i > 0; i--) {
      const u = r.weighted<string>([[5, r.pickSkewed(pool.uris, 1.5)], [2, `/${r.pick(SECTIONS)}/${r.alnum(6).toLowerCase()}.html?ref=nav&utm_source=page${r.int(99)}`], [1, `../${r.pick(SECTIONS)}/#s${r.int(20)}`], [1, `https://${site}/search?q=${r.alnum(5)}&page=${r.int(9)}&lang=en`]]);
      const label = r.chance(0.4) ? esc(u) : words.slice(0, r.range(1, 4)).join(' ');
      const a = r.weighted<string>([[6, `<a href="${attr(u)}">${label}</a>`], [1, `<a href='${u.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}' class="ext">${label}</a>`], [1, `<A HREF="${attr(u)}" TITLE="more">${label}</A>`], [1, `<code>${esc(u)}</code>`]]);
      words.splice(r.int(words.length + 1), 0, a);
    }
    if (r.chance(0.5)) words.splice(r.int(words.length + 1), 0, r.pick(ENTITIES));
    return words.join(' ');
  }

  page(): string {
    const r = this.#rng;
    const n = ++this.#n;
    const site = r.pick(SITES);
    const word = (): string => r.alnum(r.range(4, 9)).toLowerCase();
    const office = r.chance(0.15);
    const img = (): string => {
      const base = `/static/img/${word()}-${r.hex(6)}`;
      return r.chance(0.5)
        ? `<img src="${base}.jpg" srcset="${base}-480w.jpg 480w, ${base}-800w.jpg 800w, https://cdn.${site}${base}-1600w.jpg 1600w" sizes="(max-width: 600px) 480px, 800px" alt="${esc(word())}" loading=lazy width=800 height=450>`
        : `<picture><source type="image/webp" srcset="${base}.webp 1x, ${base}@2x.webp 2x"><img src="${base}.png" alt=""></picture>`;
    };
    const out: string[] = [];
    out.push(office
      ? `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">\n<head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><link rel=File-List href="page${n}_files/filelist.xml"><!--[if gte mso 9]><xml><o:DocumentProperties><o:Author>${esc(word())}</o:Author></o:DocumentProperties></xml><![endif]--><style><!-- p.MsoNormal, li.MsoNormal {mso-style-parent:""; margin:0in; font-family:"Calibri",sans-serif;} @page Section1 {size:8.5in 11.0in;} --></style></head>\n<body lang=EN-US style='tab-interval:.5in'><div class=WordSection1>`
      : `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${esc(word())} &mdash; ${site}</title>\n<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="https://${site}/${r.pick(SECTIONS)}/${n}"><link rel="stylesheet" href="/assets/main.${r.hex(8)}.css"><link rel="alternate" hreflang="de" href="https://${site}/de/${n}"><link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E">\n<style>body{font:16px/1.5 system-ui}.hero{background:url("https://cdn.${site}/bg/${r.hex(6)}.jpg") no-repeat} @import url(/css/print.css) print; a[href^="http"]::after{content:" ↗"}</style>\n<script async src="https://www.googletagmanager.example/gtag/js?id=G-${r.alnum(8)}"></script>\n<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}if(a<b&&b>c){location.href="https://${site}/redirect?to=/home&from=${n}"}</script>\n<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","url":"https://${site}/${n}","image":["https://cdn.${site}/i/${r.hex(6)}.jpg"]}</script></head>\n<body class="page-${n}">`);
    out.push(`<header><nav aria-label="main"><ul>${SECTIONS.map((s) => `<li><a href="${r.chance(0.5) ? `/${s}/` : `https://${site}/${s}/`}">${s}</a></li>`).join('')}</ul></nav>${img()}</header>`);
    out.push('<main><article>');
    out.push(`<h1>${esc(this.#pool.paragraphs[r.int(this.#pool.paragraphs.length)]!.split(' ').slice(0, 6).join(' '))}</h1>`);
    for (let i = r.range(3, 12); i > 0; i--) {
      const k = r.int(20);
      if (office) out.push(`<p class=MsoNormal><span style='font-size:11.0pt;mso-bidi-font-family:Arial'>${this.#prose(site)}<o:p></o:p></span></p>${k === 0 ? `<!--[if gte vml 1]><v:shape id="Picture_${n}" style='width:6in;height:4in'><v:imagedata src="page${n}_files/image${i}.png" o:title=""/></v:shape><![endif]--><![if !vml]><img width=576 height=384 src="page${n}_files/image${i}.jpg" v:shapes="Picture_${n}"><![endif]>` : ''}`);
      else if (k < 2) out.push(`<figure>${img()}<figcaption>${this.#prose(site)}</figcaption></figure>`);
      else if (k < 3) out.push(`<ul>${Array.from({ length: r.range(2, 5) }, () => `<li>${this.#prose(site)}</li>`).join('\n')}</ul>`);
      else if (k < 4) out.push(`<pre><code>curl -sSL "https://api.${site}/v2/items?limit=10&amp;offset=${r.int(100)}" | jq .\n</code></pre>`);
      else if (k < 5) out.push(`<iframe src="https://www.youtube-nocookie.example/embed/${r.alnum(11)}?rel=0&amp;start=${r.int(300)}" width=560 height=315 allowfullscreen></iframe>`);
      else if (k < 6) out.push(`<table><tr><th>${word()}</th><th>${word()}</th></tr><tr><td><a href="/files/${word()}.pdf">PDF</a></td><td>${this.#prose(site)}</td></tr></table>`);
      else out.push(`<p>${this.#prose(site)}</p>`);
    }
    out.push('<!-- comments: <a href="https://example.com/not-a-link-in-a-comment">x</a> -->');
    out.push(`<form action="https://${site}/newsletter/subscribe" method=post><input type=hidden name=return value="https://${site}/thanks?src=footer&amp;n=${n}"><input type=email name=email placeholder="you@example.com"><button>Subscribe</button></form>`);
    out.push('</article></main>');
    out.push(`<footer><p>&copy; 2024 ${site} &middot; <a href="/privacy">Privacy</a> &middot; <a href="mailto:info@${site}?subject=Hello%20there">Contact</a> &middot; <a href="https://twitter.example/${word()}" rel="me">Twitter</a></p></footer>`);
    out.push(office ? '</div></body></html>\n' : `<script src="/assets/app.${r.hex(8)}.js" defer></script></body></html>\n`);
    return out.join('\n');
  }

  /** Pages until the file holds at least `mib` MiB. */
  writeFile(file: string, mib: number): number {
    return writeUntil(file, mib, () => this.page());
  }
}
