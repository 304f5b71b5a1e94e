// Records a log shipper writes (Logstash, Filebeat, Elastic Agent, Vector, Google Cloud Logging, GELF): the line they carry read as the line it is (see DockerLine).

import type { DockerRecord } from './docker.js';
import type { JsonMembers } from './journal.js';
import { DQUOTE, LBRACE } from '../../uri/codes.js';

/**
 * Top members that mark a shipper's record, each a bit: ECS's `@timestamp`;
 * Vector's `source_type` (beside its `timestamp`); Cloud Logging's
 * LogEntry `logName` and its payloads; GELF 1.1's `version`. A string
 * member marks only when it is a string, an object one only when it is
 * an object.
 */
const MARKS = new Map([
  ['@timestamp', [0, 1]], ['message', [DQUOTE, 2]], ['timestamp', [0, 4]], ['source_type', [DQUOTE, 8]],
  ['logName', [DQUOTE, 16]], ['textPayload', [DQUOTE, 32]], ['jsonPayload', [LBRACE, 64]],
  ['version', [DQUOTE, 128]], ['short_message', [DQUOTE, 256]],
] as const);

/**
 * The field that holds a record's line, by the members its shipper
 * writes: `message` beside `@timestamp` (ECS: Logstash's event, Filebeat's)
 * or beside Vector's `source_type` and `timestamp`; a LogEntry's
 * `textPayload`, or its `jsonPayload.message` (Cloud Logging's structured
 * payload); GELF's `short_message` beside its `version`. An app's own
 * `{"timestamp":…,"message":…}` is none of them: its message is read as JSON.
 */
function lineField(members: readonly (string | number)[]): string | undefined {
  let seen = 0;
  for (let k = 0; k < members.length; k += 3) {
    const m = MARKS.get(members[k] as 'message');
    if (m !== undefined && (m[0] === 0 || m[0] === members[k + 1])) seen |= m[1];
  }
  if ((seen & 2) !== 0 && ((seen & 1) !== 0 || (seen & 12) === 12)) return 'message';
  if ((seen & 48) === 48) return 'textPayload';
  if ((seen & 80) === 80) return 'jsonPayload.message';
  return (seen & 384) === 384 ? 'short_message' : undefined;
}

/** The record a JSON line is when its top object is a shipper's (see lineField): the shipped line is that field's string. */
export function shippedRecord(json: JsonMembers): DockerRecord | undefined {
  const field = lineField(json.members);
  if (field === undefined) return undefined;
  const log = json.values.find((v) => v.field === field);
  return log === undefined ? undefined : { log, stream: undefined };
}
