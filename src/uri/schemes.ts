// RFC 3986 §6.2.3 Scheme-Based Normalization — the documented table.
//
// `port` is the scheme's default port (§3.2.3: "URI producers and
// normalizers should omit the port component ... if its value would be the
// same as that of the scheme's default"). An empty path with an authority
// becomes "/" for every scheme (§6.2.3), so it needs no column here.

export interface SchemeRule {
  readonly port: number | undefined;
}

const rule = (port: number | undefined): SchemeRule => ({ port });

/** Scheme-based rules, keyed by lowercase scheme. */
export const SCHEME_RULES: ReadonlyMap<string, SchemeRule> = new Map([
  ['http', rule(80)],      // RFC 9110 §4.2.1, §4.2.3
  ['https', rule(443)],    // RFC 9110 §4.2.2, §4.2.3
  ['ws', rule(80)],        // RFC 6455 §3
  ['wss', rule(443)],      // RFC 6455 §3
  ['ftp', rule(21)],       // RFC 1738 §3.2
  ['gopher', rule(70)],          // RFC 4266
  ['telnet', rule(23)],          // RFC 4248
  ['ldap', rule(389)],           // RFC 4516
  ['nntp', rule(119)],           // RFC 5538
  ['imap', rule(143)],           // RFC 5092
  ['pop', rule(110)],            // RFC 2384
  ['rtsp', rule(554)],           // RFC 7826
  ['sip', rule(5060)],           // RFC 3261
  ['sips', rule(5061)],          // RFC 3261
  ['coap', rule(5683)],          // RFC 7252
  ['coaps', rule(5684)],         // RFC 7252
  ['ssh', rule(22)],             // draft-ietf-secsh-scp-sftp-ssh-uri
  ['sftp', rule(22)],
  ['git', rule(9418)],
  ['irc', rule(6667)],
  ['redis', rule(6379)],
  ['mqtt', rule(1883)],
]);

/** The default port of a scheme (any case), or undefined. */
export function defaultPort(scheme: string | undefined): number | undefined {
  return scheme === undefined ? undefined : SCHEME_RULES.get(scheme.toLowerCase())?.port;
}
