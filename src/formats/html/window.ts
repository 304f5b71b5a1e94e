// The tail of the decoded HTML that the tokenizer's callbacks may still
// slice, and the decoded line and column of any index in it.

/**
 * Text kept before the newest chunk. The tokenizer reports text and
 * attribute data at each chunk's end, so what a callback slices from earlier
 * chunks is a tag or attribute name, or a "<" or "&" that turned out to be
 * text: short, unless the input is hostile, when its start is cut.
 */
export const KEEP = 64 * 1024;

export class TextWindow {
  /** Chunks from #head on, and the index of each one's first character. */
  #chunks: string[] = [];
  #offsets: number[] = [];
  #head = 0;
  /** Index of the end of the text, and how many line breaks it holds. */
  #end = 0;
  #breaks = 0;
  /** Where the last lookup found its chunk: lookups move forward. */
  #hint = 0;
  /** The cursor of position(): an index, its decoded line and the index its line starts at. */
  #at = 0;
  #line = 1;
  #lineStart = 0;
  /** The same at the window's start, where a lookup behind the cursor starts over. */
  #startLine = 1;
  #startLineStart = 0;

  /** Index of the first character still held. */
  get start(): number {
    return this.#head < this.#chunks.length ? this.#offsets[this.#head]! : this.#end;
  }

  get end(): number {
    return this.#end;
  }

  /** 1-based decoded line at the end of the text. */
  get line(): number {
    return this.#breaks + 1;
  }

  push(chunk: string): void {
    if (chunk.length === 0) return;
    this.#chunks.push(chunk);
    this.#offsets.push(this.#end);
    this.#end += chunk.length;
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) this.#breaks++;
  }

  /** Text [start, end), from the window's start when `start` fell out of it. */
  slice(start: number, end: number): string {
    start = Math.max(start, this.start);
    if (end <= start) return '';
    let k = this.#find(start);
    const first = this.#chunks[k]!;
    let at = this.#offsets[k]!;
    let text = first.slice(start - at, end - at);
    for (at += first.length; at < end; at += this.#chunks[k]!.length) text += this.#chunks[++k]!.slice(0, end - at);
    return text;
  }

  /** The 1-based decoded [line, column] of index i (clamped to the window). */
  position(i: number): [number, number] {
    i = Math.min(Math.max(i, this.start), this.#end);
    if (i < this.#at) {
      this.#at = this.start;
      this.#line = this.#startLine;
      this.#lineStart = this.#startLineStart;
    }
    [this.#line, this.#lineStart] = this.#count(this.#at, i, this.#line, this.#lineStart);
    this.#at = i;
    return [this.#line, i - this.#lineStart + 1];
  }

  /** Drop what lies more than KEEP before the end (the newest chunk always stays). */
  trim(): void {
    const last = this.#chunks.length - 1;
    let h = this.#head;
    while (h < last && this.#offsets[h + 1]! <= this.#end - KEEP) h++;
    if (h === this.#head) return;
    const from = this.start;
    const to = this.#offsets[h]!;
    [this.#startLine, this.#startLineStart] = this.#count(from, to, this.#startLine, this.#startLineStart);
    if (this.#at < to) [this.#at, this.#line, this.#lineStart] = [to, this.#startLine, this.#startLineStart];
    this.#head = h;
    if (h > 1024 && h * 2 > this.#chunks.length) {
      this.#chunks = this.#chunks.slice(h);
      this.#offsets = this.#offsets.slice(h);
      this.#hint = Math.max(0, this.#hint - h);
      this.#head = 0;
    }
  }

  /** Line and line start at index `to`, counted on from `from` (on `line`, starting at `lineStart`). */
  #count(from: number, to: number, line: number, lineStart: number): [number, number] {
    if (from >= to) return [line, lineStart];
    let k = this.#find(from);
    for (let at = this.#offsets[k]!; at < to; at += this.#chunks[k++]!.length) {
      const chunk = this.#chunks[k]!;
      const stop = Math.min(chunk.length, to - at);
      // a bounded loop: indexOf would search on to the chunk's next break, however far
      for (let j = Math.max(0, from - at); j < stop; j++) {
        if (chunk.charCodeAt(j) === 0x0a) {
          line++;
          lineStart = at + j + 1;
        }
      }
    }
    return [line, lineStart];
  }

  /** The chunk holding index i (the last one for the end). */
  #find(i: number): number {
    let k = Math.max(this.#hint, this.#head);
    while (k > this.#head && this.#offsets[k]! > i) k--;
    while (k + 1 < this.#chunks.length && this.#offsets[k + 1]! <= i) k++;
    this.#hint = k;
    return k;
  }
}
