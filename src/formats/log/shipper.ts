// Records a log shipper writes (Logstash, Filebeat, Elastic Agent, Vector, Fluentd, Fluent Bit, Google Cloud Logging, GELF): the line they carry read as the line it is (see DockerLine).

import type { DockerRecord } from './docker.js';
import type { JsonMembers } from './journal.js';
import { joined, type Keyed } from './values.js';
import { DQUOTE, LBRACE } from '../../uri/codes.js';

const STAMP = 1; // ECS's @timestamp (Logstash, Filebeat; Fluent Bit's Elasticsearch output)
const MESSAGE = 2;
const TIMESTAMP = 4;
const SOURCE_TYPE = 8; // Vector's
const LOG_NAME = 16; // a Cloud Logging LogEntry's
const TEXT_PAYLOAD = 32;
const JSON_PAYLOAD = 64;
const VERSION = 128; // GELF's
const SHORT_MESSAGE = 256;
const LOG = 512; // Docker's json-file members, as Fluentd and Fluent Bit pass them on
const STREAM = 1024;
const METADATA = 2048; // Fluentd's and Fluent Bit's kubernetes (or docker) object
const DATE = 4096; // Fluent Bit's json_date_key

/** Top members that mark a shipper's record, each a bit: a string member marks only when it is a string, an object one only when it is an object (0: any value). */
const MARKS = new Map([
  ['@timestamp', [0, STAMP]], ['message', [DQUOTE, MESSAGE]], ['timestamp', [0, TIMESTAMP]], ['source_type', [DQUOTE, SOURCE_TYPE]],
  ['logName', [DQUOTE, LOG_NAME]], ['textPayload', [DQUOTE, TEXT_PAYLOAD]], ['jsonPayload', [LBRACE, JSON_PAYLOAD]],
  ['version', [DQUOTE, VERSION]], ['short_message', [DQUOTE, SHORT_MESSAGE]],
  ['log', [DQUOTE, LOG]], ['stream', [DQUOTE, STREAM]], ['kubernetes', [LBRACE, METADATA]], ['docker', [LBRACE, METADATA]], ['date', [0, DATE]],
] as const);

/**
 * Members a shipper writes of its own: the machine's name (Logstash's and
 * Vector's `host`, GELF's "host … that sent this message", Fluent Bit's
 * `kubernetes.host`, the node) and the file it read (Logstash's `path`),
 * no request's Host or target: read as text.
 */
const OWN = new Set(['host', 'path', 'kubernetes.host']);

const all = (seen: number, marks: number): boolean => (seen & marks) === marks;

/**
 * The field that holds a record's line, by the members its shipper
 * writes: `message` beside `@timestamp` (ECS: Logstash's event, Filebeat's)
 * or beside Vector's `source_type` and `timestamp`; a LogEntry's
 * `textPayload`, or its `jsonPayload.message` (Cloud Logging's structured
 * payload); GELF's `short_message` beside its `version` (see gelfLine);
 * json-file's `log`
 * beside Fluentd's or Fluent Bit's `kubernetes` or `docker` object, or
 * beside its `stream` and a stamp they add. An app's own
 * `{"timestamp":…,"message":…}` or `{"log":…}` is none of them: it is read as JSON.
 */
function lineField(members: readonly (string | number)[]): string | undefined {
  let seen = 0;
  for (let k = 0; k < members.length; k += 3) {
    const m = MARKS.get(members[k] as 'message');
    if (m !== undefined && (m[0] === 0 || m[0] === members[k + 1])) seen |= m[1];
  }
  if ((seen & MESSAGE) !== 0 && ((seen & STAMP) !== 0 || all(seen, SOURCE_TYPE | TIMESTAMP))) return 'message';
  if (all(seen, LOG_NAME | TEXT_PAYLOAD)) return 'textPayload';
  if (all(seen, LOG_NAME | JSON_PAYLOAD)) return 'jsonPayload.message';
  if (all(seen, VERSION | SHORT_MESSAGE)) return 'short_message';
  if ((seen & LOG) !== 0 && ((seen & METADATA) !== 0 || ((seen & STREAM) !== 0 && (seen & (STAMP | DATE)) !== 0))) return 'log';
  return undefined;
}

/**
 * GELF's line: its `full_message` when that starts with its
 * `short_message` (NXLog's cut of it to 64 characters, Logstash's same
 * line twice), which is then left unread; else its `short_message`, and a
 * `full_message` beside it (a stack trace) is read as JSON's text.
 */
function gelfLine(values: readonly Keyed[], short: Keyed): DockerRecord {
  const full = values.find((v) => v.field === 'full_message');
  return full !== undefined && joined(full.pieces).startsWith(joined(short.pieces)) ? { log: full, stream: undefined, repeat: short } : { log: short, stream: undefined };
}

/** The record a JSON line is when its top object is a shipper's (see lineField): the shipped line is that field's string. */
export function shippedRecord(json: JsonMembers): DockerRecord | undefined {
  const field = lineField(json.members);
  if (field === undefined) return undefined;
  const log = json.values.find((v) => v.field === field);
  if (log === undefined) return undefined;
  for (const v of json.values) if (OWN.has(v.field)) v.key = ''; // a key no rule reads
  return field === 'short_message' ? gelfLine(json.values, log) : { log, stream: undefined };
}
