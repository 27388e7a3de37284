// A span as Phoenix exports it, one a line: `{name, context: {trace_id, span_id}, parent_id,
// start_time, end_time, status_code, status_message, span_kind, attributes}` with attributes
// nested (`{llm: {input_messages: [...]}}`) or dotted; or the spans dataframe written as JSON
// records (`"context.span_id"`, `"attributes.input.value"` columns). Both flatten to one shape.
import { isObj } from '../json';
import { flattenAttributes, toMs } from './otlp-json';
import { SPAN_KIND } from './semconv';
import type { SpanRecord } from './span';

function flat(record: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  flattenAttributes(record, '', out);
  return out;
}

function idOf(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
}

/** The trace id of a Phoenix span record, or null when the record is not one. */
export function phoenixTraceId(v: unknown): string | null {
  if (!isObj(v)) return null;
  if (isObj(v.context)) return idOf(v.context.trace_id);
  return idOf(v['context.trace_id']);
}

export function looksLikePhoenixSpan(v: unknown): boolean {
  if (!isObj(v) || phoenixTraceId(v) === null) return false;
  const spanId = isObj(v.context) ? v.context.span_id : v['context.span_id'];
  return idOf(spanId) !== null && ('span_kind' in v || 'attributes' in v || 'parent_id' in v);
}

/** One span from its record; the message names what is missing. */
export function decodePhoenixSpan(
  v: unknown,
  line: number,
  order: number,
): SpanRecord | { error: string; field: string } {
  if (!isObj(v)) return { error: 'expected a span object', field: '' };
  const all = flat(v);
  const traceId = idOf(all.get('context.trace_id'));
  const spanId = idOf(all.get('context.span_id'));
  if (traceId === null) return { error: 'missing context.trace_id', field: 'context.trace_id' };
  if (spanId === null) return { error: 'missing context.span_id', field: 'context.span_id' };
  const attrs = new Map<string, unknown>();
  for (const [k, value] of all)
    if (k.startsWith('attributes.')) attrs.set(k.slice('attributes.'.length), value);
  const kind = all.get('span_kind');
  if (!attrs.has(SPAN_KIND) && typeof kind === 'string') attrs.set(SPAN_KIND, kind.toUpperCase());
  const span: SpanRecord = {
    traceId,
    spanId,
    parentId: idOf(all.get('parent_id')),
    name: typeof v.name === 'string' ? v.name : '',
    startMs: toMs(all.get('start_time')),
    endMs: toMs(all.get('end_time')),
    attrs,
    field: '',
    order,
    line,
  };
  if (all.get('status_code') === 'ERROR') {
    const msg = all.get('status_message');
    span.error = typeof msg === 'string' && msg ? msg : 'error';
  }
  return span;
}
