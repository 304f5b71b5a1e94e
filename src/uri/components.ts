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
  | 'invalid-character'
  | 'invalid-percent-encoding'
  | 'relative-path-colon'
  | 'base-not-absolute'
  | 'invalid-base'
  | 'invalid-reference'
  | 'invalid-iri'
  | 'invalid-options';

/**
 * An optional collector: pure functions push codes (UriErrorCode) here
 * instead of throwing. Any array of strings will do (`const errors: string[] = []`).
 */
export type ErrorCollector = string[];

/**
 * The collector a caller passed, if it is one codes can be pushed to (an
 * extensible array); anything else is ignored, so that a wrong argument
 * never makes a pure function throw.
 */
export function collector(errors: unknown): ErrorCollector | undefined {
  return Array.isArray(errors) && Object.isExtensible(errors) ? (errors as ErrorCollector) : undefined;
}

/**
 * Field `key` of a pure function's options: undefined when there are no
 * options or no such field; OPTION_ERROR when the options are no plain
 * object, or the field fails `valid` (a pure function reports
 * 'invalid-options' rather than guess: `{ strict: 0 }` is no `false`).
 */
export function optionField(options: unknown, key: string, valid: (value: unknown) => boolean): unknown {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || !isPlain(options)) return OPTION_ERROR; // not an array, a Map, a class's instance
  const value = (options as Record<string, unknown>)[key];
  return value === undefined || valid(value) ? value : OPTION_ERROR;
}

export const OPTION_ERROR: unique symbol = Symbol('invalid-options');

function isPlain(o: object): boolean {
  const proto: unknown = Object.getPrototypeOf(o);
  return proto === Object.prototype || proto === null;
}

const FIELDS = ['scheme', 'userinfo', 'host', 'port', 'hostType', 'query', 'fragment'] as const;

/**
 * Components as the functions that take them read them: an object whose
 * fields are strings or absent (a missing path is the empty path), or
 * undefined when it is no such object (null, a number, a field that is a
 * number). A JavaScript caller's object is taken as it is; only what is
 * missing is filled in.
 */
export function asComponents(c: unknown): UriComponents | undefined {
  if (typeof c !== 'object' || c === null) return undefined;
  const o = c as Record<string, unknown>;
  for (const f of FIELDS) if (o[f] !== undefined && typeof o[f] !== 'string') return undefined;
  if (o['path'] !== undefined && typeof o['path'] !== 'string') return undefined;
  return typeof o['path'] === 'string' && FIELDS.every((f) => f in o) ? (c as UriComponents) : { ...EMPTY, ...(c as Partial<UriComponents>), path: (o['path'] as string | undefined) ?? '' };
}

const EMPTY: UriComponents = {
  scheme: undefined, userinfo: undefined, host: undefined, port: undefined, hostType: undefined, path: '', query: undefined, fragment: undefined,
};
