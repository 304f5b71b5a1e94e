// The big buffers of an HTML sink (the text batch, the tag reader's
// attribute table), lent to one sink at a time and kept by the reader's
// context: an mbox's thousands of small text/html parts reuse one set
// instead of allocating and zeroing some 60 KiB each.

import { TargetSlots } from './targets.js';
import { TextBatch } from './batch.js';
import { TagReader } from './tags.js';

export interface HtmlBuffers {
  readonly batch: TextBatch;
  readonly tags: TagReader;
  /** The slots of the page's Targets (emptied at its first lookup). */
  readonly targets: TargetSlots;
}

export class HtmlScratch {
  #buffers: HtmlBuffers | undefined;
  #lent = false;

  /** The buffers, or a new set while they are lent (two sinks never share). */
  take(): HtmlBuffers {
    if (this.#lent) return buffers();
    this.#lent = true;
    return (this.#buffers ??= buffers());
  }

  /** A sink is done with `buffers`. */
  give(buffers: HtmlBuffers): void {
    if (buffers === this.#buffers) this.#lent = false;
  }
}

function buffers(): HtmlBuffers {
  return { batch: new TextBatch(), tags: new TagReader(), targets: new TargetSlots() };
}
