// Phoenix span JSONL: one span a line, a trace's spans spread over the file. The pipeline
// gathers the lines of each trace (groupKey) and the trace maps like an OTLP one.
import { isObj } from '../../json';
import { decodePhoenixSpan, looksLikePhoenixSpan, phoenixTraceId } from '../../otel/phoenix-span';
import type { SpanRecord } from '../../otel/span';
import { humanLabels } from '../../otel/human-labels';
import { spanTree, spanTreeWarnings } from '../../otel/span-tree';
import { spansToEvents } from '../../otel/spans-to-events';
import { type FormatImporter, type GatheredRecords, RecordError } from '../types';

function isGathered(v: unknown): v is GatheredRecords {
  return isObj(v) && Array.isArray(v.gathered);
}

function spansOf(record: GatheredRecords): SpanRecord[] {
  const spans: SpanRecord[] = [];
  record.gathered.forEach(({ line, value }, i) => {
    const span = decodePhoenixSpan(value, line, i);
    if (!('attrs' in span)) throw new RecordError(span.error, span.field, line);
    spans.push(span);
  });
  return spans;
}

export const phoenixFormat: FormatImporter = {
  id: 'phoenix',
  label: 'Phoenix span JSONL (OpenInference)',
  detect(sample) {
    if (sample.length === 0) return 0;
    return sample.filter(looksLikePhoenixSpan).length / sample.length;
  },
  groupKey: phoenixTraceId,
  toEvents(record, ctx) {
    if (!isGathered(record))
      throw new RecordError(
        'expected a Phoenix span with context.trace_id and context.span_id',
        'context.trace_id',
      );
    return spansToEvents(spansOf(record), { file: ctx.file, line: ctx.line, format: 'phoenix' });
  },
  annotations(record, trajectoryId) {
    // Called only after toEvents succeeded on the same record, so the spans decode.
    if (!isGathered(record)) return { annotations: [], issues: [] };
    const spans = spansOf(record);
    const labels = humanLabels(spans, trajectoryId);
    // The record's per-trace report: spans kept despite a parent cycle are warned about here.
    return { ...labels, issues: [...spanTreeWarnings(spanTree(spans)), ...labels.issues] };
  },
};
