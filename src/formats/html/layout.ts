// The numbers the HTML reader's hot loops are built on: record layouts,
// sizes and "no" values. They live in a module that imports nothing because
// the bundler (scripts/build.mjs, minifySyntax) folds only such a module's
// constants into the code that uses them; a constant of a module with
// imports stays a variable, loaded and checked at every use. Keep them
// literals (no expressions): only literals are folded.

// Marks of a TextRun (src/formats/html/text.ts).

/** Fields of a mark: decoded offset and line, input index, then its file line, column and offset (line 0: not looked up yet). */
export const D_OFF = 0;
export const D_LINE = 1;
export const INPUT = 2;
export const LINE = 3;
export const COL = 4;
export const OFF = 5;
export const WIDTH = 6;

/** How far before the held text a Found may still start (as in Segment). */
export const LOOKBACK = 1024;

/** From this length on, a piece of text is scanned as it is, not copied into the batch. */
export const DIRECT = 4096;

/** Founds of tags that may wait in a run's queue at once (see TextRun.queue); a tag with more ends the run. */
export const QUEUE_LIMIT = 4096;

/** Text the scanner may hold back beyond maxLength: 16 KiB of new text + 96 of context (see Scanner), rounded up to 17 KiB. */
export const HELD = 17408;

// The text batch (src/formats/html/batch.ts).

/** Characters gathered before they are scanned (16 KiB). */
export const BATCH = 16384;

/** From this length on, a piece is copied by the platform, not character by character. */
export const NATIVE = 128;

// Tag and attribute names (src/formats/html/names.ts).

/** Longer names are no names this format looks for (and are read as ''). */
export const LONGEST_NAME = 32;

/** The base of a name's key (see keyStep): 38 digits and the 0 of any other character. */
export const KEY_BASE = 39;

/** The longest name whose key is exact: KEY_LIMIT = KEY_BASE ** KEY_LENGTH < 2 ** 53. */
export const KEY_LENGTH = 10;
export const KEY_LIMIT = 8140406085191601;

/** Slots of a name table: a power of two, many times its names (a lookup of a name not in it ends at the first empty slot). */
export const NAME_SLOTS = 1024;

// Character references (src/formats/html/entities.ts).

/** No reference read here. */
export const NO_ENTITY = -1;

/** A found reference: code point × ENTITY_UNIT + its length in characters. */
export const ENTITY_UNIT = 16;

/** The longest name in NAMED_REFERENCES, and the most digits read. */
export const LONGEST_REFERENCE = 6;
export const MOST_DIGITS = 7;

// Start tags read whole (src/formats/html/tags.ts, tokenizer.ts).

/** Fields of one attribute: name [start, end), value [start, end), QuoteType (| REFS), onattribend's index. */
export const ATTR = 6;
/** Added to the QuoteType of a value that holds character references (each one entityAt reads). */
export const REFS = 4;
/** A tag with more attributes is left to the state machine. */
export const MAX_ATTRS = 64;

/** The "no" of TagReader. */
export const NO = -1;

/** The length of htmlparser2's "CDATA[" sequence (after "<!["). */
export const CDATA_LENGTH = 6;
/** htmlparser2's State.InCommentLike: in a comment or a CDATA section, waiting for its end. */
export const IN_COMMENT_LIKE = 22;

// URLs of tags (src/formats/html/attributes.ts).

/** Slots of a Targets: a power of two. */
export const TARGET_SLOTS = 512;
