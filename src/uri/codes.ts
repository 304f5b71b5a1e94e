// Character codes (US-ASCII), named once for every module that compares
// charCodeAt against them: src/uri, src/delimit and the input formats.
//
// Hot paths read charCodeAt in bounds only. The first read past a string's
// end (NaN) makes V8 throw away the optimized code of the function and of
// every function it was inlined into; in a fresh process that is a
// recompile of the scanner's main loop while it runs unoptimized.

export const TAB = 0x09;
export const LF = 0x0a;
export const VT = 0x0b;
export const FF = 0x0c;
export const CR = 0x0d;
export const ESC = 0x1b;
export const RS = 0x1e;
export const SPACE = 0x20;
export const BANG = 0x21;
export const DQUOTE = 0x22;
export const HASH = 0x23;
export const DOLLAR = 0x24;
export const PERCENT = 0x25;
export const AMP = 0x26;
export const APOSTROPHE = 0x27;
export const LPAREN = 0x28;
export const RPAREN = 0x29;
export const STAR = 0x2a;
export const PLUS = 0x2b;
export const COMMA = 0x2c;
export const HYPHEN = 0x2d;
export const DOT = 0x2e;
export const SLASH = 0x2f;
export const DIGIT_0 = 0x30;
export const DIGIT_1 = 0x31;
export const DIGIT_2 = 0x32;
export const DIGIT_7 = 0x37;
export const DIGIT_9 = 0x39;
export const COLON = 0x3a;
export const SEMICOLON = 0x3b;
export const LT = 0x3c;
export const EQUALS = 0x3d;
export const GT = 0x3e;
export const QUESTION = 0x3f;
export const AT = 0x40;
export const UPPER_A = 0x41;
export const UPPER_F = 0x46;
export const UPPER_H = 0x48;
export const UPPER_Z = 0x5a;
export const LBRACKET = 0x5b;
export const BACKSLASH = 0x5c;
export const RBRACKET = 0x5d;
export const CARET = 0x5e;
export const UNDERSCORE = 0x5f;
export const LOWER_A = 0x61;
export const LOWER_B = 0x62;
export const LOWER_C = 0x63;
export const LOWER_D = 0x64;
export const LOWER_E = 0x65;
export const LOWER_F = 0x66;
export const LOWER_G = 0x67;
export const LOWER_H = 0x68;
export const LOWER_L = 0x6c;
export const LOWER_N = 0x6e;
export const LOWER_O = 0x6f;
export const LOWER_P = 0x70;
export const LOWER_R = 0x72;
export const LOWER_S = 0x73;
export const UPPER_S = 0x53;
export const UPPER_M = 0x4d;
export const UPPER_N = 0x4e;
export const UPPER_P = 0x50;
export const UPPER_T = 0x54;
export const UPPER_U = 0x55;
export const LOWER_T = 0x74;
export const LOWER_U = 0x75;
export const LOWER_V = 0x76;
export const LOWER_W = 0x77;
export const LOWER_X = 0x78;
export const LOWER_Z = 0x7a;
export const LBRACE = 0x7b;
export const PIPE = 0x7c;
export const RBRACE = 0x7d;
export const TILDE = 0x7e;
export const DEL = 0x7f;
/** OR'd into an ASCII letter, gives its lower case (and leaves digits and most punctuation as they are). */
export const CASE_BIT = 0x20;

/** Is `c` an ASCII digit? */
export function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/** U+27E8 and U+27E9, the mathematical angle brackets: groff's UTF-8 rendering of a man page's .UR link, "⟨http://…⟩" (src/delimit reads it as "<…>"). */
export const MATH_LANGLE = 0x27e8;
export const MATH_RANGLE = 0x27e9;

/** Is `c` an ASCII letter? */
export function isAlpha(c: number): boolean {
  const l = c | CASE_BIT;
  return l >= LOWER_A && l <= LOWER_Z;
}
