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
