// Precomputed passage embeddings carried by the corpus's own JSONL records (a FlashRAG or
// sentence-transformers dump: `{"id": …, "contents": …, "embedding": [0.1, …]}`). Streams the
// file with the one record reader and keeps only ids and vectors. All-or-report: every bad vector
// (missing, not an array, a non-number, NaN, another length than the first) is reported with its
// line and field.
import type { LoadIssue } from '../corpus/types';
import { JsonRecordStream } from '../io/json-records';
import { MAX_LISTED, type VectorMatrix, type VectorParse } from './npy';

/** Fields tried, in order, when the caller names none. */
export const VECTOR_FIELDS = ['embedding', 'vector', 'embeddings', 'emb'] as const;

export interface JsonlVectors extends VectorMatrix {
  field: string;
  /** The records' ids (`id`, or `_id`), in file order; '' where a record has none. */
  ids: string[];
}

export class JsonlVectorReader {
  private readonly stream: JsonRecordStream;
  private field: string | undefined;
  private dims = 0;
  private data = new Float32Array(1024);
  private rows = 0;
  private readonly ids: string[] = [];
  private readonly errors: LoadIssue[] = [];
  private unlisted = 0;

  constructor(field?: string) {
    this.field = field || undefined;
    this.stream = new JsonRecordStream({
      record: (v, line) => this.add(v, line),
      issue: (i) => this.report(i),
    });
  }

  write(chunk: string): void {
    this.stream.write(chunk);
  }

  end(): { ok: true; vectors: JsonlVectors } | { ok: false; errors: LoadIssue[] } {
    this.stream.end();
    if (this.rows === 0 && this.errors.length === 0)
      this.report({ field: this.field ?? VECTOR_FIELDS.join('|'), message: 'no record carries a vector' });
    if (this.unlisted) this.errors.push({ message: `and ${this.unlisted} more problems` });
    if (this.errors.length) return { ok: false, errors: this.errors };
    const vectors = {
      field: this.field!,
      ids: this.ids,
      rows: this.rows,
      dims: this.dims,
      data: this.data.slice(0, this.rows * this.dims),
    };
    return { ok: true, vectors };
  }

  private report(i: LoadIssue): void {
    if (this.errors.length < MAX_LISTED) this.errors.push(i);
    else this.unlisted++;
  }

  private add(record: unknown, line: number): void {
    this.rows++;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      this.report({ line, message: 'a record should be an object' });
      return;
    }
    const r = record as Record<string, unknown>;
    const id = r.id ?? r._id;
    this.ids.push(typeof id === 'string' || typeof id === 'number' ? String(id) : '');
    this.field ??= VECTOR_FIELDS.find((f) => r[f] !== undefined);
    const field = this.field;
    if (field === undefined || r[field] === undefined) {
      this.report({ line, field: field ?? VECTOR_FIELDS.join('|'), message: 'no vector in this record' });
      return;
    }
    const v = r[field];
    if (!Array.isArray(v)) {
      this.report({ line, field, message: `the vector should be an array of numbers, not ${typeof v}` });
      return;
    }
    if (this.dims === 0) this.dims = v.length;
    if (v.length !== this.dims || v.length === 0) {
      this.report({ line, field, message: `${v.length} numbers, the first vector had ${this.dims}` });
      return;
    }
    this.grow(this.rows * this.dims);
    const at = (this.rows - 1) * this.dims;
    for (let j = 0; j < v.length; j++) {
      const x = v[j];
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        this.report({ line, field: `${field}.${j}`, message: `${JSON.stringify(x)} is not a finite number` });
        return;
      }
      this.data[at + j] = x;
    }
  }

  private grow(n: number): void {
    if (n <= this.data.length) return;
    const next = new Float32Array(Math.max(n, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
}

/** Reads the vectors of a whole JSONL text. */
export function parseJsonlVectors(
  text: string,
  field?: string,
): VectorParse & { field?: string; ids?: string[] } {
  const r = new JsonlVectorReader(field);
  r.write(text);
  const out = r.end();
  if (!out.ok) return out;
  const { field: f, ids, ...matrix } = out.vectors;
  return { ok: true, matrix, field: f, ids };
}
