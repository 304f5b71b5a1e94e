// Quoted things that are valid relative references but never links
// (src/delimit/relative.ts).

/**
 * A colour ("#fff", "#333", "#f4f4f4"; not "#abc", a fragment), "??" (PGN's
 * unknown date), a command-line option ("--config=…"), a route pattern
 * ("/users/:id") and an HTML character reference alone ("&lt;", "&#39;",
 * as code that escapes markup writes it). ("?" and "#" alone are links:
 * <form action="?">, <a href="#">.)
 */
export const NOT_A_LINK = /^(?:#(?:([a-f])\1\1|(?=[a-f]*[0-9])[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|-.*|.*\?\?.*|.*\/:[A-Za-z].*|&(?:[a-z][a-z0-9]*|#[0-9]+|#x[0-9a-f]+);)$/i;
