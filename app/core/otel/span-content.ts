// What a span says, read the OpenInference way: its input (a query, or a JSON-wrapped one), its
// documents (`retrieval.documents.*`, `reranker.output_documents.*`) and an LLM's assistant text.
import { isObj } from '../json';
import type { Doc } from '../schema/trajectory';
import * as sc from './semconv';
import { attrField, indexed, json, spanError, type SpanRecord, str } from './span';

/** `input.value`, unwrapped from JSON when the mime type says so ({"query": …} or a list). */
export function inputValues(span: SpanRecord): string[] {
  const raw = str(span, sc.INPUT_VALUE);
  if (raw === undefined) return [];
  if (str(span, sc.INPUT_MIME_TYPE) !== 'application/json') return [raw];
  const v = json(span, sc.INPUT_VALUE);
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((q) => typeof q === 'string')) return v;
  if (isObj(v)) {
    for (const k of ['queries', 'query', 'question', 'input']) {
      const q = v[k];
      if (typeof q === 'string') return [q];
      if (Array.isArray(q) && q.every((x) => typeof x === 'string')) return q;
    }
  }
  return [raw];
}

export function docsOf(span: SpanRecord, re: RegExp, listKey: string, prefix: string, query?: string): Doc[] {
  return indexed(span, re).map(({ index, row }, i) => {
    const field = (f: string) => attrField(span, `${listKey}.${index}.document.${f}`);
    const content = row.get('content');
    if (content !== undefined && typeof content !== 'string')
      throw spanError(span, 'document content must be a string', field('content'));
    const id = row.get('id');
    const doc: Doc = {
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : `${prefix}d${i + 1}`,
      text: content ?? '',
      rank: i + 1,
    };
    const score = row.get('score');
    if (score !== undefined) {
      const n = typeof score === 'string' ? Number(score) : score;
      if (typeof n !== 'number' || !Number.isFinite(n))
        throw spanError(span, 'document score must be a number', field('score'));
      doc.score = n;
    }
    let meta = row.get('metadata');
    if (typeof meta === 'string') {
      try {
        meta = JSON.parse(meta);
      } catch {
        meta = undefined; // free-text metadata is legal and carries nothing we read
      }
    }
    if (isObj(meta)) {
      if (typeof meta.title === 'string') doc.title = meta.title;
      if (typeof meta.rank === 'number' && Number.isInteger(meta.rank)) doc.rank = meta.rank;
      if (typeof meta.query === 'string') doc.query = meta.query;
    }
    if (doc.query === undefined && query !== undefined) doc.query = query;
    return doc;
  });
}

/** Assistant text of an LLM span: its output messages, else `output.value`. */
export function llmText(span: SpanRecord): string | undefined {
  const parts = indexed(span, sc.LLM_OUTPUT_MESSAGE_RE)
    .filter(({ row }) => row.get('role') === undefined || row.get('role') === 'assistant')
    .map(({ row }) => row.get('content'))
    .filter((c): c is string => typeof c === 'string');
  return parts.length > 0 ? parts.join('\n\n') : str(span, sc.OUTPUT_VALUE);
}
