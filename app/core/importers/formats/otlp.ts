// OpenTelemetry OTLP/JSON (an ExportTraceServiceRequest, as a file or one per JSONL line as the
// collector's file exporter writes it) with OpenInference attributes. Each trace is its own
// record: a bad trace is reported, the others import (otel/spans-to-events.ts has the mapping).
import { isObj } from '../../json';
import { type DecodedTrace, decodeRequest, isOtlpRequest } from '../../otel/otlp-request';
import { humanLabels } from '../../otel/human-labels';
import { spanTree, spanTreeWarnings } from '../../otel/span-tree';
import { spansToEvents } from '../../otel/spans-to-events';
import { type FormatImporter, RecordError } from '../types';

function isTrace(v: unknown): v is { otlpTrace: DecodedTrace } {
  return isObj(v) && isObj(v.otlpTrace);
}

export const otlpFormat: FormatImporter = {
  id: 'otlp',
  label: 'OpenTelemetry OTLP/JSON (OpenInference)',
  detect(sample) {
    if (sample.length === 0) return 0;
    return sample.filter(isOtlpRequest).length / sample.length;
  },
  split(record) {
    if (!isOtlpRequest(record)) return null;
    // An empty field: the trace's own error names its place in the request.
    return decodeRequest(record).map((t) => ({ value: { otlpTrace: t }, field: '' }));
  },
  toEvents(record, ctx) {
    if (!isTrace(record)) throw new RecordError('expected an OTLP ExportTraceServiceRequest (resourceSpans)');
    const t = record.otlpTrace;
    if (!t.ok) throw new RecordError(`trace ${t.traceId}: ${t.error}`, t.field);
    return spansToEvents(t.spans, { file: ctx.file, line: ctx.line, format: 'otlp' });
  },
  annotations(record, trajectoryId) {
    if (!isTrace(record) || !record.otlpTrace.ok) return { annotations: [], issues: [] };
    const { spans } = record.otlpTrace;
    const labels = humanLabels(spans, trajectoryId);
    // The record's per-trace report: spans kept despite a parent cycle are warned about here.
    return { ...labels, issues: [...spanTreeWarnings(spanTree(spans)), ...labels.issues] };
  },
};
