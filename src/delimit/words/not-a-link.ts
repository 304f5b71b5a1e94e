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

/**
 * A C preprocessor directive named with its "#" ("#if", "#ifdef",
 * "#endif", "#define", "#include"; C23 §6.10, and Objective-C's "#import"),
 * as prose and code quote it. A link's fragment only as an attribute value
 * (href="#define", an anchor of that name).
 */
export const DIRECTIVE = /^#(?:if|ifdef|ifndef|elif|elifdef|elifndef|else|endif|define|undef|include|include_next|embed|import|line|error|warning|pragma)$/;
