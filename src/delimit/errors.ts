// The error bad options throw. Its `code` is stable: match on it, not on the message.

/** What a UrisiftOptionError's `code` may be: which option value was refused, and why. */
export type OptionErrorCode =
  | 'unknown-option' | 'unknown-charset' | 'not-a-text-charset' | 'invalid-base' | 'invalid-hyphen'
  | 'invalid-mode' | 'invalid-scheme-name' | 'mixed-scheme-list' | 'empty-scheme-list'
  | 'invalid-max-length' | 'invalid-max-line-length' | 'invalid-max-header-bytes'
  | 'invalid-max-mime-depth' | 'invalid-memo' | 'invalid-high-water-mark'
  | 'invalid-max-body-bytes' | 'invalid-max-json-depth';

/** A bad option value (a RangeError); `code` says which: 'unknown-option', 'invalid-base', … */
export class UrisiftOptionError extends RangeError {
  readonly code: OptionErrorCode;
  constructor(code: OptionErrorCode, message: string) {
    super(message);
    this.name = 'UrisiftOptionError';
    this.code = code;
  }
}

/**
 * A value of the wrong type, with a stable `code`: `invalid-option-type`
 * (the options, or one of them: `{ maxLength: '100' }`) or `invalid-input`
 * (text, a chunk or a source of a kind no entry point takes).
 */
export class UrisiftTypeError extends TypeError {
  readonly code: 'invalid-option-type' | 'invalid-input';
  constructor(code: 'invalid-option-type' | 'invalid-input', message: string) {
    super(message);
    this.name = 'UrisiftTypeError';
    this.code = code;
  }
}

export const optionType = (message: string): UrisiftTypeError => new UrisiftTypeError('invalid-option-type', message);
export const inputType = (message: string): UrisiftTypeError => new UrisiftTypeError('invalid-input', message);

/** What a UrisiftStateError's `code` may be. */
export type StateErrorCode = 'write-after-end';

/** A method called out of turn: `write-after-end` (an Extractor or Scanner takes no text after end()). */
export class UrisiftStateError extends Error {
  readonly code: StateErrorCode;
  constructor(code: StateErrorCode, message: string) {
    super(message);
    this.name = 'UrisiftStateError';
    this.code = code;
  }
}

export const writeAfterEnd = (what: string): UrisiftStateError =>
  new UrisiftStateError('write-after-end', `${what}.write() after end()`);
