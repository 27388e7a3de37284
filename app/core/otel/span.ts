// One span, whichever file it came from (OTLP/JSON or Phoenix's span JSONL), with typed reads of
// its attributes that fail with the attribute's path, so the import report names the field.
import { RecordError } from '../importers/types';

export interface SpanRecord {
  traceId: string;
  spanId: string;
  /** null for a root span. */
  parentId: string | null;
  name: string;
  startMs: number | null;
  endMs: number | null;
  /** Flattened OpenInference attributes (`retrieval.documents.0.document.id` → value). */
  attrs: Map<string, unknown>;
  /** The status message when the span ended in error. */
  error?: string;
  /** Where the span sits in its record, for messages (`resourceSpans.0.scopeSpans.0.spans.3`). */
  field: string;
  /** Position in the file; breaks ties between spans that started at the same time. */
  order: number;
  /** The span's own line, when its trace was gathered from several lines (Phoenix JSONL). */
  line?: number;
}

export function attrField(span: SpanRecord, key: string): string {
  return `${span.field ? `${span.field}.` : ''}attributes[${key}]`;
}

/** A RecordError about one span: names the field and, for gathered traces, the span's line. */
export function spanError(span: SpanRecord, message: string, field: string): RecordError {
  return new RecordError(message, field, span.line);
}

export function str(span: SpanRecord, key: string): string | undefined {
  const v = span.attrs.get(key);
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw spanError(span, `attribute "${key}" must be a string`, attrField(span, key));
}

export function num(span: SpanRecord, key: string): number | undefined {
  const v = span.attrs.get(key);
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n === 'number' && Number.isFinite(n)) return n;
  throw spanError(span, `attribute "${key}" must be a number`, attrField(span, key));
}

/** A JSON-string attribute (`metadata`, `hopscope.gold`), parsed; objects pass through. */
export function json(span: SpanRecord, key: string): unknown {
  const v = span.attrs.get(key);
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw spanError(span, `attribute "${key}" is not valid JSON`, attrField(span, key));
  }
}

/** Entries of an indexed list attribute (`retrieval.documents.{i}.document.{f}`), by index. */
export function indexed(span: SpanRecord, re: RegExp): Array<{ index: number; row: Map<string, unknown> }> {
  const rows = new Map<number, Map<string, unknown>>();
  for (const [key, value] of span.attrs) {
    const m = re.exec(key);
    if (!m?.[1] || !m[2]) continue;
    const i = Number(m[1]);
    const row = rows.get(i) ?? new Map<string, unknown>();
    row.set(m[2], value);
    rows.set(i, row);
  }
  return [...rows].sort((a, b) => a[0] - b[0]).map(([index, row]) => ({ index, row }));
}
