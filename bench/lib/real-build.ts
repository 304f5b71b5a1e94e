// The mbox and the access log of the real-text corpora (bench/real-corpora.ts),
// built from the documents bench/lib/real-text.ts reads.
import type { Doc } from './real-text.js';
import { Rng, fmtNum } from './util.js';

export interface Made {
  bytes: number;
  notes: string;
}

// --- mail ------------------------------------------------------------------

const LISTS = ['debian-devel', 'debian-user', 'debian-security', 'debian-project', 'debian-release', 'pkg-perl-maintainers'];
const PEOPLE = [
  'Anna Keller', 'Bastian Roth', 'Chen Wei', 'Dolores Ibáñez', 'Emeka Obi', 'François Lemaire', 'Gunnar Ström', 'Hana Sato',
  'Ivan Petrov', 'Jorge Nuñez', 'Katarzyna Nowak', 'Lars Eriksen', 'Mei Lin', 'Nadia Haddad', 'Olga Smirnova', 'Paul Martin',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'];

const two = (n: number): string => String(n).padStart(2, '0');

/** Pieces of the documents that read as mail bodies: runs of a few paragraphs, 0.5–6 KB. */
function bodyPieces(docs: readonly Doc[], r: Rng): string[] {
  const pieces: string[] = [];
  for (const d of docs) {
    const paras = d.text.slice(0, 262144).split(/\n\s*\n/);
    let cur = '';
    let want = r.range(500, 6000);
    for (const p of paras) {
      cur += (cur === '' ? '' : '\n\n') + p.replace(/\s+$/, '');
      if (cur.length >= want) {
        pieces.push(cur + '\n');
        cur = '';
        want = r.range(500, 6000);
      }
    }
    if (cur.length > 200) pieces.push(cur + '\n');
  }
  return pieces;
}

/** An mbox body: no line may read as a message separator. */
function escapeFrom(body: string): string {
  return body.replace(/^(>*)From /gm, '>$1From ');
}

function addressOf(name: string): string {
  return `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(/ /g, '.')}@example.${name.length % 2 === 0 ? 'org' : 'net'}`;
}

/** The date of an mbox From line: "Tue Jan  2 10:00:00 2024". */
function asctime(t: number, d: Date): string {
  const day = String(d.getUTCDate()).padStart(2, ' ');
  return `${DAYS[Math.floor(t / 86400) % 7]} ${MONTHS[d.getUTCMonth()]} ${day} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

interface MailState { t: number; n: number; prevId: string; prevBody: string; prevSubject: string }

function listMessage(r: Rng, s: MailState, piece: string): string {
  const who = r.pick(PEOPLE);
  const from = addressOf(who);
  const list = r.pickSkewed(LISTS, 1.5);
  s.t += r.range(30, 4000);
  const d = new Date(s.t * 1000);
  const date = `${DAYS[Math.floor(s.t / 86400) % 7]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
  const id = `${s.t.toString(36)}.${r.alnum(10)}@${from.split('@')[1]}`;
  const reply = s.n > 0 && r.chance(0.5);
  const firstLine = piece.split('\n').find((l) => l.trim().length > 0)?.trim().slice(0, 60) ?? 'question';
  const subject = reply ? `Re: ${s.prevSubject}` : firstLine;
  const head = [
    `From ${from} ${asctime(s.t, d)}`,
    `Return-Path: <${from}>`,
    `Received: from mail.${from.split('@')[1]} (mail.${from.split('@')[1]} [192.0.2.${r.range(1, 254)}])`,
    `\tby bendel.debian.org (Postfix) with ESMTPS id ${r.hex(10, true)}`,
    `\tfor <${list}@lists.debian.org>; ${date}`,
    `From: ${who} <${from}>`, `To: ${list}@lists.debian.org`, `Subject: ${subject}`, `Date: ${date}`, `Message-ID: <${id}>`,
    ...(reply ? [`In-Reply-To: <${s.prevId}>`, `References: <${s.prevId}>`] : []),
    `List-Id: <${list}.lists.debian.org>`, `List-URL: <https://lists.debian.org/${list}/>`,
    `List-Post: <mailto:${list}@lists.debian.org>`, `List-Help: <mailto:${list}-request@lists.debian.org?subject=help>`,
    `List-Unsubscribe: <mailto:${list}-request@lists.debian.org?subject=unsubscribe>`,
    `Archived-At: <https://lists.debian.org/msgid-search/${id}>`,
    'Precedence: list', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '',
  ];
  const quoted = reply ? `\nOn ${date}, someone wrote:\n${s.prevBody.split('\n').slice(0, 40).map((l) => (l === '' ? '>' : `> ${l}`)).join('\n')}\n\n` : '';
  const body = `${quoted}${piece}\n-- \n${who}\n${r.chance(0.3) ? `https://people.debian.org/~${from.split('.')[0]}/\n` : ''}`;
  s.n++;
  s.prevId = id;
  s.prevBody = piece;
  s.prevSubject = subject.replace(/^Re: /, '');
  return head.join('\n') + '\n' + escapeFrom(body) + '\n';
}

/** A CPython test message as an mbox entry (a From line put before it unless it has one). */
function testMessage(m: string): string {
  const text = m.replace(/\r\n/g, '\n');
  const sep = text.startsWith('From ') ? '' : 'From python-test@example.com Thu Jan  1 00:00:00 2004\n';
  const [head, ...rest] = text.split('\n\n');
  return `${sep}${head}\n\n${escapeFrom(rest.join('\n\n')).replace(/\n*$/, '\n')}\n`;
}

export function buildMail(docs: readonly Doc[], tests: readonly string[], target: number, r: Rng): { text: string; made: Made } {
  const pieces = bodyPieces(docs, r);
  const parts: string[] = [];
  const s: MailState = { t: Date.UTC(2024, 0, 2) / 1000, n: 0, prevId: '', prevBody: '', prevSubject: '' };
  let bytes = 0;
  let fromTests = 0;
  while (bytes < target) {
    const test = tests.length > 0 && r.chance(0.04);
    if (test) fromTests++;
    const m = test ? testMessage(tests[r.int(tests.length)]!) : listMessage(r, s, pieces[r.int(pieces.length)]!);
    parts.push(m);
    bytes += Buffer.byteLength(m);
  }
  return { text: parts.join(''), made: { bytes: 0, notes: `${fmtNum(parts.length)} messages (${fmtNum(fromTests)} email test messages), bodies from ${fmtNum(pieces.length)} pieces of the documents` } };
}

// --- access log --------------------------------------------------------------

const URL_RE = /\bhttps?:\/\/[^\s<>"'()[\]{}|\\^`]+/g;

/** The URLs in the documents, most frequent first (ties in order of first sighting). */
function harvest(docs: readonly Doc[]): string[] {
  const count = new Map<string, number>();
  for (const d of docs) {
    for (const m of d.text.matchAll(URL_RE)) {
      const u = m[0].replace(/[.,;:!?]+$/, '');
      count.set(u, (count.get(u) ?? 0) + 1);
    }
  }
  return [...count.entries()].sort((a, b) => b[1] - a[1]).map(([u]) => u);
}

/** Draws ranks 0…n-1 with P(k) ∝ 1 / (k + 1): a Zipf law, s = 1. */
function zipf(n: number, r: Rng): () => number {
  const cum = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) cum[k] = total += 1 / (k + 1);
  return () => {
    const x = r.float() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const UAS: [number, string][] = [
  [30, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'],
  [15, 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'],
  [12, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15'],
  [10, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'],
  [8, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [4, 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  [2, 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
  [1, 'Debian APT-HTTP/1.3 (2.6.1)'], [3, 'curl/7.88.1'], [2, 'Wget/1.21.3'],
];

function pathOf(u: string): string {
  const m = /^https?:\/\/[^/?#]*([^#]*)/.exec(u);
  const p = m?.[1] ?? '/';
  return p === '' ? '/' : p;
}

const WORDS = ['debian', 'install', 'error', 'package', 'license', 'kernel', 'python', 'build', 'upgrade', 'manual', 'apt', 'ssh'];

/**
 * A referer as browsers send them: most often the page as it is, some with
 * a click id or campaign tag that makes it unique, some a search results page.
 */
function referer(u: string, r: Rng): string {
  const x = r.float();
  if (x < 0.7) return u;
  if (x < 0.85) return `${u}${u.includes('?') ? '&' : '?'}${r.chance(0.5) ? `fbclid=${r.alnum(32)}` : `utm_source=newsletter&utm_campaign=${r.alnum(8)}`}`;
  return `https://www.google.com/search?q=${r.pick(WORDS)}+${r.pick(WORDS)}&ei=${r.alnum(22)}&sclient=gws-wiz`;
}

export function buildLog(docs: readonly Doc[], target: number, r: Rng): { text: string; made: Made } {
  const urls = harvest(docs);
  const draw = zipf(urls.length, r);
  const ips = Array.from({ length: 2000 }, () => `${r.range(1, 223)}.${r.range(0, 255)}.${r.range(0, 255)}.${r.range(1, 254)}`);
  const parts: string[] = [];
  let bytes = 0;
  let lines = 0;
  let t = Date.UTC(2024, 2, 10) / 1000;
  while (bytes < target) {
    lines++;
    t += r.chance(0.6) ? 0 : r.range(1, 3);
    const d = new Date(t * 1000);
    const ts = `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
    const method = r.chance(0.92) ? 'GET' : r.chance(0.7) ? 'POST' : 'HEAD';
    const status = r.weighted([[82, 200], [7, 304], [4, 301], [5, 404], [1, 500], [1, 403]] as const);
    const ref = r.chance(0.72) ? referer(urls[draw()]!, r) : '-';
    const line = `${r.pickSkewed(ips, 1.5)} - - [${ts}] "${method} ${pathOf(urls[draw()]!)} HTTP/1.1" ${status} ${status === 304 ? 0 : r.range(200, 250000)} "${ref}" "${r.weighted(UAS)}"\n`;
    parts.push(line);
    bytes += Buffer.byteLength(line);
  }
  return { text: parts.join(''), made: { bytes: 0, notes: `${fmtNum(lines)} lines; referers on 72% of lines, 70% of them drawn as they are from ${fmtNum(urls.length)} URLs found in the documents (Zipf, s = 1), 15% with a unique click id or campaign tag, 15% search pages` } };
}
