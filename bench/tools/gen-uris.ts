// Generates bench/data/uris.txt (absolute URIs), bench/data/refs.txt (relative
// references) and bench/data/base.txt, deterministically from a seeded PRNG and
// lists of realistic components. Every line is checked against an RFC 3986
// regular expression built from the ABNF of Appendix A, and against fast-uri.
//
//   npx tsx bench/tools/gen-uris.ts            # write the files
//   npx tsx bench/tools/gen-uris.ts --check    # verify the committed files are what the generator makes
import fs from 'node:fs';
import path from 'node:path';
import fastUri from 'fast-uri';
import { DATA_DIR, Rng, isMain, log } from '../lib/util.js';

export const SEED = 3986;
export const URI_COUNT = 2000;
export const REF_COUNT = 1200;
export const BASE = 'https://www.example.org/blog/2023/05/release-notes/index.html?lang=en';

// ---------------------------------------------------------------------------
// RFC 3986 Appendix A, as regular expressions.
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
const IPV6 =
  '(?:' +
  [
    `(?:${H16}:){6}${LS32}`,
    `::(?:${H16}:){5}${LS32}`,
    `(?:${H16})?::(?:${H16}:){4}${LS32}`,
    `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
    `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
    `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
    `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
    `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
    `(?:(?:${H16}:){0,6}${H16})?::`,
  ].join('|') +
  ')';
const IPVFUTURE = `v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
const IP_LITERAL = `\\[(?:${IPV6}|${IPVFUTURE})\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const HOST = `(?:${IP_LITERAL}|${IPV4}|${REG_NAME})`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const SEGMENT_NZ_NC = `(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT})+`;
const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
const PATH_ROOTLESS = `${SEGMENT_NZ}(?:/${SEGMENT})*`;
const PATH_NOSCHEME = `${SEGMENT_NZ_NC}(?:/${SEGMENT})*`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const HIER_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|)`;
const RELATIVE_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_NOSCHEME}|)`;
export const URI_RE = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);
export const RELATIVE_REF_RE = new RegExp(`^${RELATIVE_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);

// ---------------------------------------------------------------------------
// Components.
const WORDS = (
  'about account admin api app archive article assets auth blog board book build cart catalog category ' +
  'changelog chat checkout code comments community config contact content css dashboard data debug ' +
  'deploy design dev docs download downloads edit events explore faq feed files forum gallery guide ' +
  'help home images img index info issues item jobs js kb latest learn legal library list login logout ' +
  'maps media members news notes oauth order orders packages page pages partners people photos plans ' +
  'policy post posts preferences press pricing privacy product products profile projects public pull ' +
  'random reader recipes register release releases reports repo resources reviews rss sandbox search ' +
  'security services settings share shop signup sitemap software source static status store support ' +
  'tags team terms test themes tickets tools topics tracker tutorials uploads user users v1 v2 v3 video ' +
  'videos watch wiki work'
).split(' ');

const SLUG_WORDS = (
  'how to parse a url in javascript without regex the best way get started with rust async await ' +
  'understanding unicode normalization forms why your build is slow and what you can do about it ' +
  'a gentle introduction to type theory ten things i wish i knew before learning kubernetes ' +
  'release notes for version security advisory new features in spring summer autumn winter update ' +
  'migrating from webpack to vite performance tips tricks deep dive into memory leaks node streams ' +
  'explained backpressure handling errors gracefully writing a tokenizer by hand'
).split(' ');

const DOMAINS = [
  'example.com', 'example.org', 'example.net', 'github.com', 'gitlab.com', 'bitbucket.org',
  'wikipedia.org', 'stackoverflow.com', 'serverfault.com', 'ycombinator.com', 'reddit.com',
  'google.com', 'youtube.com', 'amazon.com', 'amazon.co.uk', 'amazon.de', 'ebay.com', 'bbc.co.uk',
  'nytimes.com', 'theguardian.com', 'lemonde.fr', 'spiegel.de', 'mozilla.org', 'python.org',
  'nodejs.org', 'npmjs.com', 'rust-lang.org', 'golang.org', 'debian.org', 'ubuntu.com', 'kernel.org',
  'apache.org', 'ietf.org', 'rfc-editor.org', 'w3.org', 'whatwg.org', 'microsoft.com', 'apple.com',
  'medium.com', 'substack.com', 'dev.to', 'cloudflare.com', 'fastly.net', 'jsdelivr.net', 'unpkg.com',
  'archive.org', 'arxiv.org', 'acm.org', 'springer.com', 'nature.com', 'lwn.net', 'slashdot.org',
  'gnu.org', 'fsf.org', 'openbsd.org', 'freebsd.org', 'postgresql.org', 'sqlite.org', 'mariadb.org',
  'docker.com', 'kubernetes.io', 'readthedocs.io', 'herokuapp.com', 'netlify.app', 'vercel.app',
  'shopify.com', 'etsy.com', 'booking.com', 'tripadvisor.com', 'imdb.com', 'spotify.com',
  'twitch.tv', 'discord.gg', 'slack.com', 'zoom.us', 'atlassian.net', 'salesforce.com', 'hubspot.com',
  'mailchimp.com', 'list-manage.com', 'sendgrid.net', 'paypal.com', 'stripe.com', 'wordpress.com',
  'blogspot.com', 'tumblr.com', 'flickr.com', 'imgur.com', 'pinterest.com', 'linkedin.com',
  'univ-paris.fr', 'uni-heidelberg.de', 'ox.ac.uk', 'mit.edu', 'stanford.edu', 'berkeley.edu',
  'gov.uk', 'europa.eu', 'admin.ch', 'canada.ca', 'abc.net.au', 'rakuten.co.jp', 'naver.com',
  'yandex.ru', 'mercadolibre.com.ar', 'xn--bcher-kva.example', 'xn--mnchen-3ya.de', 'corp.internal',
  'intranet.local', 'localhost',
];

const SUBDOMAINS = [
  '', '', '', 'www.', 'www.', 'www.', 'en.', 'docs.', 'api.', 'cdn.', 'static.', 'mail.', 'm.',
  'blog.', 'shop.', 'news.', 'login.', 'accounts.', 'dev.', 'staging.', 'assets-01.', 'img2.',
  'files.', 'support.', 'forum.', 'git.', 'ci.', 'status.', 'eu-west-1.', 'links.',
];

const EXTS = ['.html', '.htm', '.php', '.aspx', '.jsp', '.pdf', '.png', '.jpg', '.gif', '.svg', '.css', '.js', '.json', '.xml', '.txt', '.zip', '.tar.gz', '.mp4', '.csv', ''];

const PCT_WORDS = [
  'Caf%C3%A9', 'M%C3%BCnchen', 'S%C3%A3o_Paulo', '%E6%9D%B1%E4%BA%AC', 'na%C3%AFve', 'Z%C3%BCrich',
  'My%20Document', 'Annual%20Report%202023', 'r%C3%A9sum%C3%A9', '%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0',
  'file%231', '50%25_off', 'a%2Fb', 'hello%20world', '%E2%9C%93', 'Fran%c3%a7ois',
];

const WIKI_TITLES = [
  'Uniform_Resource_Identifier', 'Percent-encoding', 'URL_normalization', 'Internationalized_domain_name',
  'IPv6_address', 'Base64', 'Data_URI_scheme', 'Hypertext_Transfer_Protocol', 'Regular_expression',
  'Mbox', 'Common_Log_Format', 'Email', 'Tim_Berners-Lee', 'World_Wide_Web', 'Linear_time',
  'Finite-state_machine', 'Unicode', 'UTF-8', 'Punycode', 'Domain_Name_System', 'Caf%C3%A9',
  'C_(programming_language)', 'Mercury_(planet)', 'Python_(programming_language)', 'List_of_HTTP_status_codes',
];

const QUERY_KEYS = ['q', 'id', 'page', 'p', 'sort', 'order', 'lang', 'hl', 'ref', 'source', 'v', 't', 's', 'tab', 'view', 'filter', 'category', 'limit', 'offset', 'from', 'to', 'session', 'token', 'sig', 'format', 'size', 'color', 'type', 'mode', 'debug'];
const UTM = ['utm_source=newsletter', 'utm_source=twitter', 'utm_source=google', 'utm_medium=email', 'utm_medium=cpc', 'utm_medium=social', 'utm_campaign=spring_sale', 'utm_campaign=launch-2023', 'utm_content=header_link', 'utm_term=uri+parser'];
const SEARCH_TERMS = ['uri+parser', 'rfc+3986', 'how+to+extract+links', 'node.js%20streams', 'caf%C3%A9+near+me', 'weather', 'typescript+strict+mode', 'best+pizza+in+naples', '%22exact+phrase%22', 'a%26b', 'C%2B%2B+templates', 'linear+time+regex'];

const FRAGMENTS = ['top', 'main', 'content', 'section-2', 'section-3.1', 'introduction', 'usage', 'installation', 'L10', 'L120-L134', 'comments', 'comment-48213', 'footnote-1', 'faq', '!/dashboard/overview', '/settings/profile', ':~:text=uniform%20resource', 'page=4', 'heading-1', 'x', 'Examples', 'See_also', 'References', 'History'];

const USERS = ['jdoe', 'alice', 'bob', 'admin', 'anonymous', 'user', 'ftp', 'deploy', 'git', 'j.smith', 'maria.garcia', 'root', 'guest', 'svc-backup', 'john.doe%40corp.example'];

const IPV4S = ['192.0.2.1', '192.0.2.45', '198.51.100.7', '198.51.100.254', '203.0.113.9', '203.0.113.77', '10.0.0.1', '10.1.20.33', '172.16.0.10', '172.31.255.254', '127.0.0.1', '192.168.1.1', '192.168.0.100', '8.8.8.8', '1.1.1.1', '100.64.0.1', '169.254.169.254'];
const IPV6S = ['[2001:db8::1]', '[2001:db8:85a3::8a2e:370:7334]', '[::1]', '[fe80::1ff:fe23:4567:890a]', '[2001:DB8:0:0:8:800:200C:417A]', '[::ffff:192.0.2.128]', '[2001:db8:0:0:0:0:2:1]', '[2606:4700:4700::1111]', '[2a00:1450:4007:80f::200e]', '[v7.fe80::a+en1]', '[::]', '[2001:db8::ff00:42:8329]'];
const PORTS = ['8080', '8443', '3000', '5000', '8000', '9000', '80', '443', '8888', '4200', '1234', '50051', '9200', '15672'];

const TLDS_MAIL = ['example.com', 'example.org', 'mail.example.net', 'lists.debian.org', 'gmail.com', 'outlook.com', 'corp.example', 'university.edu', 'posteo.de', 'proton.me'];
const FIRST = ['alice', 'bob', 'carol', 'dave', 'eve', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'oscar', 'peggy', 'trent', 'victor', 'walter', 'yuki', 'zoe', 'jose', 'ines'];
const LAST = ['smith', 'jones', 'garcia', 'mueller', 'rossi', 'dubois', 'tanaka', 'kim', 'nguyen', 'silva', 'oconnor', 'novak'];
const NEWSGROUPS = ['comp.lang.javascript', 'comp.lang.c', 'comp.infosystems.www.servers.unix', 'alt.folklore.computers', 'sci.math', 'rec.arts.sf.written', 'comp.os.linux.misc', 'news.announce.newusers', 'gnu.emacs.help', 'de.comp.lang.misc', 'comp.risks', 'misc.test'];

// ---------------------------------------------------------------------------

function host(r: Rng): string {
  return r.pick(SUBDOMAINS) + r.pickSkewed(DOMAINS, 1.5);
}

function slug(r: Rng): string {
  const n = r.range(2, 8);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(r.pick(SLUG_WORDS));
  return ws.join(r.chance(0.85) ? '-' : '_');
}

function segment(r: Rng): string {
  return r.weighted<() => string>([
    [10, () => r.pick(WORDS)],
    [3, () => slug(r)],
    [2, () => r.digits(r.range(2, 8))],
    [1, () => r.pick(PCT_WORDS)],
    [1, () => `${r.pick(WORDS)}-${r.digits(r.range(1, 4))}`],
    [1, () => r.alnum(r.range(6, 22))],
    [0.5, () => `~${r.pick(FIRST)}`],
    [0.5, () => `${r.pick(WORDS)};jsessionid=${r.hex(32, true)}`],
    [0.3, () => `${r.pick(WORDS)}@${r.digits(1)}x`],
    [0.3, () => `${r.pick(WORDS)}:${r.pick(WORDS)}`],
    [0.3, () => `${r.pick(WORDS)}(${r.digits(1)})`],
    [0.3, () => `${r.pick(WORDS)}!`],
  ])();
}

function pathPart(r: Rng): string {
  return r.weighted<() => string>([
    [1.2, () => ''],
    [1.5, () => '/'],
    [8, () => {
      const n = r.range(1, 5);
      let p = '';
      for (let i = 0; i < n; i++) p += '/' + segment(r);
      if (r.chance(0.35)) p += r.pick(EXTS);
      else if (r.chance(0.2)) p += '/';
      return p;
    }],
    [1.5, () => `/${r.range(2005, 2024)}/${String(r.range(1, 12)).padStart(2, '0')}/${String(r.range(1, 28)).padStart(2, '0')}/${slug(r)}${r.chance(0.4) ? '/' : r.chance(0.5) ? '.html' : ''}`],
    [1, () => `/wiki/${r.pick(WIKI_TITLES)}`],
    [1, () => `/questions/${r.digits(8)}/${slug(r)}`],
    [1, () => `/${r.pick(FIRST)}${r.pick(LAST)}/${r.pick(WORDS)}-${r.pick(WORDS)}/${r.pick(['blob', 'tree', 'issues', 'pull', 'commit'])}/${r.chance(0.5) ? 'main' : r.hex(40)}${r.chance(0.5) ? '/src/' + r.pick(WORDS) + '.ts' : ''}`],
    [0.7, () => `/dp/B0${r.alnum(8).toUpperCase()}`],
    [0.5, () => `/${r.pick(WORDS)}/${r.pick(['.', '..'])}/${r.pick(WORDS)}`],
    [0.3, () => `/${r.pick(WORDS)}//${r.pick(WORDS)}`],
  ])();
}

function queryPart(r: Rng): string {
  return r.weighted<() => string>([
    [14, () => ''],
    [3, () => {
      const n = r.range(1, 4);
      const kv: string[] = [];
      for (let i = 0; i < n; i++) {
        const k = r.pick(QUERY_KEYS);
        kv.push(r.weighted<() => string>([
          [6, () => `${k}=${r.pick(WORDS)}`],
          [4, () => `${k}=${r.digits(r.range(1, 6))}`],
          [1, () => `${k}=`],
          [1, () => k],
          [1, () => `${k}=${r.alnum(r.range(8, 40))}`],
          [0.5, () => `${k}%5B%5D=${r.digits(2)}`],
          [0.5, () => `${k}=${r.pick(WORDS)},${r.pick(WORDS)}`],
          [0.3, () => `${k}=${r.pick(WORDS)}:${r.digits(2)}-${r.digits(2)}`],
        ])());
      }
      return '?' + kv.join(r.chance(0.9) ? '&' : ';');
    }],
    [1.5, () => `?q=${r.pick(SEARCH_TERMS)}${r.chance(0.5) ? '&hl=' + r.pick(['en', 'de', 'fr', 'ja', 'pt-BR']) : ''}`],
    [1.5, () => {
      const n = r.range(2, 4);
      const ps = new Set<string>();
      for (let i = 0; i < n; i++) ps.add(r.pick(UTM));
      return '?' + [...ps].join('&');
    }],
    [0.6, () => `?v=${r.alnum(11)}${r.chance(0.4) ? `&t=${r.range(1, 900)}s` : ''}`],
    [0.5, () => `?redirect=${encodeURIComponent('https://' + host(r) + '/' + r.pick(WORDS))}`],
    [0.4, () => `?next=/${r.pick(WORDS)}/${r.pick(WORDS)}`],
    [0.3, () => `?url=http://${host(r)}/${r.pick(WORDS)}?x=${r.digits(2)}`],
    [0.3, () => `?`],
    [0.3, () => `?email=${r.pick(FIRST)}@${r.pick(TLDS_MAIL)}`],
  ])();
}

function fragmentPart(r: Rng): string {
  if (r.chance(0.86)) return '';
  if (r.chance(0.03)) return '#';
  return '#' + r.pick(FRAGMENTS);
}

function httpUri(r: Rng): string {
  const scheme = r.weighted([
    [62, 'https'],
    [28, 'http'],
    [2, 'HTTP'],
    [2, 'ws'],
    [2, 'wss'],
    [1, 'Https'],
  ] as const);
  let auth = '';
  if (r.chance(0.04)) auth += r.pick(USERS) + (r.chance(0.5) ? ':' + r.alnum(r.range(4, 12)) : '') + '@';
  auth += r.weighted<() => string>([
    [88, () => host(r)],
    [5, () => r.pick(IPV4S)],
    [3, () => r.pick(IPV6S)],
    [1, () => host(r).toUpperCase()],
    [1, () => r.pick(['localhost', 'intranet', 'printer-3f', 'nas'])],
  ])();
  if (r.chance(0.07)) auth += ':' + r.pick(PORTS);
  else if (r.chance(0.005)) auth += ':';
  const p = pathPart(r);
  return `${scheme}://${auth}${p}${queryPart(r)}${fragmentPart(r)}`;
}

function mailtoUri(r: Rng): string {
  const addr = (): string => `${r.pick(FIRST)}${r.pick(['.', '_', '', '+'])}${r.pick(LAST)}${r.chance(0.2) ? r.digits(2) : ''}@${r.pick(TLDS_MAIL)}`;
  let s = 'mailto:' + addr();
  if (r.chance(0.15)) s += ',' + addr();
  const hs: string[] = [];
  if (r.chance(0.35)) hs.push(`subject=${r.pick(['Hello', 'Meeting%20notes', 'Re%3A%20your%20order', 'unsubscribe', 'Question%20about%20%2342', 'Caf%C3%A9%20on%20Friday%3F'])}`);
  if (r.chance(0.15)) hs.push(`body=${r.pick(['Hi%20there', 'See%20https%3A%2F%2Fexample.com%2F', 'Thanks!', 'send%20more%20info'])}`);
  if (r.chance(0.08)) hs.push(`cc=${addr()}`);
  if (hs.length > 0) s += '?' + hs.join('&');
  return s;
}

function ftpUri(r: Rng): string {
  const user = r.chance(0.15) ? `${r.pick(USERS)}${r.chance(0.4) ? ':' + r.alnum(6) : ''}@` : '';
  const h = r.chance(0.85) ? `ftp.${r.pick(DOMAINS)}` : r.pick(IPV4S);
  const port = r.chance(0.05) ? ':21' : r.chance(0.03) ? ':2121' : '';
  const dir = r.pick(['/pub', '/pub/gnu', '/gnu/bash', '/debian/pool/main/c/coreutils', '/mirrors/ctan/macros', '/outgoing', '/incoming', '/pub/linux/kernel/v6.x', '']);
  const file = r.pick([`/${r.pick(WORDS)}-${r.range(1, 9)}.${r.range(0, 20)}.tar.gz`, '/README', '/', `/${r.pick(WORDS)}.zip`, `/ls-lR.gz`, `/${r.pick(WORDS)}.txt;type=a`, `/${r.pick(WORDS)}.iso;type=i`, `/${r.pick(WORDS)}_${r.digits(3)}.pdf`]);
  return `ftp://${user}${h}${port}${dir}${file}`;
}

function fileUri(r: Rng): string {
  return r.weighted<() => string>([
    [3, () => `file:///home/${r.pick(FIRST)}/${r.pick(['Documents', 'Downloads', 'src', 'notes', 'tmp'])}/${r.pick(WORDS)}${r.pick(['.txt', '.pdf', '.md', '.html', '.log'])}`],
    [2, () => `file:///etc/${r.pick(['hosts', 'passwd', 'nginx/nginx.conf', 'ssh/sshd_config', 'resolv.conf', 'fstab'])}`],
    [2, () => `file:///C:/Users/${r.pick(FIRST)}/${r.pick(['Desktop', 'Documents', 'AppData/Local/Temp'])}/${r.pick(PCT_WORDS)}.${r.pick(['docx', 'xlsx', 'pdf', 'txt'])}`],
    [1, () => `file://localhost/var/log/${r.pick(['syslog', 'nginx/access.log', 'auth.log', 'messages'])}`],
    [1, () => `file://${r.pick(['fileserver', 'nas01', 'share.corp.example'])}/${r.pick(['public', 'projects', 'home'])}/${r.pick(WORDS)}/${r.pick(WORDS)}.${r.pick(['pdf', 'ppt', 'odt'])}`],
    [1, () => `file:/tmp/${r.pick(WORDS)}-${r.hex(8)}.tmp`],
  ])();
}

function dataUri(r: Rng): string {
  const b64 = (n: number): string => {
    const cs = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let s = '';
    for (let i = 0; i < n * 4; i++) s += cs[r.int(cs.length)];
    const pad = r.pick(['', '', '=', '==']);
    return s.slice(0, s.length - pad.length) + pad;
  };
  return r.weighted<() => string>([
    [2, () => `data:text/plain;charset=utf-8,${r.pick(['Hello%2C%20World!', 'hello', 'caf%C3%A9', 'a%20b%20c', 'OK'])}`],
    [1, () => `data:,${r.pick(['Hello%2C%20World', 'x', 'A%20brief%20note', '42'])}`],
    [3, () => `data:image/${r.pick(['png', 'gif', 'jpeg', 'webp'])};base64,${b64(r.range(4, 24))}`],
    [1, () => `data:text/html,%3Ch1%3E${r.pick(WORDS)}%3C%2Fh1%3E`],
    [1, () => `data:application/json;base64,${b64(r.range(3, 10))}`],
    [1, () => `data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E`],
  ])();
}

function urnUri(r: Rng): string {
  return r.weighted<() => string>([
    [3, () => `urn:isbn:978${r.digits(10)}`],
    [2, () => `urn:ietf:rfc:${r.range(700, 9700)}`],
    [3, () => `urn:uuid:${r.hex(8)}-${r.hex(4)}-${r.pick(['1', '4', '7'])}${r.hex(3)}-${r.pick(['8', '9', 'a', 'b'])}${r.hex(3)}-${r.hex(12)}`],
    [1, () => `urn:oasis:names:specification:docbook:dtd:xml:${r.range(4, 5)}.${r.range(0, 5)}`],
    [1, () => `urn:nbn:de:${r.digits(3)}-${r.digits(1)}-${r.digits(6)}`],
    [1, () => `urn:issn:${r.digits(4)}-${r.digits(4)}`],
    [1, () => `urn:ietf:params:oauth:grant-type:${r.pick(['jwt-bearer', 'device_code', 'token-exchange', 'saml2-bearer'])}`],
    [1, () => `urn:ISBN:0-${r.digits(3)}-${r.digits(5)}-${r.digits(1)}`],
    [1, () => `urn:epc:id:sgtin:${r.digits(7)}.${r.digits(6)}.${r.digits(4)}`],
  ])();
}

function telUri(r: Rng): string {
  return r.weighted<() => string>([
    [3, () => `tel:+1-${r.digits(3)}-555-${r.digits(4)}`],
    [2, () => `tel:+44-20-${r.digits(4)}-${r.digits(4)}`],
    [2, () => `tel:+49${r.digits(3)}${r.digits(7)}`],
    [1, () => `tel:+33.1.${r.digits(2)}.${r.digits(2)}.${r.digits(2)}.${r.digits(2)}`],
    [1, () => `tel:${r.digits(4)};phone-context=${r.pick(DOMAINS)}`],
    [1, () => `tel:+1-201-555-${r.digits(4)};ext=${r.digits(3)}`],
    [1, () => `tel:863-1234;phone-context=+1-914-555`.replace('1234', r.digits(4))],
  ])();
}

function ldapUri(r: Rng): string {
  const h = r.chance(0.8) ? `ldap.${r.pick(DOMAINS)}` : r.chance(0.5) ? r.pick(IPV4S) : r.pick(IPV6S);
  const port = r.chance(0.2) ? `:${r.pick(['389', '636', '3268'])}` : '';
  const dn = r.pick(['dc=example,dc=com', 'ou=People,dc=example,dc=org', 'o=University%20of%20Michigan,c=US', 'cn=John%20Doe,ou=Staff,dc=corp,dc=example', 'c=GB', 'dc=corp,dc=internal']);
  const rest = r.weighted<() => string>([
    [2, () => ''],
    [2, () => `?${r.pick(['cn', 'mail', 'cn,mail', 'uid,cn,sn', 'postalAddress', 'objectClass'])}`],
    [3, () => `?${r.pick(['cn', 'mail', 'cn,mail', ''])}?${r.pick(['sub', 'one', 'base'])}?(${r.pick(['uid', 'cn', 'objectClass', 'sn'])}=${r.pick([r.pick(FIRST), '*', 'person', 'J*'])})`],
    [1, () => `??sub?(&(objectClass=person)(mail=${r.pick(FIRST)}*))`],
    [1, () => `?cn?sub?(cn=Babs%20Jensen)`],
  ])();
  return `${r.chance(0.15) ? 'ldaps' : 'ldap'}://${h}${port}/${dn}${rest}`;
}

function newsUri(r: Rng): string {
  return r.weighted<() => string>([
    [3, () => `news:${r.pick(NEWSGROUPS)}`],
    [2, () => `news:${r.alnum(r.range(8, 16))}.${r.digits(5)}@${r.pick(['news.example.com', 'mail.gmail.com', 'individual.net', 'example.org'])}`],
    [1, () => `news:*`],
    [2, () => `nntp://news.${r.pick(DOMAINS)}/${r.pick(NEWSGROUPS)}${r.chance(0.5) ? '/' + r.digits(5) : ''}`],
    [1, () => `snews://secnews.${r.pick(DOMAINS)}:563/${r.pick(NEWSGROUPS)}`],
  ])();
}

function otherUri(r: Rng): string {
  return r.weighted<() => string>([
    [2, () => `ssh://${r.pick(['git', 'deploy', r.pick(FIRST)])}@${r.pick(['github.com', 'gitlab.com', 'git.example.org', r.pick(IPV4S)])}${r.chance(0.3) ? ':2222' : ''}/${r.pick(FIRST)}/${r.pick(WORDS)}.git`],
    [2, () => `git://git.${r.pick(['kernel.org', 'savannah.gnu.org', 'example.org'])}/pub/scm/${r.pick(WORDS)}/${r.pick(WORDS)}.git`],
    [2, () => `irc://irc.${r.pick(['libera.chat', 'oftc.net', 'example.net'])}${r.chance(0.3) ? ':6697' : ''}/${r.chance(0.5) ? '%23' : ''}${r.pick(WORDS)}`],
    [2, () => `sip:${r.pick(FIRST)}@${r.pick(['atlanta.example.com', 'biloxi.example.com', 'voip.example.net'])}${r.chance(0.3) ? ';transport=tcp' : ''}`],
    [1, () => `xmpp:${r.pick(FIRST)}@${r.pick(['jabber.org', 'example.com', 'conference.example.net'])}${r.chance(0.3) ? '?message' : ''}`],
    [1, () => `magnet:?xt=urn:btih:${r.hex(40)}&dn=${r.pick(WORDS)}-${r.range(1, 9)}.${r.range(0, 9)}.iso`],
    [1, () => `geo:${r.range(-89, 89)}.${r.digits(4)},${r.range(-179, 179)}.${r.digits(4)}${r.chance(0.3) ? ';u=35' : ''}`],
    [1, () => `s3://${r.pick(WORDS)}-${r.pick(['bucket', 'backups', 'logs', 'assets'])}/${r.range(2019, 2024)}/${r.pick(WORDS)}/${r.hex(12)}.parquet`],
    [1, () => `gopher://gopher.${r.pick(['floodgap.com', 'example.org'])}/1/${r.pick(WORDS)}`],
    [1, () => `rtsp://${r.pick(IPV4S)}:554/${r.pick(['stream1', 'live/ch00_0', 'cam/realmonitor'])}`],
    [1, () => `telnet://${r.pick(['towel.blinkenlights.nl', 'bbs.example.org', r.pick(IPV4S)])}${r.chance(0.5) ? ':23' : ''}/`],
    [1, () => `about:${r.pick(['blank', 'config', 'preferences', 'srcdoc'])}`],
    [1, () => `view-source:https://${host(r)}/${r.pick(WORDS)}`],
    [1, () => `market://details?id=com.${r.pick(WORDS)}.${r.pick(WORDS)}`],
    [1, () => `doi:10.${r.digits(4)}/${r.pick(['s41586', 'j.cell', 'acm', 'nature'])}-${r.digits(3)}-${r.digits(5)}-${r.digits(1)}`],
    [1, () => `z39.50r://z.${r.pick(DOMAINS)}:210/${r.pick(WORDS)}?${r.digits(3)};esn=f`],
  ])();
}

export function makeUri(r: Rng): string {
  return r.weighted<(r: Rng) => string>([
    [76, httpUri],
    [5, mailtoUri],
    [3, ftpUri],
    [3, urnUri],
    [2, telUri],
    [2, fileUri],
    [1.5, dataUri],
    [1.5, ldapUri],
    [1.5, newsUri],
    [4.5, otherUri],
  ])(r);
}

// RFC 3986 §5.4 plus the forms found in real pages: every relative-ref shape.
function makeRef(r: Rng): string {
  const seg = (): string => segment(r);
  const q = (): string => (r.chance(0.25) ? queryPart(r) || `?${r.pick(QUERY_KEYS)}=${r.digits(2)}` : '');
  const f = (): string => (r.chance(0.15) ? '#' + r.pick(FRAGMENTS) : '');
  const noColon = (s: string): string => s.replace(/:/g, '%3A');
  return r.weighted<() => string>([
    [3, () => `../${seg()}${q()}${f()}`],
    [2, () => `../../${seg()}/${seg()}${q()}`],
    [1, () => `../../../${seg()}${r.pick(EXTS)}`],
    [2, () => `./${seg()}${q()}${f()}`],
    [3, () => `${noColon(seg())}${r.pick(EXTS)}${q()}${f()}`],
    [2, () => `${noColon(seg())}/${seg()}${q()}`],
    [4, () => `/${seg()}/${seg()}${r.chance(0.4) ? r.pick(EXTS) : ''}${q()}${f()}`],
    [2, () => `/${seg()}${q()}`],
    [2, () => `//${host(r)}/${seg()}${q()}`],
    [1, () => `//${host(r)}${r.chance(0.2) ? ':' + r.pick(PORTS) : ''}`],
    [2, () => `?${r.pick(QUERY_KEYS)}=${r.pick(WORDS)}${r.chance(0.5) ? '&' + r.pick(QUERY_KEYS) + '=' + r.digits(2) : ''}`],
    [2, () => `#${r.pick(FRAGMENTS)}${r.chance(0.5) ? '-' + r.digits(2) : ''}`],
    [1, () => `;${r.pick(['x', 'jsessionid', 'type', 'v'])}=${r.alnum(r.range(1, 16))}`],
    [1, () => `${r.pick(WORDS)};${r.pick(['x', 'type', 'rev'])}=${r.digits(2)}${q()}`],
    [1, () => `${r.pick(WORDS)}/./${r.pick(WORDS)}`],
    [1, () => `${r.pick(WORDS)}/../${r.pick(WORDS)}${f()}`],
    [1, () => `/./${r.pick(WORDS)}/../${r.pick(WORDS)}`],
    [0.5, () => `/../${r.pick(WORDS)}`],
    [0.5, () => `${r.pick(WORDS)}.${r.chance(0.5) ? '.' : ''}`],
    [0.5, () => `.${r.pick(WORDS)}`],
    [0.5, () => `..${r.pick(WORDS)}`],
    [0.5, () => `./${r.pick(WORDS)}:${r.pick(WORDS)}`],
    [0.5, () => `${r.pick(WORDS)}?${r.pick(WORDS)}/./x`],
    [0.5, () => `${r.pick(WORDS)}#${r.pick(WORDS)}/../x`],
    [0.5, () => `../${r.pick(PCT_WORDS)}`],
    [0.5, () => `${r.pick(['', '/'])}${r.pick(WIKI_TITLES)}`],
  ])();
}

// The RFC 3986 §5.4.1 and §5.4.2 references: always included.
const RFC_REFS = [
  'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s',
  '.', './', '..', '../', '../g', '../..', '../../', '../../g',
  '../../../g', '../../../../g', '/./g', '/../g', 'g.', '.g', 'g..', '..g',
  './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x',
];

export interface Generated {
  uris: string[];
  refs: string[];
}

export function generate(): Generated {
  const r = new Rng(SEED);
  const uris = new Set<string>();
  let guard = 0;
  while (uris.size < URI_COUNT) {
    if (++guard > URI_COUNT * 50) throw new Error('cannot make enough distinct URIs');
    const u = makeUri(r);
    if (!URI_RE.test(u)) throw new Error(`generator made an invalid URI: ${u}`);
    uris.add(u);
  }
  const refs = new Set<string>(RFC_REFS);
  guard = 0;
  while (refs.size < REF_COUNT) {
    if (++guard > REF_COUNT * 50) throw new Error('cannot make enough distinct references');
    const s = makeRef(r);
    if (s === '') continue;
    if (!RELATIVE_REF_RE.test(s)) throw new Error(`generator made an invalid relative reference: ${s}`);
    refs.add(s);
  }
  return { uris: [...uris], refs: [...refs] };
}

function validate(g: Generated): string[] {
  const problems: string[] = [];
  if (!URI_RE.test(BASE)) problems.push(`base is not a URI: ${BASE}`);
  for (const u of g.uris) {
    if (!URI_RE.test(u)) problems.push(`not RFC 3986: ${u}`);
    const c = fastUri.parse(u);
    if (c.error !== undefined) problems.push(`fast-uri: ${c.error}: ${u}`);
  }
  for (const s of g.refs) {
    if (!RELATIVE_REF_RE.test(s)) problems.push(`not a relative-ref: ${s}`);
    if (URI_RE.test(s)) problems.push(`relative ref reads as a URI: ${s}`);
  }
  return problems;
}

function main(): void {
  const check = process.argv.includes('--check');
  const g = generate();
  const problems = validate(g);
  // fast-uri flags some valid RFC 3986 forms (it checks scheme-specific rules); report, don't fail on those.
  const hard = problems.filter((p) => !p.startsWith('fast-uri:'));
  for (const p of problems) log(p);
  if (hard.length > 0) {
    log(`${hard.length} invalid lines`);
    process.exit(1);
  }
  const files: [string, string][] = [
    ['uris.txt', g.uris.join('\n') + '\n'],
    ['refs.txt', g.refs.join('\n') + '\n'],
    ['base.txt', BASE + '\n'],
  ];
  let stale = false;
  for (const [name, text] of files) {
    const file = path.join(DATA_DIR, name);
    if (check) {
      const have = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (have !== text) {
        log(`${name} is not what the generator makes`);
        stale = true;
      }
    } else {
      fs.mkdirSync(DATA_DIR, { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  const byScheme = new Map<string, number>();
  for (const u of g.uris) {
    const s = u.slice(0, u.indexOf(':')).toLowerCase();
    byScheme.set(s, (byScheme.get(s) ?? 0) + 1);
  }
  log(`${g.uris.length} URIs, ${g.refs.length} references; schemes: ${[...byScheme].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ${n}`).join(', ')}`);
  if (stale) process.exit(1);
}

if (isMain(import.meta.url)) main();
