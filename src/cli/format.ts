// Formatting hits as uri / JSON Lines / TSV lines. Pure: also used on
// worker threads.
import { inspect, normalize, parse } from '../index.js';
import type { Config } from './args.js';

/** One URI found by any mode; `record` is what --json prints. */
export interface Hit {
  uri: string;
  line: number;
  column: number;
  record: object;
}

/** A formatted output line (with its newline) and its --unique key. */
export interface Line {
  text: string;
  key: string | undefined;
}

export type Formatter = (hit: Hit) => Line;

/**
 * A record as a JSON-ready object (its toJSON()). A library Found computes `components` and
 * `warnings` in getters, which object spread does not copy; its toJSON() does.
 */
export function jsonRecord(record: object): object {
  const r = record as { toJSON?: () => object };
  return typeof r.toJSON === 'function' ? r.toJSON() : record;
}

/** Build the formatter for one input. Pure: also used on worker threads. */
/** `label` is already escaped (see names.ts): no tab, newline or backslash breaks a TSV row. */
export function makeFormatter(config: Config, label: string, showName: boolean): Formatter {
  const prefix = showName ? `${label}:` : '';
  return (hit) => {
    const normalized = config.normalize || config.unique ? normalize(hit.uri) : undefined;
    const uri = config.normalize ? (normalized ?? hit.uri) : hit.uri;
    const key = config.unique ? (normalized ?? hit.uri) : undefined;
    switch (config.format) {
      case 'json': {
        const record = normalizedRecord(jsonRecord(hit.record), hit.uri, uri);
        const object = showName ? { file: label, ...record, uri } : { ...record, uri };
        return { text: `${JSON.stringify(object)}\n`, key };
      }
      case 'tsv':
        return { text: `${label}\t${hit.line}\t${hit.column}\t${uri}\n`, key };
      case 'uri':
        return { text: `${prefix}${uri}\n`, key };
    }
  };
}

/**
 * -n --json: `components` and `warnings` describe the printed (normalized)
 * URI, not the original spelling (which `raw` and `reference` keep).
 */
function normalizedRecord(record: object, original: string, uri: string): object {
  if (uri === original || !('components' in record)) return record;
  const components = parse(uri);
  if (components === undefined) return record;
  return 'warnings' in record ? { ...record, components, warnings: inspect(uri) } : { ...record, components };
}
