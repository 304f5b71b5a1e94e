// RFC 3986 §3 Syntax Components
//
//   URI         = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//   hier-part   = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//   authority   = [ userinfo "@" ] host [ ":" port ]
//
// A component that is absent is `undefined`; a component that is present but
// empty is `''` (`http://a?` has query `''`, `http://a` has none) — §5.2.2
// branches on `defined(R.query)`, so the difference matters.

/** How the host was written (§3.2.2). */
export type HostType = 'ipv6' | 'ipvfuture' | 'ipv4' | 'reg-name';

/** The five components of §3 plus the authority's subcomponents. */
export interface UriComponents {
  scheme: string | undefined;
  userinfo: string | undefined;
  /** As written: an IP-literal keeps its brackets. */
  host: string | undefined;
  /** Decimal digits as written (may be empty: `http://a:/`). */
  port: string | undefined;
  hostType: HostType | undefined;
  /** Always defined, possibly empty (§3.3). */
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** Stable codes a parser or resolver reports through its optional collector. */
export type UriErrorCode =
  | 'not-a-string'
  | 'invalid-scheme'
  | 'invalid-userinfo'
  | 'invalid-host'
  | 'invalid-ipv6'
  | 'invalid-ipvfuture'
  | 'invalid-port'
  | 'invalid-path'
  | 'invalid-query'
  | 'invalid-fragment'
  | 'invalid-character'
  | 'invalid-percent-encoding'
  | 'relative-path-colon'
  | 'base-not-absolute'
  | 'invalid-base'
  | 'invalid-reference'
  | 'invalid-iri';

/** An optional collector: pure functions push codes here instead of throwing. */
export type ErrorCollector = UriErrorCode[];
