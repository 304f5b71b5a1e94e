// Records a log shipper writes (Logstash, Filebeat, Elastic Agent: ECS's `@timestamp` and `message`): the message read as the line it is (see DockerLine).

import type { DockerRecord } from './docker.js';
import type { JsonMembers } from './journal.js';
import { DQUOTE } from '../../uri/codes.js';

/**
 * The record a JSON line is when its top object has an `@timestamp` and a
 * `message` string (ECS's base fields; Logstash's event, Filebeat's): the
 * shipped line is that message. An app's own `{"message":…}` with no
 * `@timestamp` keeps its reading as JSON.
 */
export function shippedRecord(json: JsonMembers): DockerRecord | undefined {
  const { members, values } = json;
  let stamped = false;
  let message = false;
  for (let k = 0; k < members.length; k += 3) {
    const key = members[k];
    if (key === '@timestamp') stamped = true;
    else if (key === 'message') message = members[k + 1] === DQUOTE;
  }
  if (!stamped || !message) return undefined;
  const log = values.find((v) => v.field === 'message');
  return log === undefined ? undefined : { log, stream: undefined };
}
