// A trajectory log's text stream as records, through the one streaming reader every import uses
// (io/json-records.ts): JSONL line by line, a JSON array element by element, concatenated JSON
// objects, or a plain-text transcript as one record. Only a transcript yields a string: in a
// JSON container a bare string, number or null is a reported bad record, not a trajectory.
import { throwIfAborted } from '../abort';
import { JsonRecordStream, type RecordContainer } from '../io/json-records';
import type { ImportIssue } from './types';

export type RawRecord = { line: number; value: unknown };
export type RecordOrIssue = { record: RawRecord } | { issue: Omit<ImportIssue, 'file'> };

export type Container = RecordContainer;

export async function* readRecords(
  chunks: AsyncIterable<string>,
  onContainer?: (c: Container) => void,
  signal?: AbortSignal,
): AsyncGenerator<RecordOrIssue> {
  let queue: RecordOrIssue[] = [];
  let container: Container | null = null;
  const stream = new JsonRecordStream(
    {
      record: (value, line) => {
        if (container !== 'text' && (typeof value !== 'object' || value === null))
          queue.push({ issue: { line, message: `expected a JSON object, got ${describe(value)}` } });
        else queue.push({ record: { line, value } });
      },
      issue: (i) => {
        const issue: Omit<ImportIssue, 'file'> = { line: i.line ?? 0, message: i.message };
        if (i.field) issue.field = i.field;
        if (i.severity === 'warning') issue.severity = 'warning';
        queue.push({ issue });
      },
    },
    {
      allowText: true,
      onContainer: (c) => {
        container = c;
        onContainer?.(c);
      },
    },
  );
  for await (const chunk of chunks) {
    throwIfAborted(signal);
    stream.write(chunk);
    if (queue.length) {
      const out = queue;
      queue = [];
      yield* out;
    }
  }
  throwIfAborted(signal);
  stream.end();
  yield* queue;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `a string (${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)})`;
  return `a ${typeof v} (${String(v)})`;
}
