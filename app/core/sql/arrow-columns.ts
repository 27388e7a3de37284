// A column batch's values as the buffers an Arrow column is made of (validity bitmap, values,
// UTF-8 offsets), so an engine wraps them as Arrow data without Arrow's builders: those compile a
// null check with `new Function`, which the page's Content-Security-Policy (no 'unsafe-eval')
// refuses in a worker. Pure: the engines (app/cli/sql, app/runtime/sql) wrap these with
// apache-arrow's makeData; the core loads no Arrow.
import type { ColumnBatch, ColumnData } from './columns';
import { ARROW_TYPE_OF } from './arrow-types';

export interface ArrowColumnBuffers {
  name: string;
  arrowType: (typeof ARROW_TYPE_OF)[keyof typeof ARROW_TYPE_OF];
  length: number;
  nullCount: number;
  /** One bit a row, least significant first: set when the value is not NULL. */
  nullBitmap: Uint8Array;
  /** DOUBLE: Float64Array; INTEGER: Int32Array; BOOLEAN: bits as the bitmap; VARCHAR: UTF-8 bytes. */
  data: Float64Array | Int32Array | Uint8Array;
  /** VARCHAR only: where each value starts in `data` (length + 1 entries). */
  valueOffsets?: Int32Array;
}

const bitmap = (n: number) => new Uint8Array(Math.ceil(n / 8));
const setBit = (bits: Uint8Array, i: number) => {
  bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
};

export function arrowBuffers(c: ColumnData): ArrowColumnBuffers {
  const n = c.values.length;
  const valid = bitmap(n);
  let nullCount = 0;
  c.values.forEach((v, i) => (v === null ? nullCount++ : setBit(valid, i)));
  const base = { name: c.name, arrowType: ARROW_TYPE_OF[c.type], length: n, nullCount, nullBitmap: valid };
  if (c.type === 'DOUBLE') return { ...base, data: Float64Array.from(c.values, (v) => (v as number) ?? 0) };
  if (c.type === 'INTEGER') return { ...base, data: Int32Array.from(c.values, (v) => (v as number) ?? 0) };
  if (c.type === 'BOOLEAN') {
    const bits = bitmap(n);
    c.values.forEach((v, i) => v === true && setBit(bits, i));
    return { ...base, data: bits };
  }
  const encoder = new TextEncoder();
  const parts = c.values.map((v) => (v === null ? new Uint8Array(0) : encoder.encode(String(v))));
  const valueOffsets = new Int32Array(n + 1);
  let end = 0;
  parts.forEach((p, i) => {
    end += p.length;
    if (end > 0x7fffffff) throw new Error(`column ${c.name}: more than 2 GiB of text in one batch`);
    valueOffsets[i + 1] = end;
  });
  const data = new Uint8Array(end);
  parts.forEach((p, i) => data.set(p, valueOffsets[i] as number));
  return { ...base, data, valueOffsets };
}

/** Rows [from, to) of a batch (engines load big tables a slice at a time). */
export function sliceBatch(batch: ColumnBatch, from: number, to: number): ColumnBatch {
  const columns = batch.columns.map((c) => ({ ...c, values: c.values.slice(from, to) }));
  return { table: batch.table, rows: columns[0]?.values.length ?? 0, columns };
}

/**
 * The parts of apache-arrow that make IPC bytes from these buffers. The engines pass the module
 * itself (`import * as arrow from 'apache-arrow'`): the core names no package.
 */
export interface ArrowModule {
  makeData(props: never): unknown;
  makeVector(data: never): unknown;
  Table: new (columns: never) => unknown;
  tableToIPC(table: never, format: 'stream'): Uint8Array;
  Utf8: new () => unknown;
  Float64: new () => unknown;
  Int32: new () => unknown;
  Bool: new () => unknown;
}

/** A batch as one Arrow IPC stream (what DuckDB's insertArrowFromIPCStream reads). */
export function batchToIpc(arrow: ArrowModule, batch: ColumnBatch): Uint8Array {
  const vectors: Record<string, unknown> = {};
  for (const c of batch.columns) {
    const b = arrowBuffers(c);
    vectors[c.name] = arrow.makeVector(
      arrow.makeData({ ...b, type: new arrow[b.arrowType]() } as never) as never,
    );
  }
  return arrow.tableToIPC(new arrow.Table(vectors as never) as never, 'stream');
}
