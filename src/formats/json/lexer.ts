// JSON text (RFC 8259) as it streams, character by character, in any
// chunking: each string value goes to the sink in pieces, its escapes
// decoded (§7), with the key path it is under; keys make the path; numbers
// and the literals true, false and null are checked and dropped. Also read:
// several values one after another (JSON lines, RFC 7464's record
// separators) and, as JSONC writes them (tsconfig.json, VS Code's
// settings), comments and a comma before a closing bracket. Anything else
// stops the lexer where it stands: the caller reads the rest otherwise.

import { MEDIA_TYPE, TEXT, isHtmlType, valueKind } from './link-keys.js';
import { CommentReader } from './comments.js';
import { StringMarks } from './marks.js';
import { BACKSLASH, COLON, COMMA, CR, DQUOTE, LBRACE, LBRACKET, LF, RBRACE, RBRACKET, RS, SLASH, SPACE, STAR, TAB } from '../../uri/codes.js';

/** What the lexer hands on. Offsets are those of the decoded input. */
export interface JsonSink {
  /** A string value starts at `at` (its first character, after the quote); `kind`: what its key names it (LINK, HTML or TEXT, see link-keys.ts). The lexer's field() is its key path until it closes. */
  open(at: number, kind: number): void;
  /** Characters of the open string, escapes decoded: text[from, to), which stands for the input [at, at + raw). */
  piece(text: string, from: number, to: number, at: number, raw: number): void;
  close(): void;
  /** A comment's characters, `s`, at `at`: `first` for its first piece; `end` after its last. */
  comment(s: string, at: number, first: boolean, end: boolean): void;
}

/** Where the lexer stands between two characters. */
const enum State { Value, Key, Colon, After, String, Escape, Unicode, Number, Word, Slash, Comment }

/** U+FEFF, the byte-order mark a JSON file may start with (RFC 8259 §8.1), met between values when files are joined. */
const BOM = 0xfeff;

const ESCAPES: Record<number, string> = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };

/** A key is held up to this many characters for the path; the rest is dropped from `field`. */
export const KEY_CHARS = 1024;
/** A key path longer than this is cut there in `field` (with '…'). */
export const FIELD_CHARS = 1024;
/** A number longer than this is no number a JSON writer writes: the lexer stops there. */
const NUMBER_CHARS = 400;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** A character of a number (RFC 8259 §6): a digit, '-', '+', '.', 'e' or 'E'. */
const isNumberChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c | 0x20) === 0x65;

export class JsonLexer {
  readonly #sink: JsonSink;
  readonly #maxDepth: number;
  #state = State.Value;
  /** Per open container: 1 object, 0 array; for an object, its key being read; whether its values are links (an array's, as its key says). */
  readonly #kinds: number[] = [];
  readonly #names: string[] = [''];
  readonly #values: number[] = [TEXT];
  /** Per open object: a value under its "mimeType" said HTML (its "text" is HTML). */
  readonly #htmlTypes: boolean[] = [false];
  /** The open string is a media type's value, gathered in #token as a key is. */
  #type = false;
  /** Is the open string a key? Its characters so far (keys only), and the number or word being read. */
  #inKey = false;
  /** The open key: where it starts, whether an escape was in it. */
  #keyAt = 0;
  #keyEscaped = false;
  #token = '';
  /** \uXXXX: its hex digits so far; the word (true, false, null) being matched. */
  #word = '';
  /** How much of the word (true, false, null) has been matched. */
  #wordAt = 0;
  readonly #comments: CommentReader;
  /** The state a comment returns to. */
  #resume = State.Value;
  /** The input offset of the next character. */
  #offset = 0;
  /** Where the chunk being read holds its next quote, backslash, line feed and colon. */
  readonly #marks = new StringMarks();
  /** The stop write() last returned is for containers nesting deeper than maxDepth. */
  tooDeep = false;

  constructor(sink: JsonSink, maxDepth: number) {
    this.#sink = sink;
    this.#comments = new CommentReader(sink);
    this.#maxDepth = maxDepth;
  }

  /** Depth of the open containers. */
  get depth(): number {
    return this.#kinds.length;
  }

  /** The key path of the open string value: the keys of the objects it is in, joined by '.' (arrays add none); '' under no key. */
  field(): string {
    let path = '';
    const kinds = this.#kinds;
    for (let d = 0; d < kinds.length; d++) {
      if (kinds[d] !== 1) continue;
      path = path === '' ? this.#names[d + 1]! : `${path}.${this.#names[d + 1]!}`;
      if (path.length > FIELD_CHARS) return `${path.slice(0, FIELD_CHARS)}…`; // deep paths of long keys: the source stays small
    }
    return path;
  }

  /** Is the input complete JSON so far: no container, string, number or comment open? */
  get settled(): boolean {
    return this.#kinds.length === 0 && (this.#state === State.Value || this.#state === State.After);
  }

  /** Did the input stop inside a string value? */
  get inValue(): boolean {
    return !this.#inKey && (this.#state === State.String || this.#state === State.Escape || this.#state === State.Unicode);
  }

  /** Read `text`; the index in it of the first character that is no JSON here (tooDeep says whether for nesting), or -1. */
  write(text: string): number {
    const n = text.length;
    this.#marks.reset();
    let i = 0;
    while (i < n) {
      const next = this.#step(text, i);
      if (next < 0) {
        this.#offset += i;
        return i;
      }
      i = next;
    }
    this.#offset += n;
    return -1;
  }

  /** At the input's end: a number ends there (the others are open or not). */
  end(): boolean {
    if (this.#state === State.Number) return this.#endNumber() && this.#kinds.length === 0;
    if (this.#state === State.Comment && this.#comments.endOfInput(this.#offset)) this.#state = this.#resume; // "// …" on the last line, no line break after it
    return this.settled;
  }

  /** One step from text[i]: the index after what it read, or -1 at a character that is no JSON. */
  #step(text: string, i: number): number {
    switch (this.#state) {
      case State.String: return this.#string(text, i);
      case State.Escape: return this.#escape(text, i);
      case State.Unicode: return this.#unicode(text, i);
      case State.Number: return this.#number(text, i);
      case State.Word: return this.#wordChar(text, i);
      case State.Comment: return this.#comment(text, i);
      case State.Slash: return this.#slash(text, i);
      default: return this.#structural(text, i);
    }
  }

  /** Between tokens: blanks, punctuation, the start of a token. */
  #structural(text: string, i: number): number {
    const n = text.length;
    const start = i;
    while (this.#state <= State.After) { // one token after another while they are punctuation: a string's, a number's, a word's or a comment's characters go back to #step
      let c = text.charCodeAt(i);
      while (c === SPACE || c === LF || c === CR || c === TAB || c === RS || c === BOM) c = text.charCodeAt(++i); // a BOM: files joined with cat
      if (i >= n) return n;
      const next = this.#tokenAt(text, i, c);
      if (next < 0) return i > start ? i : -1; // the stop is where the character stands: this step ends before it, the next one stops there (a token that is no JSON changes nothing)
      i = next;
    }
    return i;
  }

  /** The token that starts with `c`, text[i]: the index after what it read, or -1 when it is no JSON here. */
  #tokenAt(text: string, i: number, c: number): number {
    if (c === SLASH) {
      this.#resume = this.#state;
      this.#state = State.Slash;
      return i + 1;
    }
    switch (this.#state) {
      case State.Value: return this.#value(text, i, c);
      case State.Key: // a key, or "}" (after "{", or after a comma as JSONC allows)
        if (c === RBRACE) return this.#close(i, 1);
        if (c !== DQUOTE) return -1;
        return this.#openString(text, i, true);
      case State.Colon:
        if (c !== COLON) return -1;
        this.#state = State.Value;
        return i + 1;
      default: // After a value
        return this.#after(text, i, c);
    }
  }

  #value(text: string, i: number, c: number): number {
    switch (c) {
      case DQUOTE: return this.#openString(text, i, false);
      case LBRACE: case LBRACKET: return this.#openContainer(i, c === LBRACE ? 1 : 0);
      case RBRACKET: // "[]", or "[1,]" as JSONC allows
        return this.#kinds.length > 0 && this.#kinds[this.#kinds.length - 1] === 0 ? this.#close(i, 0) : -1;
      case 0x74: case 0x66: case 0x6e: // true, false, null
        this.#word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
        this.#wordAt = 1;
        this.#state = State.Word;
        return i + 1;
      default:
        if (c !== 0x2d && (c < 0x30 || c > 0x39)) return -1;
        this.#token = text[i]!;
        this.#state = State.Number;
        return i + 1;
    }
  }

  #after(text: string, i: number, c: number): number {
    const depth = this.#kinds.length;
    if (depth === 0) return this.#value(text, i, c); // the next of several values
    const object = this.#kinds[depth - 1] === 1;
    if (c === COMMA) {
      this.#state = object ? State.Key : State.Value;
      return i + 1;
    }
    if (c === (object ? RBRACE : RBRACKET)) return this.#close(i, object ? 1 : 0);
    return -1;
  }

  #openContainer(i: number, kind: number): number {
    const depth = this.#kinds.length;
    if (depth >= this.#maxDepth) {
      this.tooDeep = true;
      return -1;
    }
    this.#kinds.push(kind);
    this.#names[depth + 1] = '';
    this.#values[depth + 1] = kind === 0 ? this.#values[depth]! : TEXT; // an array's values are under its key
    this.#htmlTypes[depth + 1] = false;
    this.#state = kind === 1 ? State.Key : State.Value;
    return i + 1;
  }

  #close(i: number, kind: number): number {
    if (this.#kinds.pop() !== kind) return -1;
    this.#state = State.After;
    return i + 1;
  }

  #openString(text: string, i: number, key: boolean): number {
    const kind = key ? TEXT : this.#values[this.#kinds.length]!;
    this.#type = kind === MEDIA_TYPE;
    this.#inKey = key || this.#type; // a key's characters, and a media type's, are gathered in #token
    this.#state = State.String;
    if (this.#inKey) {
      this.#keyAt = this.#offset + i + 1;
      this.#keyEscaped = false;
      const end = this.#marks.plainEnd(text, i + 1);
      if (end !== -1) { // the fast path: a key with no escape, in this text
        this.#token = text.slice(i + 1, Math.min(end, i + 1 + KEY_CHARS));
        this.#endString();
        return end + 1;
      }
      this.#token = '';
      return i + 1;
    }
    if (kind === TEXT) { // the fast path: a value that cannot give a URI is passed over
      const end = this.#marks.noUriEnd(text, i + 1);
      if (end !== -1) {
        this.#state = State.After;
        return end + 1;
      }
    }
    this.#sink.open(this.#offset + i + 1, kind);
    return i + 1;
  }

  /** A run of a string's characters, to a quote, a backslash or a line break (which no JSON string holds). */
  #string(text: string, i: number): number {
    const n = text.length;
    const j = this.#marks.runEnd(text, i);
    const c = j === n ? 0 : text.charCodeAt(j);
    if (j > i) {
      if (this.#inKey) this.#chars(text.slice(i, j), i, j - i);
      else this.#sink.piece(text, i, j, this.#offset + i, j - i);
    }
    if (j === n) return n;
    if (c === LF) return j > i ? j : -1; // the characters before it are the value's: the rest is read from the line break
    if (c === BACKSLASH) {
      this.#state = State.Escape;
      return j + 1;
    }
    this.#endString();
    return j + 1;
  }

  /** Characters of the open string that stand at text index `i` (the input's offset + i), `raw` long there. */
  #chars(s: string, i: number, raw: number): void {
    if (!this.#inKey) this.#sink.piece(s, 0, s.length, this.#offset + i, raw);
    else if (raw !== s.length) this.#keyEscaped = true;
    if (this.#inKey && this.#token.length < KEY_CHARS) this.#token += s.length + this.#token.length > KEY_CHARS ? s.slice(0, KEY_CHARS - this.#token.length) : s;
  }

  #endString(): void {
    this.#state = State.After;
    if (!this.#inKey) return this.#sink.close();
    const depth = this.#kinds.length;
    if (this.#type) { // a media type's value: does it say the object's text is HTML?
      this.#htmlTypes[depth] = isHtmlType(this.#token);
      this.#type = false;
      return;
    }
    const key = this.#token;
    this.#names[depth] = key;
    this.#values[depth] = valueKind(key, this.#htmlTypes[depth]!);
    this.#state = State.Colon;
    if (!this.#keyEscaped && key.includes(':')) this.#keyText(key); // a map keyed by URLs: deno.lock's "remote", a TUF root's
  }

  /** A key with no escape that holds a ':' is scanned as a value's text is, under its own key path. */
  #keyText(key: string): void {
    this.#inKey = false;
    this.#sink.open(this.#keyAt, TEXT);
    this.#sink.piece(key, 0, key.length, this.#keyAt, key.length);
    this.#sink.close();
  }

  #escape(text: string, i: number): number {
    const c = text.charCodeAt(i);
    if (c === 0x75) { // \uXXXX
      this.#word = '';
      this.#state = State.Unicode;
      return i + 1;
    }
    const s = ESCAPES[c];
    if (s === undefined) return -1;
    this.#chars(s, i - 1, 2); // i - 1 < 0: its backslash ended the chunk before

    this.#state = State.String;
    return i + 1;
  }

  #unicode(text: string, i: number): number {
    const c = text.charCodeAt(i);
    const hex = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
    if (!hex) return -1;
    this.#word += text[i]!;
    if (this.#word.length < 4) return i + 1;
    this.#chars(String.fromCharCode(parseInt(this.#word, 16)), i - 5, 6); // its backslash may be in a chunk before
    this.#state = State.String;
    return i + 1;
  }

  #number(text: string, i: number): number {
    const n = text.length;
    let j = i;
    while (j < n && isNumberChar(text.charCodeAt(j))) j++;
    if (this.#token.length + (j - i) > NUMBER_CHARS) return -1;
    this.#token += text.slice(i, j);
    if (j === n) return n;
    return this.#endNumber() ? j : -1;
  }

  #endNumber(): boolean {
    this.#state = State.After;
    return NUMBER.test(this.#token);
  }

  #wordChar(text: string, i: number): number {
    const word = this.#word;
    const k = this.#wordAt;
    if (text.charCodeAt(i) !== word.charCodeAt(k)) return -1;
    this.#wordAt = k + 1;
    if (k + 1 === word.length) this.#state = State.After;
    return i + 1;
  }

  /** After a "/" between tokens: "//" or "/*" opens a comment; anything else is no JSON. */
  #slash(text: string, i: number): number {
    const c = text.charCodeAt(i);
    if (c !== SLASH && c !== STAR) return -1;
    this.#state = State.Comment;
    this.#comments.open(c === SLASH, this.#offset + i + 1); // its text starts after the two characters
    return i + 1;
  }

  /** A comment's characters, up to its end or the text's. */
  #comment(text: string, i: number): number {
    const end = this.#comments.read(text, i, this.#offset);
    if (!this.#comments.reading) this.#state = this.#resume;
    return end;
  }
}
