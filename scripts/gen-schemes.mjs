#!/usr/bin/env node
// Regenerates src/uri/schemes-data.ts from IANA's "Uniform Resource
// Identifier (URI) Schemes" registry in its CSV form (uri-schemes-1.csv,
// https://www.iana.org/assignments/uri-schemes/uri-schemes-1.csv).
//
//   node scripts/gen-schemes.mjs uri-schemes-1.csv \
//     --source 'www.iana.org uri-schemes-1.csv, downloaded 2026-06-01' \
//     --date 2026-06-01 [--out src/uri/schemes-data.ts]
//
// Columns are found by header name ("URI Scheme", "Status"), so the extra
// columns IANA adds from time to time (Well-Known URI Support, CRI Scheme
// Number, ...) do not matter. Each name is trimmed, loses a trailing
// parenthetical note such as " (OBSOLETE)", and is lowercased; a name that
// is then not RFC 3986 `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (a
// wildcard, a space, ...) is dropped and reported on stderr.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const SCHEME = /^[a-z][a-z0-9+.-]*$/;
const STATUSES = ['permanent', 'provisional', 'historical'];
const WIDTH = 100;

function usage(message) {
  if (message) console.error(`gen-schemes: ${message}`);
  console.error('usage: gen-schemes.mjs <uri-schemes-1.csv> --source TEXT --date YYYY-MM-DD [--out FILE]');
  process.exit(2);
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** [{ name, status }] sorted by name, plus the raw names that were dropped. */
export function readRegistry(text) {
  const [header, ...body] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) throw new Error('empty CSV');
  const nameCol = header.findIndex((h) => h.trim().toLowerCase() === 'uri scheme');
  const statusCol = header.findIndex((h) => h.trim().toLowerCase() === 'status');
  if (nameCol < 0 || statusCol < 0) throw new Error(`no "URI Scheme"/"Status" column in: ${header.join(',')}`);
  const byName = new Map();
  const dropped = [];
  for (const row of body) {
    const raw = (row[nameCol] ?? '').trim();
    const name = raw.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase();
    const status = (row[statusCol] ?? '').trim().toLowerCase();
    if (!SCHEME.test(name)) { dropped.push(raw); continue; }
    if (!STATUSES.includes(status)) throw new Error(`unknown status ${JSON.stringify(status)} for ${raw}`);
    const seen = byName.get(name);
    if (seen !== undefined && seen !== status) throw new Error(`${name} listed as both ${seen} and ${status}`);
    byName.set(name, status);
  }
  const entries = [...byName].map(([name, status]) => ({ name, status }));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, dropped };
}

function pack(names, indent = '  ') {
  const lines = [];
  let line = '';
  for (const n of names) {
    const item = `'${n}',`;
    if (line && indent.length + line.length + 1 + item.length > WIDTH) { lines.push(indent + line); line = item; }
    else line = line ? `${line} ${item}` : item;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

function wrapComment(text, prefix, width = 80) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && prefix.length + line.length + 1 + w.length > width) { lines.push(line); line = w; }
    else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  const pad = `//${' '.repeat(prefix.length - 2)}`;
  return lines.map((l, i) => (i === 0 ? prefix : pad) + l).join('\n');
}

export function render({ entries, source, date }) {
  const of = (s) => entries.filter((e) => e.status === s).map((e) => e.name);
  const lists = STATUSES.map((s) => `  ${s}: [\n${pack(of(s), '    ')}\n  ],`).join('\n');
  return `// IANA "Uniform Resource Identifier (URI) Schemes" registry (the uri-schemes-1
// table, RFC 7595), bundled as data: the scheme table in src/uri/schemes.ts
// reads it, so that the extractor accepts a bare \`scheme:\` with no \`//\`
// only for a registered scheme.
//
${wrapComment(source, '// Source:   ')}
// Registry: snapshot of ${date}
// Counts:   ${entries.length} names: ${STATUSES.map((s) => `${of(s).length} ${s}`).join(', ')}.
//
// Every status is included. Names are lowercased (schemes compare
// case-insensitively), stripped of notes such as " (OBSOLETE)", and kept only
// when they match RFC 3986 \`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )\`.
//
// Generated: do not edit by hand. To regenerate, download
// https://www.iana.org/assignments/uri-schemes/uri-schemes-1.csv and run
//   node scripts/gen-schemes.mjs uri-schemes-1.csv --source '...' --date YYYY-MM-DD

export type IanaStatus = ${STATUSES.map((s) => `'${s}'`).join(' | ')};

/** The registered scheme names by status: lowercased, sorted, each name once. */
export const IANA_SCHEMES: Readonly<Record<IanaStatus, readonly string[]>> = {
${lists}
};
`;
}

function main(argv) {
  const opts = { out: resolve(dirname(fileURLToPath(import.meta.url)), '../src/uri/schemes-data.ts') };
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--source' || a === '--date' || a === '--out') {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      opts[a.slice(2)] = v;
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else files.push(a);
  }
  if (files.length !== 1) usage('give exactly one CSV file');
  if (!opts.source) usage('--source is required (where the CSV came from)');
  if (!opts.date || !/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) usage('--date YYYY-MM-DD is required (registry date)');
  const { entries, dropped } = readRegistry(readFileSync(files[0], 'utf8'));
  if (dropped.length) console.error(`gen-schemes: dropped (not RFC 3986 scheme syntax): ${dropped.join(', ')}`);
  writeFileSync(opts.out, render({ entries, source: opts.source, date: opts.date }));
  const n = (s) => entries.filter((e) => e.status === s).length;
  console.error(`gen-schemes: wrote ${opts.out}: ${entries.length} schemes (${n('permanent')} permanent, ${n('provisional')} provisional, ${n('historical')} historical)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
