// W3C extended log files (IIS, CloudFront): the "#Fields:" directive names the columns of the lines after it; the request from cs-uri-stem and cs-uri-query.

import type { LineOut } from './emit.js';
import { namedTarget } from './target.js';

/** The columns of the current "#Fields:" directive. */
export class W3cLayout {
  #count = 0;
  #stem = -1;
  #query = -1;
  #uri = -1;
  #referer = -1;
  #agent = -1;
  #host = -1;
  #host2 = -1;
  #protocol = -1;
  #method = -1;
  #date = -1;
  #time = -1;

  get active(): boolean {
    return this.#count > 0;
  }

  /** A "#…" directive line; true when it is one ("#Fields:" changes the layout). */
  directive(text: string): boolean {
    const m = /^#(Fields|Version|Software|Date|Remark|Start-Date|End-Date):/.exec(text);
    if (m === null) return false;
    if (m[1] === 'Fields') this.#fields(text.slice(m[0].length).trim().split(/\s+/).map((f) => f.toLowerCase()));
    return true;
  }

  #fields(names: string[]): void {
    const at = (...keys: string[]): number => names.findIndex((n) => keys.includes(n));
    this.#count = names.length;
    this.#stem = at('cs-uri-stem');
    this.#query = at('cs-uri-query');
    this.#uri = at('cs-uri');
    this.#referer = at('cs(referer)', 'cs(referrer)');
    this.#agent = at('cs(user-agent)');
    this.#host = at('x-host-header'); // CloudFront: the Host the viewer asked for; cs(Host) is the distribution's
    this.#host2 = at('cs-host', 'cs(host)');
    this.#protocol = at('cs-protocol');
    this.#method = at('cs-method');
    this.#date = at('date');
    this.#time = at('time');
  }

  /** Read a data line; false when its columns do not match the layout (it is then scanned as text). */
  read(out: LineOut): boolean {
    const text = out.text;
    const cells = split(text);
    while (cells.length > this.#count * 2 && cells[cells.length - 2] === cells[cells.length - 1]) cells.length -= 2; // trailing blanks
    if (cells.length !== this.#count * 2) return false;
    const cell = (k: number): string | undefined => {
      if (k === -1) return undefined;
      const v = text.slice(cells[2 * k]!, cells[2 * k + 1]!);
      return v === '-' || v === '' ? undefined : v;
    };
    // A row of the layout has its date and time where they belong: an access or syslog line of as many words has not.
    if (this.#date !== -1 && !/^\d{4}-\d\d-\d\d$/.test(cell(this.#date) ?? '')) return false;
    if (this.#time !== -1 && !/^\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/.test(cell(this.#time) ?? '')) return false;
    out.host = cell(this.#host) ?? cell(this.#host2);
    this.#request(out, cells, cell);
    const referer = cell(this.#referer);
    if (referer !== undefined) out.absolute(referer, cells[2 * this.#referer]!, 'referer', 'none');
    if (cell(this.#agent) !== undefined) out.scan(cells[2 * this.#agent]!, cells[2 * this.#agent + 1]!, 'user-agent');
    return true;
  }

  #request(out: LineOut, cells: number[], cell: (k: number) => string | undefined): void {
    if (cell(this.#method) === 'CONNECT') return;
    const k = this.#stem !== -1 ? this.#stem : this.#uri;
    const written = cell(k); // raw: the target's text at its place, so cs-uri-stem without the cs-uri-query of another column
    if (written === undefined || written === '*') return;
    const query = cell(this.#query);
    const target = query === undefined ? written : `${written}?${query}`;
    if (query !== undefined) out.scan(cells[2 * this.#query]!, cells[2 * this.#query + 1]!, 'in-request'); // "/go" "url=https://…"
    else out.embedded(cells[2 * k]!, cells[2 * k + 1]!, 'in-request');
    const protocol = cell(this.#protocol);
    // CloudFront names the scheme and the host the viewer asked for: the line itself says where the target is.
    const named = protocol !== undefined && out.host !== undefined ? namedTarget(protocol, out.host, target) : undefined;
    if (named !== undefined) out.absolute(named, cells[2 * k]!, 'request', 'none', written);
    else out.target(target, cells[2 * k]!, 'request', 'none', written);
  }
}

/** [start, end) of each cell, flat: tab-separated when the line has a tab (CloudFront), else space-separated (IIS). */
function split(text: string): number[] {
  const sep = text.includes('\t') ? '\t' : ' ';
  const cells = [0];
  for (let i = text.indexOf(sep); i !== -1; i = text.indexOf(sep, i + 1)) cells.push(i, i + 1);
  cells.push(text.length);
  return cells;
}
