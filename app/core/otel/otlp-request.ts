// ExportTraceServiceRequest in and out: trajectories → one request (one trace each), and a
// request → its traces as span lists, each decoded on its own so one bad trace is reported
// without losing the others (all-or-report per trace).
import { isObj } from '../json';
import {
  decodeAnyValue,
  type ExportTraceServiceRequest,
  flattenAttributes,
  keyValue,
  toMs,
} from './otlp-json';
import { PROJECT_NAME } from './semconv';
import type { SpanRecord } from './span';
import { type TraceInput, trajectoryToSpans } from './trajectory-to-otlp';

export const SCOPE_NAME = 'hopscope';

/** One request holding a trace per trajectory; traces start one second apart from `startMs`. */
export function toOtlpRequest(inputs: Iterable<TraceInput>, startMs: number): ExportTraceServiceRequest {
  const spans = [];
  let i = 0;
  // A loop, not push(...): a 150,000-step trajectory's spans overflow the stack as arguments.
  for (const input of inputs) for (const s of trajectoryToSpans(input, startMs + 1000 * i++)) spans.push(s);
  return {
    resourceSpans: [
      {
        resource: { attributes: [keyValue('service.name', 'hopscope'), keyValue(PROJECT_NAME, 'hopscope')] },
        scopeSpans: [{ scope: { name: SCOPE_NAME }, spans }],
      },
    ],
  };
}

/** A trace read from a request, or why it could not be read. */
export type DecodedTrace =
  | { ok: true; traceId: string; spans: SpanRecord[] }
  | { ok: false; traceId: string; error: string; field: string };

export function isOtlpRequest(v: unknown): v is { resourceSpans: unknown[] } {
  return isObj(v) && Array.isArray(v.resourceSpans);
}

function decodeSpan(v: unknown, field: string, order: number): SpanRecord | { error: string; field: string } {
  if (!isObj(v)) return { error: 'expected a span object', field };
  for (const k of ['traceId', 'spanId'] as const)
    if (typeof v[k] !== 'string' || v[k] === '') return { error: `missing ${k}`, field: `${field}.${k}` };
  const attrs = new Map<string, unknown>();
  const list = v.attributes ?? [];
  if (!Array.isArray(list)) return { error: 'attributes must be a list', field: `${field}.attributes` };
  for (let i = 0; i < list.length; i++) {
    const kv: unknown = list[i];
    if (!isObj(kv) || typeof kv.key !== 'string')
      return { error: 'attribute without a key', field: `${field}.attributes.${i}` };
    const d = decodeAnyValue(kv.value);
    if (!d.ok) return { error: `attribute "${kv.key}": ${d.error}`, field: `${field}.attributes[${kv.key}]` };
    flattenAttributes(d.value, kv.key, attrs);
  }
  const parent = typeof v.parentSpanId === 'string' && v.parentSpanId !== '' ? v.parentSpanId : null;
  const span: SpanRecord = {
    traceId: v.traceId as string,
    spanId: v.spanId as string,
    parentId: parent,
    name: typeof v.name === 'string' ? v.name : '',
    startMs: toMs(v.startTimeUnixNano),
    endMs: toMs(v.endTimeUnixNano),
    attrs,
    field,
    order,
  };
  if (isObj(v.status) && (v.status.code === 2 || v.status.code === 'STATUS_CODE_ERROR'))
    span.error = typeof v.status.message === 'string' && v.status.message ? v.status.message : 'error';
  return span;
}

/** The request's traces in the order they first appear. */
export function decodeRequest(req: { resourceSpans: unknown[] }): DecodedTrace[] {
  const traces = new Map<string, DecodedTrace>();
  let order = 0;
  req.resourceSpans.forEach((rs, r) => {
    const scopes = isObj(rs) && Array.isArray(rs.scopeSpans) ? rs.scopeSpans : [];
    scopes.forEach((ss, s) => {
      const spans = isObj(ss) && Array.isArray(ss.spans) ? ss.spans : [];
      spans.forEach((raw, k) => {
        const field = `resourceSpans.${r}.scopeSpans.${s}.spans.${k}`;
        const span = decodeSpan(raw, field, order++);
        const isSpan = 'attrs' in span;
        const traceId = isSpan ? span.traceId : isObj(raw) ? String(raw.traceId ?? '?') : '?';
        const have = traces.get(traceId);
        if (have && !have.ok) return; // the first error stands for the trace
        if (!isSpan) traces.set(traceId, { ok: false, traceId, error: span.error, field: span.field });
        else if (have) have.spans.push(span);
        else traces.set(traceId, { ok: true, traceId, spans: [span] });
      });
    });
  });
  return [...traces.values()];
}

/**
 * The request as text around its span list, so a writer can stream traces one at a time:
 * `head + traceJson(a) + ',' + traceJson(b) + tail` is the same request `toOtlpRequest` builds.
 */
export function otlpEnvelope(): { head: string; tail: string } {
  const text = JSON.stringify(toOtlpRequest([], 0));
  const at = text.indexOf('"spans":[]') + '"spans":['.length;
  return { head: text.slice(0, at), tail: text.slice(at) };
}

/** One trajectory's spans as the comma-separated JSON that goes between head and tail. */
export function traceJson(input: TraceInput, startMs: number): string {
  return trajectoryToSpans(input, startMs)
    .map((s) => JSON.stringify(s))
    .join(',');
}
