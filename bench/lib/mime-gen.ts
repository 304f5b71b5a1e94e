// Seeded list mail for the formats bench: an mbox of MIME-heavy messages
// (multipart/alternative text + HTML, quoted-printable with soft breaks and
// =3D, base64 text parts, format=flowed, List-* headers, a binary attachment
// now and then, message/rfc822 forwards nested two deep), or ordinary ones
// (mostly text/plain) for the 1 GiB stream. Bodies are real paragraphs from a
// TextPool with links put in; the same seed gives the same bytes.
import { Rng } from './util.js';
import type { TextPool } from './text-pool.js';
import { wrap } from './text-pool.js';

type Seg = string | { uri: string; style: number };
interface Para { depth: number; segs: Seg[] }
interface Part { head: string[]; body: string }

const FIRST = ['Alice', 'Bob', 'Chen', 'Dana', 'Émile', 'Farah', 'Gustavo', 'Hiroshi', 'Ingrid', 'Jamal', 'Katarzyna', 'Luis', 'Mei', 'Nikolai', 'Olu', 'Priya', 'Quentin', 'Rosa', 'Søren', 'Tariq'];
const LAST = ['Nguyen', 'Smith', 'Kowalski', 'García', 'Okafor', 'Müller', 'Tanaka', 'Rossi', 'Haddad', 'Johansson', 'Patel', 'Dubois', "O'Brien", 'Silva'];
const DOMAINS = ['example.com', 'mail.example.net', 'corp.example.org', 'uni.example.edu', 'example.co.uk', 'dev.example.io'];
const LISTS = ['dev', 'users', 'announce', 'security', 'infra', 'docs', 'i18n', 'packaging'];
const PROJECTS = ['libfoo', 'urisift', 'mailman', 'widgets', 'netkit', 'pyramid'];
const AGENTS = ['Mozilla Thunderboard 115.3', 'Mutt/2.2.12 (2023-09-09)', 'Microsoft Outlook 16.0', 'Roundcube Webmail/1.6.5', 'Apple Mail (2.3731.700.6)', 'K-9 Mail for Android'];
const ATTACH: readonly (readonly [string, string])[] = [['application/pdf', 'pdf'], ['image/png', 'png'], ['image/jpeg', 'jpg'], ['application/zip', 'zip'], ['application/octet-stream', 'bin']];
const EPOCH = Date.UTC(2024, 0, 1);

const hex2 = (c: number): string => (c < 16 ? '0' : '') + c.toString(16).toUpperCase();
const escText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Quoted-printable (RFC 2045 §6.7): =XX for '=' and 8-bit bytes, soft breaks at 76 columns. */
export function qp(text: string, charset: 'utf-8' | 'iso-8859-1'): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const b = charset === 'utf-8' ? Buffer.from(line, 'utf8') : Buffer.from(line.replace(/[^\0-\xff]/g, '?'), 'latin1');
    let cur = '';
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      const t = c === 0x3d || c > 126 || (c < 32 && c !== 9) || ((c === 32 || c === 9) && i === b.length - 1) ? `=${hex2(c)}` : String.fromCharCode(c);
      if (cur.length + t.length > 75) {
        out.push(`${cur}=`);
        cur = '';
      }
      cur += t;
    }
    out.push(cur);
  }
  return out.join('\n');
}

/** Base64 in 76-column lines. */
export function b64(buf: Buffer): string {
  const s = buf.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < s.length; i += 76) lines.push(s.slice(i, i + 76));
  return lines.join('\n');
}

export function randomBytes(rng: Rng, n: number): Buffer {
  const buf = Buffer.allocUnsafe(n + 3);
  for (let i = 0; i < n; i += 4) buf.writeUInt32LE(rng.u32(), i);
  return buf.subarray(0, n);
}

export class MailGen {
  readonly #rng: Rng;
  readonly #pool: TextPool;
  readonly #heavy: boolean;
  #n = 0;

  constructor(seed: number, pool: TextPool, heavy: boolean) {
    this.#rng = new Rng(seed);
    this.#pool = pool;
    this.#heavy = heavy;
  }

  /** The next mbox entry: a From_ line, the message with its ">From " escapes, a blank line. */
  entry(): string {
    const n = ++this.#n;
    const from = `${this.#rng.pick(FIRST).toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@${this.#rng.pick(DOMAINS)}`;
    const d = new Date(EPOCH + n * 613_000).toUTCString().split(' '); // Mon, 01 Jan 2024 00:00:00 GMT
    const asctime = `${d[0]!.slice(0, 3)} ${d[2]} ${d[1]!.replace(/^0/, ' ')} ${d[4]} ${d[3]}`;
    return `From ${from} ${asctime}\n${this.message(0).replace(/^From /gm, '>From ')}\n\n`;
  }

  message(depth: number): string {
    const r = this.#rng;
    const n = this.#n;
    const list = r.pick(LISTS);
    const proj = r.pick(PROJECTS);
    const ld = `lists.${proj}.example.org`;
    const who = `${r.pick(FIRST)} ${r.pick(LAST)}`;
    const addr = `${who.split(' ')[0]!.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${r.alnum(3).toLowerCase()}@${r.pick(DOMAINS)}`;
    const date = new Date(EPOCH + n * 613_000 - depth * 86_400_000).toUTCString().replace('GMT', '+0000');
    const mid = `${r.hex(16)}.${n}.${depth}@${r.pick(DOMAINS)}`;
    const words = (this.#pool.paragraphs[r.int(this.#pool.paragraphs.length)] ?? 'hello').split(' ').slice(0, r.range(3, 9)).join(' ');
    const subject = r.chance(0.15) ? `=?UTF-8?B?${Buffer.from(`Re: ${words} — ${who}`).toString('base64')}?=` : `${r.chance(0.5) ? 'Re: ' : ''}[${proj}-${list}] ${words}`;
    const h: string[] = [];
    if (depth === 0) {
      h.push(`Return-Path: <${addr}>`);
      for (let i = r.range(1, 3); i > 0; i--) h.push(`Received: from mail-${r.alnum(6).toLowerCase()}.${r.pick(DOMAINS)} (mail.${r.pick(DOMAINS)} [198.51.100.${r.int(255)}])\n\tby mx.${ld} (Postfix) with ESMTPS id ${r.hex(10, true)}\n\tfor <${proj}-${list}@${ld}>; ${date}`);
      if (r.chance(0.5)) h.push(`DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${r.pick(DOMAINS)}; s=2023;\n\th=from:to:subject:date:message-id; bh=${randomBytes(r, 32).toString('base64')};\n\tb=${b64(randomBytes(r, 128)).replace(/\n/g, '\n\t ')}`);
    }
    h.push(`From: "${who}" <${addr}>`, `To: ${proj}-${list}@${ld}`);
    if (r.chance(0.3)) h.push(`Cc: "${r.pick(FIRST)} ${r.pick(LAST)}" <${r.pick(FIRST).toLowerCase().replace(/[^a-z]/g, '')}@${r.pick(DOMAINS)}>`);
    h.push(`Subject: ${subject}`, `Date: ${date}`, `Message-ID: <${mid}>`);
    if (r.chance(0.6)) {
      const refs = Array.from({ length: r.range(1, 5) }, () => `<${r.hex(12)}@${r.pick(DOMAINS)}>`);
      h.push(`In-Reply-To: ${refs[refs.length - 1]}`, `References: ${refs.join('\n ')}`);
    }
    h.push('MIME-Version: 1.0', `User-Agent: ${r.pick(AGENTS)}`);
    if (depth === 0) {
      h.push(
        `List-Id: ${proj} ${list} discussion <${proj}-${list}.${ld}>`,
        `List-Unsubscribe: <https://${ld}/mailman/options/${proj}-${list}>,\n <mailto:${proj}-${list}-request@${ld}?subject=unsubscribe>`,
        `List-Archive: <https://${ld}/pipermail/${proj}-${list}/>`,
        `List-Post: <mailto:${proj}-${list}@${ld}>`,
        `List-Help: <mailto:${proj}-${list}-request@${ld}?subject=help>`,
        `List-Subscribe: <https://${ld}/mailman/listinfo/${proj}-${list}>,\n <mailto:${proj}-${list}-request@${ld}?subject=subscribe>`,
      );
      if (r.chance(0.3)) h.push(`Archived-At: <https://${ld}/archives/list/${proj}-${list}@${ld}/message/${r.hex(26, true)}/>`);
    }
    const footer = depth === 0 ? `_______________________________________________\n${proj}-${list} mailing list\n${proj}-${list}@${ld}\nhttps://${ld}/mailman/listinfo/${proj}-${list}` : '';
    const part = this.#body(depth, who, footer);
    return `${[...h, ...part.head].join('\n')}\n\n${part.body}`;
  }

  #paras(who: string): Para[] {
    const r = this.#rng;
    const out: Para[] = [{ depth: 0, segs: [r.pick(['Hi all,', 'Hello,', `Hi ${r.pick(FIRST)},`, 'Dear list,'])] }];
    for (let i = r.range(1, 4); i > 0; i--) out.push(this.#para(0));
    if (r.chance(0.45)) {
      out.push({ depth: 0, segs: [`On ${new Date(EPOCH + r.int(3e10)).toUTCString()}, ${r.pick(FIRST)} ${r.pick(LAST)} wrote:`] });
      for (let i = r.range(1, 3); i > 0; i--) out.push(this.#para(1));
      if (r.chance(0.4)) out.push(this.#para(2));
    }
    out.push({ depth: 0, segs: [r.pick(['Thanks,', 'Cheers,', 'Best regards,', '--'])] }, { depth: 0, segs: [who] });
    return out;
  }

  #para(depth: number): Para {
    const r = this.#rng;
    const pool = this.#pool;
    const words = pool.paragraphs[r.int(pool.paragraphs.length)]!.split(' ');
    const at: number[] = [];
    if (r.chance(0.75)) for (let i = r.chance(0.3) ? 2 : 1; i > 0; i--) at.push(r.int(words.length + 1));
    at.sort((a, b) => a - b);
    const segs: Seg[] = [];
    let from = 0;
    for (const k of at) {
      if (k > from) segs.push(words.slice(from, k).join(' '));
      segs.push({ uri: r.pickSkewed(pool.uris, 1.5), style: r.int(5) });
      from = k;
    }
    if (from < words.length) segs.push(words.slice(from).join(' '));
    return { depth, segs };
  }

  /** One line per paragraph, quote prefixes on, links as people type them. */
  #plain(ps: Para[]): string[] {
    const style = (u: string, s: number): string => [u, `<${u}>`, `(${u})`, `${u}.`, `"${u}"`][s]!;
    return ps.map((p) => '> '.repeat(p.depth) + p.segs.map((s) => (typeof s === 'string' ? s : style(s.uri, s.style))).join(' '));
  }

  #html(ps: Para[], footer: string): string {
    const outlook = this.#rng.chance(0.3);
    const body = ps.map((p) => {
      const inner = p.segs.map((s) => (typeof s === 'string' ? escText(s) : `<a href="${escAttr(s.uri)}"${s.style === 1 ? ' target="_blank" rel="noopener"' : ''}>${s.style < 3 ? escText(s.uri) : 'this page'}</a>`)).join(' ');
      const para = outlook ? `<p class=MsoNormal><span style='font-size:11.0pt;font-family:"Calibri",sans-serif'>${inner}<o:p></o:p></span></p>` : `<div>${inner}</div>`;
      return p.depth > 0 ? `${'<blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">'.repeat(p.depth)}${para}${'</blockquote>'.repeat(p.depth)}` : para;
    }).join('\n');
    const head = outlook
      ? '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15 (filtered medium)"><!--[if gte mso 9]><xml><o:shapedefaults v:ext="edit" spidmax="1026" /></xml><![endif]--><style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt;} @page WordSection1 {size:612.0pt 792.0pt;} --></style></head><body lang=EN-US link="#0563C1" vlink="#954F72"><div class=WordSection1>'
      : '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body><div dir="ltr">';
    const foot = footer === '' ? '' : `<div class="footer">${footer.split('\n').map(escText).join('<br>\n')}</div>`;
    return `${head}\n${body}\n${foot}</div></body></html>`;
  }

  #flowed(lines: string[]): string {
    const out: string[] = [];
    for (const line of lines) {
      const q = /^(?:> )*/.exec(line)![0];
      const quote = q.replace(/ /g, '');
      const w = wrap(line.slice(q.length), 72 - quote.length - 1);
      w.forEach((l, i) => out.push(`${quote}${quote !== '' || /^(?:From |>| )/.test(l) ? ' ' : ''}${l}${i < w.length - 1 ? ' ' : ''}`));
      out.push(quote);
    }
    return out.join('\n');
  }

  #textPart(ps: Para[], footer: string): Part {
    const r = this.#rng;
    const lines = this.#plain(ps);
    const kind = this.#heavy ? r.weighted<string>([[3, '8bit'], [3, 'flowed'], [4, 'qp'], [2, 'b64']]) : r.weighted<string>([[6, '8bit'], [2, 'flowed'], [2, 'qp']]);
    const tail = footer === '' ? '' : `\n\n${footer}\n`;
    if (kind === 'flowed') return { head: ['Content-Type: text/plain; charset=utf-8; format=flowed; delsp=no', 'Content-Transfer-Encoding: 8bit'], body: this.#flowed(lines) + tail };
    if (kind === '8bit') return { head: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'], body: lines.flatMap((l) => [...wrap(l.replace(/^(?:> )*/, ''), 72, /^(?:> )*/.exec(l)![0]), '']).join('\n') + tail };
    if (kind === 'qp') {
      const cs = r.chance(0.3) ? 'iso-8859-1' : 'utf-8';
      return { head: [`Content-Type: text/plain; charset=${cs === 'utf-8' ? '"UTF-8"' : 'iso-8859-1'}`, 'Content-Transfer-Encoding: quoted-printable'], body: qp(lines.join('\n\n') + tail, cs) + '\n' };
    }
    return { head: ['Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: base64'], body: b64(Buffer.from(lines.join('\n\n') + tail)) + '\n' };
  }

  #htmlPart(ps: Para[], footer: string): Part {
    const html = this.#html(ps, footer);
    if (this.#rng.chance(0.2)) return { head: ['Content-Type: text/html; charset=UTF-8', 'Content-Transfer-Encoding: base64'], body: b64(Buffer.from(html)) + '\n' };
    return { head: ['Content-Type: text/html; charset="UTF-8"', 'Content-Transfer-Encoding: quoted-printable'], body: qp(html, 'utf-8') + '\n' };
  }

  #multipart(sub: string, parts: Part[]): Part {
    const r = this.#rng;
    const b = r.pick([`----=_Part_${r.digits(6)}_${r.digits(9)}.${r.digits(13)}`, `===============${r.digits(19)}==`, `000000000000${r.hex(16)}`, `Apple-Mail=_${r.hex(8, true)}-${r.hex(4, true)}`]);
    const body = parts.map((p) => `--${b}\n${p.head.join('\n')}\n\n${p.body}`).join('\n');
    return { head: [`Content-Type: multipart/${sub};\n boundary="${b}"`], body: `This is a multi-part message in MIME format.\n\n${body}\n--${b}--\n` };
  }

  #attachment(): Part {
    const r = this.#rng;
    const [type, ext] = r.pick(ATTACH);
    const name = `${r.pick(['report', 'scan', 'IMG', 'patch', 'slides', 'invoice'])}-${r.digits(4)}.${ext}`;
    return { head: [`Content-Type: ${type}; name="${name}"`, `Content-Disposition: attachment; filename="${name}"`, 'Content-Transfer-Encoding: base64'], body: b64(randomBytes(r, r.range(4, 48) * 1024)) + '\n' };
  }

  #body(depth: number, who: string, footer: string): Part {
    const r = this.#rng;
    const ps = this.#paras(who);
    if (!this.#heavy) return r.chance(0.8) ? this.#textPart(ps, footer) : this.#multipart('alternative', [this.#textPart(ps, footer), this.#htmlPart(ps, footer)]);
    const kind = r.weighted<string>([[3, 'text'], [1, 'html'], [7, 'alt'], [2, 'attach'], [depth < 2 ? 2 : 0, 'forward']]);
    const alt = (): Part => this.#multipart('alternative', [this.#textPart(ps, footer), this.#htmlPart(ps, footer)]);
    switch (kind) {
      case 'text': return this.#textPart(ps, footer);
      case 'html': return this.#htmlPart(ps, footer);
      case 'alt': return alt();
      case 'attach': return this.#multipart('mixed', [r.chance(0.5) ? alt() : this.#textPart(ps, footer), this.#attachment(), ...(r.chance(0.2) ? [this.#attachment()] : [])]);
      default: {
        const fwd = this.message(depth + 1);
        const intro = this.#textPart([{ depth: 0, segs: ['FYI, see the forwarded message below.'] }, this.#para(0), { depth: 0, segs: [who] }], footer);
        return this.#multipart('mixed', [intro, { head: ['Content-Type: message/rfc822', 'Content-Disposition: inline'], body: fwd + '\n' }]);
      }
    }
  }
}
