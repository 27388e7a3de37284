// OTLP/JSON shapes (opentelemetry-proto, trace/v1 ExportTraceServiceRequest in its JSON mapping):
// ids are hex strings, times are nanosecond integers written as strings, attributes are
// `{key, value: AnyValue}`. Encoding and decoding of attribute values live here.
import { isObj } from '../json';

export type AnyValue =
  | { stringValue: string }
  | { intValue: string | number }
  | { doubleValue: number }
  | { boolValue: boolean }
  | { arrayValue: { values: AnyValue[] } }
  | { kvlistValue: { values: KeyValue[] } };

export interface KeyValue {
  key: string;
  value: AnyValue;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 = SPAN_KIND_INTERNAL. */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  /** code 1 = OK, 2 = ERROR. */
  status?: { code: number; message?: string };
}

export interface ExportTraceServiceRequest {
  resourceSpans: Array<{
    resource: { attributes: KeyValue[] };
    scopeSpans: Array<{ scope: { name: string; version?: string }; spans: OtlpSpan[] }>;
  }>;
}

/** `{double}`: a number the conventions type as Float (scores), written so even when whole. */
export type AttrValue = string | number | boolean | { double: number } | AttrValue[];

/** One attribute as OTLP/JSON writes it; integers go out as intValue (strings, as int64 does). */
export function keyValue(key: string, v: AttrValue): KeyValue {
  return { key, value: anyValue(v) };
}

function anyValue(v: AttrValue): AnyValue {
  if (typeof v === 'string') return { stringValue: v };
  if (!Array.isArray(v) && typeof v === 'object') return { doubleValue: v.double };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { arrayValue: { values: v.map(anyValue) } };
}

/**
 * A decoded AnyValue, or an error message. Unknown shapes are errors (not silently dropped) so
 * the import report can name the attribute.
 */
export function decodeAnyValue(v: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!isObj(v)) return { ok: false, error: 'expected an AnyValue object' };
  if (typeof v.stringValue === 'string') return { ok: true, value: v.stringValue };
  if (typeof v.boolValue === 'boolean') return { ok: true, value: v.boolValue };
  if (typeof v.doubleValue === 'number') return { ok: true, value: v.doubleValue };
  if (typeof v.doubleValue === 'string' && Number.isFinite(Number(v.doubleValue)))
    return { ok: true, value: Number(v.doubleValue) };
  if (v.intValue !== undefined) {
    const n = Number(v.intValue);
    return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: 'intValue is not a number' };
  }
  if (isObj(v.arrayValue)) {
    const out: unknown[] = [];
    for (const item of Array.isArray(v.arrayValue.values) ? v.arrayValue.values : []) {
      const d = decodeAnyValue(item);
      if (!d.ok) return d;
      out.push(d.value);
    }
    return { ok: true, value: out };
  }
  if (isObj(v.kvlistValue)) {
    const out: Record<string, unknown> = {};
    for (const kv of Array.isArray(v.kvlistValue.values) ? v.kvlistValue.values : []) {
      if (!isObj(kv) || typeof kv.key !== 'string')
        return { ok: false, error: 'kvlistValue entry without key' };
      const d = decodeAnyValue(kv.value);
      if (!d.ok) return d;
      out[kv.key] = d.value;
    }
    return { ok: true, value: out };
  }
  // An attribute with an empty value ({}) is legal OTLP (unset); it reads as absent.
  if (Object.keys(v).length === 0) return { ok: true, value: undefined };
  return { ok: false, error: `unknown AnyValue type ${Object.keys(v).join(', ')}` };
}

/**
 * Flattens nested attribute objects (Phoenix stores `{llm: {input_messages: [{message: …}]}}`)
 * to the dotted keys the conventions name (`llm.input_messages.0.message.role`).
 */
export function flattenAttributes(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) flattenAttributes(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  // Lists of objects are indexed; lists of scalars (tags, vectors) stay values.
  if (Array.isArray(value) && value.some(isObj)) {
    value.forEach((v, i) => flattenAttributes(v, `${prefix}.${i}`, out));
    return;
  }
  if (value !== undefined && value !== null) out.set(prefix, value);
}

/** Nanoseconds since the epoch as OTLP/JSON writes them, from milliseconds. */
export function nanos(ms: number): string {
  return `${BigInt(Math.round(ms)) * 1_000_000n}`;
}

/** Milliseconds from an OTLP nano string/number, or from an ISO date (Phoenix); null if neither. */
export function toMs(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v / 1e6;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(BigInt(v) / 1000n) / 1000;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}
