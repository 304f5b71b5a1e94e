// Deterministic corpora for the extraction benches, written to bench/corpora/
// (gitignored): prose.txt, mail.mbox, access.log, each at least 32 MiB.
// Links come from bench/data/uris.txt and refs.txt. A manifest records the
// generator version and the sizes; files that match it are not regenerated.
//
//   npx tsx bench/corpora.ts [--mib 32] [--force]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CORPORA_DIR, DATA_DIR, MiB, Rng, fmtMs, fmtNum, isMain, log, mdTable, now, helpIfAsked } from './lib/util.js';

const GEN_VERSION = 6;
const SEED = 0x5eed;

export const CORPUS_NAMES = ['prose.txt', 'mail.mbox', 'access.log'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

export interface CorpusInfo {
  name: CorpusName;
  file: string;
  bytes: number;
  /** Links the generator wrote (each URI or reference it placed in the text). */
  links: number;
  notes?: string | undefined;
}

interface Made {
  bytes: number;
  links: number;
  notes?: string | undefined;
}

interface Manifest {
  version: number;
  seed: number;
  mib: number;
  files: Record<string, Made>;
}

// ---------------------------------------------------------------------------
// Shared material.

interface Links {
  web: string[];
  other: string[];
  refs: string[];
  paths: string[];
}

function loadLinks(): Links {
  const lines = (f: string): string[] =>
    fs.readFileSync(path.join(DATA_DIR, f), 'utf8').split('\n').filter((l) => l.length > 0);
  const uris = lines('uris.txt');
  const refs = lines('refs.txt');
  const web = uris.filter((u) => /^https?:\/\//i.test(u));
  const other = uris.filter((u) => !/^https?:\/\//i.test(u));
  const paths: string[] = refs.filter((r) => r.startsWith('/') && !r.startsWith('//'));
  for (const u of web) {
    const m = /^[a-z]+:\/\/[^/?#]*([^#]*)/i.exec(u);
    const p = m?.[1];
    if (p !== undefined && p.startsWith('/')) paths.push(p);
  }
  return { web, other, refs, paths };
}

const WORDS = (
  'the of and to a in is it you that he was for on are with as I his they be at one have this from or had ' +
  'by not word but what some we can out other were all there when up use your how said an each she which do ' +
  'their time if will way about many then them write would like so these her long make thing see him two has ' +
  'look more day could go come did number sound no most people my over know water than call first who may down ' +
  'side been now find any new work part take get place made live where after back little only round man year ' +
  'came show every good me give our under name very through just form sentence great think say help low line ' +
  'differ turn cause much mean before move right boy old too same tell does set three want air well also play ' +
  'small end put home read hand port large spell add even land here must big high such follow act why ask men ' +
  'change went light kind off need house picture try us again animal point mother world near build self earth ' +
  'father head stand own page should country found answer school grow study still learn plant cover food sun ' +
  'four between state keep eye never last let thought city tree cross farm hard start might story saw far sea ' +
  'draw left late run while press close night real life few north open seem together next white children begin ' +
  'got walk example ease paper group always music those both mark often letter until mile river car feet care ' +
  'second book carry took science eat room friend began idea fish mountain stop once base hear horse cut sure ' +
  'watch color face wood main enough plain girl usual young ready above ever red list though feel talk bird ' +
  'soon body dog family direct pose leave song measure door product black short numeral class wind question ' +
  'happen complete ship area half rock order fire south problem piece told knew pass since top whole king space ' +
  'heard best hour better true during hundred five remember step early hold west ground interest reach fast ' +
  'server release patch build version config parser stream buffer issue report review commit branch deploy ' +
  'upstream mailing thread archive draft update bug fix test failure regression benchmark latency'
).split(' ');

const UNICODE_WORDS = ['café', 'naïve', 'résumé', 'façade', 'über', 'jalapeño', 'coöperate', 'Zürich', 'São Paulo', '東京', 'Москва', 'señor', '—', '…', '½', '€20', 'Ångström'];

const LINK_TEXT = ['here', 'this post', 'the docs', 'the spec', 'RFC 3986', 'the changelog', 'link', 'this thread', 'the release notes', 'a demo', 'source', 'the issue', 'my notes', 'the archive'];

function sentence(r: Rng): string {
  const n = r.range(5, 22);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = r.chance(0.006) ? r.pick(UNICODE_WORDS) : r.pickSkewed(WORDS, 2.2);
    if (i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    else if (r.chance(0.06) && i < n - 1) w += ',';
    ws.push(w);
  }
  return ws.join(' ') + r.weighted([[85, '.'], [8, '?'], [5, '!'], [2, '...']] as const);
}

/** A link token in one of the styles people write; `angle` marks tokens that may be wrapped inside. */
interface Tok {
  text: string;
  /** May be split across lines (inside <...>: Appendix C says the whitespace is removed). */
  wrapInside?: boolean;
  /** Split after a hyphen at a line end ("hyphen break"). */
  hyphenBreak?: boolean;
}

function webLink(r: Rng, L: Links): string {
  return r.chance(0.9) ? r.pickSkewed(L.web, 1.3) : r.pick(L.other);
}

function linkToken(r: Rng, L: Links): Tok[] {
  const u = webLink(r, L);
  return r.weighted<() => Tok[]>([
    [30, () => [{ text: u }]],
    [10, () => [{ text: u + r.pick(['.', ',', ';', ':', '!', '?', ').', '),', '.)', '...', '"']) }]],
    [14, () => [{ text: `<${u}>`, wrapInside: true }]],
    [2, () => [{ text: `<URL:${u}>`, wrapInside: true }]],
    [7, () => [{ text: `"${u}"` }]],
    [2, () => [{ text: `'${u}'` }]],
    [2, () => [{ text: `“${u}”` }]],
    [8, () => [{ text: `(${u})` }]],
    [3, () => [{ text: '(see' }, { text: `${u})${r.pick(['', '.', ','])}` }]],
    [9, () => [{ text: `[${r.pick(LINK_TEXT)}](${u})` }]],
    [3, () => [{ text: u.replace(/^https?:\/\//i, '').replace(/^(?!www\.)/, 'www.') }]],
    [3, () => [{ text: `${r.pick(['alice', 'bob', 'support', 'info', 'j.doe', 'press'])}@${r.pick(['example.com', 'example.org', 'corp.example', 'lists.example.net'])}` }]],
    [2, () => [{ text: u, hyphenBreak: true }]],
  ])();
}

/** Word-wrap tokens into lines of at most `width` (long unbreakable tokens overflow). */
function wrap(toks: Tok[], width: number, prefix: string, out: string[]): void {
  let line = prefix;
  let bare = true;
  const flush = (): void => {
    out.push(line);
    line = prefix;
    bare = true;
  };
  for (const t of toks) {
    let text = t.text;
    const room = (): number => width - line.length - (bare ? 0 : 1);
    if (!bare && text.length > room()) {
      // Break inside <...> at a '/', '?', '&' or '-' if one fits on this line.
      if (t.wrapInside === true && room() > 16) {
        const cut = lastBreak(text, room());
        if (cut > 12) {
          line += ' ' + text.slice(0, cut);
          flush();
          text = text.slice(cut);
          while (text.length > width - prefix.length) {
            const c = lastBreak(text, width - prefix.length - 2);
            if (c <= 4) break;
            out.push(prefix + '  ' + text.slice(0, c));
            text = text.slice(c);
          }
          line = prefix + (text.startsWith('>') ? '' : '  ') + text;
          bare = false;
          continue;
        }
      }
      if (t.hyphenBreak === true && room() > 12) {
        const h = text.lastIndexOf('-', room() - 1);
        if (h > 10) {
          line += ' ' + text.slice(0, h + 1);
          flush();
          line += text.slice(h + 1);
          bare = false;
          continue;
        }
      }
      flush();
    }
    line += (bare ? '' : ' ') + text;
    bare = false;
  }
  if (!bare) out.push(line);
}

function lastBreak(s: string, max: number): number {
  for (let i = Math.min(max, s.length - 2); i > 4; i--) {
    const c = s.charCodeAt(i - 1);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x26 /* & */ || c === 0x2d /* - */) return i;
  }
  return -1;
}

/** One sentence, with a link in it with probability `linkRate`. */
function sentenceToks(r: Rng, L: Links, linkRate: number, counter: { links: number }, toks: Tok[]): void {
  const words = sentence(r).split(' ');
  if (!r.chance(linkRate)) {
    for (const text of words) toks.push({ text });
    return;
  }
  const at = r.range(1, words.length - 1);
  const intro = r.pick(['see', 'at', 'from', 'via', 'on', 'read', 'in', 'per', '']);
  counter.links++;
  for (let i = 0; i < at; i++) toks.push({ text: words[i] ?? '' });
  if (intro !== '') toks.push({ text: intro });
  toks.push(...linkToken(r, L));
  for (let i = at; i < words.length; i++) toks.push({ text: words[i] ?? '' });
}

/** A paragraph of prose with about `linkRate` links per sentence. */
function paragraph(r: Rng, L: Links, linkRate: number, counter: { links: number }): Tok[] {
  const toks: Tok[] = [];
  const n = r.range(2, 7);
  for (let i = 0; i < n; i++) sentenceToks(r, L, linkRate, counter, toks);
  return toks;
}

// ---------------------------------------------------------------------------
// Writers.

class SizedWriter {
  private fd: number;
  private parts: string[] = [];
  private pending = 0;
  bytes = 0;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  write(s: string): void {
    this.parts.push(s);
    this.pending += s.length;
    if (this.pending >= 1 << 20) this.flush();
  }

  /** Bytes written plus an upper bound of what is pending (UTF-16 units ≤ bytes·1). */
  get approx(): number {
    return this.bytes + this.pending;
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    fs.writeSync(this.fd, buf);
    this.bytes += buf.length;
    this.parts = [];
    this.pending = 0;
  }

  close(): number {
    this.flush();
    fs.closeSync(this.fd);
    return this.bytes;
  }
}

function writeProse(file: string, target: number, L: Links): Made {
  const r = new Rng(SEED ^ 0x9105e);
  const w = new SizedWriter(file);
  const counter = { links: 0 };
  const out: string[] = [];
  while (w.approx < target) {
    const kind = r.weighted([[80, 'para'], [6, 'heading'], [8, 'list'], [4, 'quote'], [2, 'refs']] as const);
    out.length = 0;
    if (kind === 'para') {
      wrap(paragraph(r, L, 0.08, counter), 72, '', out);
    } else if (kind === 'heading') {
      out.push(r.pick(['# ', '## ', '### ', '']) + sentence(r).replace(/[.?!]+$/, ''));
    } else if (kind === 'list') {
      const n = r.range(2, 6);
      for (let i = 0; i < n; i++) {
        const bullet = r.pick(['- ', '* ', `${i + 1}. `]);
        const toks: Tok[] = [{ text: bullet.trim() }];
        sentenceToks(r, L, 0.3, counter, toks);
        wrap(toks, 72, '', out);
      }
    } else if (kind === 'quote') {
      wrap(paragraph(r, L, 0.12, counter), 70, '> ', out);
    } else {
      const n = r.range(2, 5);
      out.push('References:');
      for (let i = 0; i < n; i++) {
        counter.links++;
        out.push(`[${i + 1}] ${r.chance(0.5) ? `<${webLink(r, L)}>` : webLink(r, L)}`);
      }
    }
    w.write(out.join('\n') + '\n\n');
  }
  return { bytes: w.close(), links: counter.links, notes: 'wrapped at 72 columns' };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const PEOPLE = [
  ['Alice Martin', 'alice@example.com'], ['Bob Jones', 'bob.jones@example.org'], ['Carol Nguyen', 'carol@corp.example'],
  ['Dave Rossi', 'drossi@mail.example.net'], ['Erin Dubois', 'erin.dubois@university.edu'], ['Frank Müller', 'frank@posteo.de'],
  ['Grace Tanaka', 'gtanaka@example.jp'], ['Heidi Silva', 'heidi@proton.me'], ['Ivan Novak', 'ivan.novak@lists.example.org'],
  ['Judy O\'Connor', 'judy@example.ie'], ['Kim Lee', 'kim.lee@gmail.com'], ['Luis García', 'luis@example.es'],
] as const;
const LISTS = ['dev', 'users', 'announce', 'security', 'general', 'infra'];

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

function writeMail(file: string, target: number, L: Links): Made {
  const r = new Rng(SEED ^ 0x3a11);
  const w = new SizedWriter(file);
  const counter = { links: 0 };
  let t = Date.UTC(2021, 0, 4, 9, 0, 0) / 1000;
  let msg = 0;
  const out: string[] = [];
  while (w.approx < target) {
    msg++;
    t += r.range(30, 7200);
    const d = new Date(t * 1000);
    const from = r.pick(PEOPLE);
    const to = r.pick(PEOPLE);
    const list = r.pick(LISTS);
    const id = `${r.hex(8)}.${r.hex(6)}@${from[1].split('@')[1] ?? 'example.com'}`;
    const reply = r.chance(0.6);
    const subject = (reply ? 'Re: ' : '') + sentence(r).replace(/[.?!]+$/, '').split(' ').slice(0, r.range(3, 9)).join(' ');
    const date = `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
    out.length = 0;
    out.push(`From ${from[1]} ${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()}`);
    out.push(`Return-Path: <${from[1]}>`);
    out.push(`Received: from mail.${from[1].split('@')[1]} (mail.${from[1].split('@')[1]} [${r.range(1, 223)}.${r.range(0, 255)}.${r.range(0, 255)}.${r.range(1, 254)}])`);
    out.push(`\tby mx.lists.example.org (Postfix) with ESMTPS id ${r.hex(10, true)}`);
    out.push(`\tfor <${list}@lists.example.org>; ${date}`);
    out.push(`Message-ID: <${id}>`);
    out.push(`Date: ${date}`);
    out.push(`From: "${from[0]}" <${from[1]}>`);
    out.push(`To: ${list}@lists.example.org`);
    if (r.chance(0.3)) out.push(`Cc: ${to[0]} <${to[1]}>`);
    out.push(`Subject: [${list}] ${subject}`);
    if (reply) {
      const parent = `<${r.hex(8)}.${r.hex(6)}@${to[1].split('@')[1] ?? 'example.org'}>`;
      out.push(`In-Reply-To: ${parent}`);
      out.push(`References: <${r.hex(12)}@example.org>`);
      out.push(` ${parent}`);
    }
    out.push('MIME-Version: 1.0');
    out.push(`Content-Type: text/plain; charset=${r.chance(0.8) ? 'utf-8' : 'us-ascii'}; format=flowed`);
    out.push('Content-Transfer-Encoding: 8bit');
    out.push(`List-Id: ${list} discussion <${list}.lists.example.org>`);
    out.push(`List-Unsubscribe: <mailto:${list}-request@lists.example.org?subject=unsubscribe>,`);
    out.push(` <https://lists.example.org/mailman/options/${list}>`);
    out.push(`List-Archive: <https://lists.example.org/pipermail/${list}/>`);
    counter.links += 3;
    out.push(`X-Mailer: ${r.pick(['Mutt/2.2.9', 'Thunderbird 115.6.0', 'Apple Mail (2.3731)', 'Evolution 3.50', 'Roundcube Webmail/1.6.5'])}`);
    out.push('');
    out.push(`${r.pick(['Hi', 'Hello', 'Dear', 'Hey'])} ${to[0].split(' ')[0]},`);
    out.push('');
    const paras = r.range(1, 4);
    for (let i = 0; i < paras; i++) {
      wrap(paragraph(r, L, 0.1, counter), 72, '', out);
      out.push('');
    }
    if (reply) {
      out.push(`On ${date.slice(0, 16)}, ${to[0]} <${to[1]}> wrote:`);
      const depth = r.range(1, 3);
      for (let q = 1; q <= depth; q++) {
        const prefix = '>'.repeat(q) + ' ';
        const qp = r.range(1, 3);
        for (let i = 0; i < qp; i++) {
          wrap(paragraph(r, L, 0.12, counter), 72, prefix, out);
          out.push(prefix.trimEnd());
        }
        if (q < depth) out.push(`${'>'.repeat(q)} On an earlier day, someone wrote:`);
      }
      out.push('');
      if (r.chance(0.5)) {
        wrap(paragraph(r, L, 0.1, counter), 72, '', out);
        out.push('');
      }
    }
    if (r.chance(0.15)) {
      // A body line that starts with "From " is escaped in mbox.
      out.push('>From the log above, ' + sentence(r).toLowerCase());
      out.push('');
    }
    out.push('-- ');
    out.push(from[0]);
    if (r.chance(0.7)) {
      counter.links++;
      out.push(r.pick([`https://${from[0].split(' ')[0]?.toLowerCase() ?? 'me'}.example.com/`, `<${webLink(r, L)}>`, `tel:+1-201-555-${String(r.range(1000, 9999))}`, `${r.pick(['GPG', 'PGP'])}: https://keys.example.org/pks/lookup?op=get&search=0x${r.hex(16, true)}`]));
    }
    if (r.chance(0.4)) {
      out.push('_______________________________________________');
      out.push(`${list} mailing list`);
      out.push(`${list}@lists.example.org`);
      out.push(`https://lists.example.org/mailman/listinfo/${list}`);
      counter.links++;
    }
    out.push('');
    w.write(out.join('\n') + '\n');
  }
  log(`  mail.mbox: ${msg} messages`);
  return { bytes: w.close(), links: counter.links, notes: `${fmtNum(msg)} messages` };
}

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Twitterbot/1.0',
  'curl/8.5.0',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
  'Wget/1.21.4',
  'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
];
const UA_WEIGHTS: [number, string][] = UAS.map((ua, i) => [i < 6 ? 14 : 2, ua]);

function writeLog(file: string, target: number, L: Links): Made {
  const r = new Rng(SEED ^ 0x10a9);
  const w = new SizedWriter(file);
  let links = 0;
  let lines = 0;
  let targets = 0;
  let referers = 0;
  let uaLinks = 0;
  let t = Date.UTC(2024, 2, 10, 0, 0, 0) / 1000;
  const parts: string[] = [];
  const ips: string[] = [];
  for (let i = 0; i < 400; i++) {
    ips.push(r.chance(0.92) ? `${r.range(1, 223)}.${r.range(0, 255)}.${r.range(0, 255)}.${r.range(1, 254)}` : `2001:db8:${r.hex(4)}::${r.hex(3)}`);
  }
  const ownHost = 'https://www.example.org';
  while (w.approx < target) {
    parts.length = 0;
    for (let k = 0; k < 256; k++) {
      lines++;
      t += r.chance(0.7) ? 0 : r.range(1, 3);
      const d = new Date(t * 1000);
      const ts = `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
      const method = r.weighted([[85, 'GET'], [10, 'POST'], [2, 'HEAD'], [1, 'PUT'], [1, 'OPTIONS'], [1, 'DELETE']] as const);
      let target = r.chance(0.01) ? webLink(r, L) : r.pickSkewed(L.paths, 1.2);
      if (r.chance(0.15)) target += (target.includes('?') ? '&' : '?') + `_=${r.digits(13)}`;
      links++;
      targets++;
      const status = r.weighted([[80, 200], [6, 304], [5, 301], [3, 302], [4, 404], [1, 500], [1, 403]] as const);
      const size = status === 304 ? 0 : r.range(200, 250000);
      let ref = '-';
      if (r.chance(0.72)) {
        links++;
        referers++;
        ref = r.weighted<() => string>([
          [5, () => ownHost + r.pickSkewed(L.paths, 1.2)],
          [4, () => webLink(r, L)],
          [1, () => `https://www.google.com/search?q=${r.pick(WORDS)}+${r.pick(WORDS)}&sca_esv=${r.hex(16)}&source=hp&ei=${r.alnum(22)}&oq=${r.pick(WORDS)}&gs_lp=${r.alnum(40)}&sclient=gws-wiz`],
        ])();
      }
      const ua = r.weighted(UA_WEIGHTS);
      if (ua.includes('http')) {
        links++;
        uaLinks++;
      }
      const user = r.chance(0.03) ? r.pick(['frank', 'alice', 'admin', 'deploy']) : '-';
      parts.push(`${r.pickSkewed(ips, 1.5)} - ${user} [${ts}] "${method} ${target} HTTP/${r.chance(0.7) ? '1.1' : '2.0'}" ${status} ${size} "${ref}" "${ua}"\n`);
    }
    w.write(parts.join(''));
  }
  log(`  access.log: ${fmtNum(lines)} lines`);
  const bytes = w.close();
  const perMiB = (n: number): string => fmtNum(n / (bytes / MiB));
  return {
    bytes,
    links,
    notes: `${perMiB(lines)} lines/MiB; per MiB: ${perMiB(targets)} request targets, ${perMiB(referers)} referer URLs, ${perMiB(uaLinks)} UA URLs`,
  };
}

const WRITERS: Record<CorpusName, (file: string, target: number, L: Links) => Made> = {
  'prose.txt': writeProse,
  'mail.mbox': writeMail,
  'access.log': writeLog,
};

function readManifest(): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(CORPORA_DIR, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Make (or reuse) the three corpora; `mib` is the minimum size of each. */
export function ensureCorpora(opts: { mib?: number; force?: boolean } = {}): CorpusInfo[] {
  const mib = opts.mib ?? 32;
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  let manifest = readManifest();
  if (manifest === undefined || manifest.version !== GEN_VERSION || manifest.seed !== SEED || manifest.mib !== mib) {
    manifest = { version: GEN_VERSION, seed: SEED, mib, files: {} };
  }
  let links: Links | undefined;
  const infos: CorpusInfo[] = [];
  for (const name of CORPUS_NAMES) {
    const file = path.join(CORPORA_DIR, name);
    const want = manifest.files[name];
    let size = -1;
    try {
      size = fs.statSync(file).size;
    } catch {
      // missing
    }
    if (opts.force !== true && want !== undefined && size === want.bytes) {
      infos.push({ name, file, ...want });
      continue;
    }
    links ??= loadLinks();
    const t0 = now();
    const made = WRITERS[name](file, mib * MiB, links);
    log(`  wrote ${name}: ${fmtNum(made.bytes)} bytes, ${fmtNum(made.links)} links, ${fmtMs(now() - t0)}`);
    manifest.files[name] = made;
    fs.writeFileSync(path.join(CORPORA_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    infos.push({ name, file, ...made });
  }
  return infos;
}

export function corporaTable(infos: readonly CorpusInfo[]): string {
  return mdTable(
    ['corpus', 'bytes', 'MiB', 'links written', 'links / MiB', 'notes'],
    infos.map((c) => [c.name, fmtNum(c.bytes), (c.bytes / MiB).toFixed(1), fmtNum(c.links), fmtNum(c.links / (c.bytes / MiB)), c.notes ?? '']),
  );
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({ args: argv, options: { mib: { type: 'string' }, force: { type: 'boolean' } }, strict: false });
  const mib = typeof values.mib === 'string' ? Number(values.mib) : 32;
  log(`corpora: ${CORPORA_DIR} (≥ ${mib} MiB each)`);
  const infos = ensureCorpora({ mib: Math.max(32, mib), force: values.force === true });
  process.stdout.write(`### Corpora\n\n${corporaTable(infos)}\n\n`);
}

if (isMain(import.meta.url)) await main();
