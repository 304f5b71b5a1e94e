// The error bad options throw. Its `code` is stable: match on it, not on the message.

/** A bad option value (a RangeError); `code` says which: 'unknown-option', 'invalid-base', … */
export class UrisiftOptionError extends RangeError {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'UrisiftOptionError';
    this.code = code;
  }
}

/** A method called out of turn: `write-after-end` (an Extractor or Scanner takes no text after end()). */
export class UrisiftStateError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'UrisiftStateError';
    this.code = code;
  }
}

export const writeAfterEnd = (what: string): UrisiftStateError =>
  new UrisiftStateError('write-after-end', `${what}.write() after end()`);
