// Element names of HTML, SVG, MathML, feeds, sitemaps and common XML
// documents: in angle brackets, "</name>" and "<name/>" with one of these
// names are markup, not relative references (src/delimit/relative.ts).

/** Known tag names, lower case. */
export const TAG_NAMES: ReadonlySet<string> = new Set([
  // HTML
  ...('a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas caption center '
    + 'cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure '
    + 'font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link '
    + 'main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q '
    + 'rp rt ruby s samp script search section select slot small source span strike strong style sub summary sup '
    + 'table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr').split(' '),
  // SVG and MathML ("g" is left out: </g> and <g/> are the RFC's examples)
  ...('svg path rect circle ellipse line polyline polygon text tspan textpath defs use symbol marker mask pattern '
    + 'lineargradient radialgradient stop clippath filter foreignobject image animate animatetransform set desc metadata '
    + 'fegaussianblur feoffset feblend femerge femergenode fecolormatrix feflood fecomposite '
    + 'math mi mo mn mrow msup msub msubsup mfrac msqrt mroot mtext mtable mtr mtd mspace semantics annotation').split(' '),
  // feeds, sitemaps and common XML documents
  ...('rss channel item guid pubdate description category enclosure author feed entry id updated published summary '
    + 'content loc lastmod changefreq priority url urlset sitemap sitemapindex config configuration enabled debug '
    + 'name value key property properties project version dependency dependencies').split(' '),
]);
