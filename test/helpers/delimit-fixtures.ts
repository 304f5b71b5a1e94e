// Reads test/fixtures/delimit.txt (format described at its top).
import { readFileSync } from 'node:fs';
import type { ExtractOptions } from '../../src/index.js';

export interface DelimitCase {
  name: string;
  input: string;
  options: ExtractOptions;
  expect: { uri: string; alternates: string[] }[];
}

export function loadDelimitCases(path = new URL('../fixtures/delimit.txt', import.meta.url)): DelimitCase[] {
  const text = readFileSync(path, 'utf8');
  const cases: DelimitCase[] = [];
  for (const block of text.split(/^--- /m).slice(1)) {
    const headerEnd = block.indexOf('\n');
    const header = block.slice(0, headerEnd);
    const brace = header.indexOf(' {');
    const name = brace === -1 ? header : header.slice(0, brace);
    const options = brace === -1 ? {} : (JSON.parse(header.slice(brace + 1)) as ExtractOptions);
    const body = block.slice(headerEnd + 1);
    const arrow = body.search(/^=> /m);
    if (arrow === -1) throw new Error(`fixture ${name}: no "=> " line`);
    const input = body.slice(0, arrow);
    const expect = body.slice(arrow).split('\n')
      .filter((l) => l.startsWith('=> ') && l !== '=> (none)')
      .map((l) => {
        const [uri, ...alternates] = l.slice(3).split(' ~ ');
        return { uri: uri!, alternates };
      });
    cases.push({ name, input, options, expect });
  }
  return cases;
}
