// The scheme table: what urisift knows about each scheme, in one place.
//
// A row holds
//   status  the IANA registry's (RFC 7595: permanent, provisional,
//           historical; src/uri/schemes-data.ts, generated), or 'common' for
//           the few in wide use that the registry does not hold;
//   form    'authority': written with "//" (http, ssh, git, redis, ldap, …):
//           bare without it, `redis:7-alpine`, `ssh:22`, `git:(main)` and
//           `svn:ignore` are an image tag, a port, a shell prompt and a
//           property name, and `http:/x` is a typo;
//           'word': a registered name that is also an everyday word, a log
//           label, a header name or an XML prefix ("at:10pm", "session:abc",
//           "tv:show", "content-type:text/html", "im:history"): it starts a
//           URI before "//" and inside <…>, not without "//" bare or in
//           quotes ("proxy:start" is an npm script);
//           'opaque': every other, which starts a bare URI without "//";
//   shape   the name of the check (src/delimit/shapes.ts) that a bare opaque
//           URI of a scheme whose name is also a common word in code, config
//           and chat must pass: its own RFC's syntax ("tag:", "data:", …);
//   port    the default port (§3.2.3: "URI producers and normalizers should
//           omit the port component ... if its value would be the same as
//           that of the scheme's default"; §6.2.3). An empty path with an
//           authority becomes "/" for every scheme (§6.2.3): no column.

import { IANA_SCHEMES, type IanaStatus } from './schemes-data.js';

export type SchemeStatus = IanaStatus | 'common';
export type SchemeForm = 'authority' | 'opaque' | 'word';
export type ShapeName = 'tag' | 'data' | 'file' | 'geo' | 'dial' | 'news' | 'feed' | 'blob' | 'urn' | 'doi';

/** One row of the scheme table. */
export interface Scheme {
  /** In the IANA registry (any status). */
  readonly registered: boolean;
  readonly status: SchemeStatus;
  readonly form: SchemeForm;
  readonly shape: ShapeName | undefined;
  readonly port: number | undefined;
}

/** What a row says beyond its status; `form` defaults to 'opaque'. */
interface Facts {
  readonly form?: SchemeForm;
  readonly shape?: ShapeName;
  readonly port?: number;
}

const authority = (port?: number): Facts => (port === undefined ? { form: 'authority' } : { form: 'authority', port });
const WORD: Facts = { form: 'word' };

/** The same facts for each name in a space-separated list. */
function each(facts: Facts, names: string): Array<readonly [string, Facts]> {
  return names.split(' ').map((name) => [name, facts] as const);
}

/** Schemes in wide use without "//" that the IANA registry does not hold (jdbc:postgresql://…, javascript:…). */
const COMMON: readonly string[] = ['javascript', 'jdbc'];

/** The rows' facts; a scheme not listed is opaque, with no shape and no default port. */
const FACTS: ReadonlyArray<readonly [string, Facts]> = [
  ['http', authority(80)],       // RFC 9110 §4.2.1, §4.2.3
  ['https', authority(443)],     // RFC 9110 §4.2.2, §4.2.3
  ['ws', authority(80)],         // RFC 6455 §3
  ['wss', authority(443)],       // RFC 6455 §3
  ['ftp', authority(21)],        // RFC 1738 §3.2
  ['gopher', authority(70)],     // RFC 4266
  ['telnet', authority(23)],     // RFC 4248
  ['ldap', authority(389)],      // RFC 4516
  ['nntp', authority(119)],      // RFC 5538
  ['imap', authority(143)],      // RFC 5092
  ['pop', authority(110)],       // RFC 2384
  ['rtsp', authority(554)],      // RFC 7826
  ['sip', { port: 5060 }],       // RFC 3261
  ['sips', { port: 5061 }],      // RFC 3261
  ['coap', authority(5683)],     // RFC 7252
  ['coaps', authority(5684)],    // RFC 7252
  ['ssh', authority(22)],        // draft-ietf-secsh-scp-sftp-ssh-uri
  ['sftp', authority(22)],
  ['git', authority(9418)],
  ['irc', authority(6667)],
  ['redis', authority(6379)],
  ['mqtt', authority(1883)],
  ['ldaps', authority(636)],     // ldap over TLS
  ['ipp', authority(631)],       // RFC 3510
  ['ipps', authority(631)],      // RFC 7472
  ['smb', authority(445)],       // draft-crhertel-smb-url
  ['rtsps', authority(322)],     // RFC 7826
  ['dict', authority(2628)],     // RFC 2229
  ['tftp', authority(69)],       // RFC 3617
  ['snmp', authority(161)],      // RFC 4088
  ['sieve', authority(4190)],    // RFC 5804
  ['acap', authority(674)],      // RFC 2244
  ['rsync', authority(873)],     // RFC 5781
  ['svn', authority(3690)],
  ['vnc', authority(5900)],      // RFC 7869
  ['nfs', authority(2049)],      // RFC 2224
  ...each(authority(), 'afp afs chrome chrome-extension coap+tcp coap+ws coaps+tcp coaps+ws cttps cvs dat dav dtn finger '
    + 'fuchsia-pkg hxxp hxxps hyper icap ipfs ipns irc6 ircs lbry mms mongodb moz mqtts msrp msrps mtqp '
    + 'mumble mupdate otpauth payto prospero quic-transport rediss rmi rtmfp rtmp rtspu secondlife shttp '
    + 'smtp soap.beep soap.beeps soldat spiffe steam teamspeak tn3270 ut2004 ventrilo vscode '
    + 'vscode-insiders wais webcal xmlrpc.beep xmlrpc.beeps z39.50r z39.50s'),
  ['tag', { shape: 'tag' }],     // RFC 4151: "tag:example.com,2005:…"
  ['data', { shape: 'data' }],   // RFC 2397: "data:text/plain;base64,…"
  ['file', { shape: 'file' }],   // RFC 8089: "file:/etc/hosts"
  ['geo', { shape: 'geo' }],     // RFC 5870: "geo:37.78,-122.41"
  ['tel', { shape: 'dial' }],    // RFC 3966: "tel:+1-816-555-1212"
  ['fax', { shape: 'dial' }],    // RFC 2806
  ['sms', { shape: 'dial' }],    // RFC 5724
  ['news', { shape: 'news', port: 119 }],   // RFC 5538: "news:comp.lang.c", "news:1234@example.com"; news://host:119/
  ['snews', { form: 'authority', shape: 'news', port: 563 }], // RFC 5538
  ['feed', { shape: 'feed' }],   // "feed:https://example.com/rss.xml"
  ['blob', { shape: 'blob' }],   // W3C File API: "blob:https://example.org/550e8400-…"
  ['urn', { shape: 'urn' }],     // RFC 8141: "urn:isbn:0451450523"
  ['doi', { shape: 'doi' }],     // ISO 26324: "doi:10.1000/182"
  ...each(WORD, 'aim android apt ar at attachment aw bl bluetooth calculator cap cast content content-type '
    + 'crid dis dns drop example fish fm gg go graph grd ham i0 icon im info lid maps market message modem mss '
    + 'mt notes num ocf oid p1 pack palm payment platform pres proxy qb query res resource service session sgn '
    + 'shelter smp stun stuns submit teapot things tip tool turn turns tv udp unreal upn w3 wifi'),
];

/** The scheme table, keyed by lowercase scheme: every registered scheme in name order, then the common ones. */
export const SCHEMES: ReadonlyMap<string, Scheme> = buildTable();

function buildTable(): Map<string, Scheme> {
  // Index loops, no destructuring: this runs once per process, in the
  // interpreter, where each for-of and each [a, b] pattern walks an iterator.
  const facts = new Map<string, Facts>();
  for (let i = 0; i < FACTS.length; i++) {
    const name = FACTS[i]![0];
    const row = FACTS[i]![1];
    if (facts.has(name)) throw new Error(`scheme table: ${name} listed twice`);
    facts.set(name, row);
  }
  const table = new Map<string, Scheme>();
  const add = (name: string, status: SchemeStatus): void => {
    const row = facts.get(name) ?? {};
    table.set(name, { registered: status !== 'common', status, form: row.form ?? 'opaque', shape: row.shape, port: row.port });
  };
  const iana: (readonly [string, IanaStatus])[] = [];
  for (const status of ['permanent', 'provisional', 'historical'] as const) {
    const names = IANA_SCHEMES[status];
    for (let i = 0; i < names.length; i++) iana.push([names[i]!, status]);
  }
  iana.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); // name order
  for (let i = 0; i < iana.length; i++) add(iana[i]![0], iana[i]![1]);
  for (const name of COMMON) add(name, 'common');
  facts.forEach((_, name) => {
    if (!table.has(name)) throw new Error(`scheme table: ${name} is in no registry`);
  });
  return table;
}

/** The default port of a scheme (any case), or undefined. */
export function defaultPort(scheme: string | undefined): number | undefined {
  return scheme === undefined ? undefined : SCHEMES.get(scheme.toLowerCase())?.port;
}
