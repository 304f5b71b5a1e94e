// Strings that keep no scanned text alive.

/**
 * A copy of `s` that does not keep the scanned text alive. V8 makes a
 * substring of 13 characters or more a view into its parent string, so a
 * Found (or a cache key, or a Found's source) kept by a consumer would keep
 * its whole chunk: keeping 1% of the URIs of a 32 MiB log kept all 32 MiB.
 * Joined to a blank, the string is flattened into a new one; the slice then
 * views only that copy. A shorter substring is a copy already.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
