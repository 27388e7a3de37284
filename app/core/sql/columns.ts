// Derived rows turned into column batches, table by table: what a SQL engine loads (DuckDB from
// Arrow, Parquet from columns) without knowing how a row was derived. Pure: no engine here.
import type { Annotation } from '../annotations/annotation';
import type { QuestionIndex } from '../corpus/gold-join';
import type { Trajectory } from '../schema/trajectory';
import { rowOfView, type TrajectoryRow } from '../table/row';
import { trajectoryView } from '../view/trajectory-view';
import {
  type SqlType,
  type SqlValue,
  TABLE_COLUMNS,
  TABLE_NAMES,
  type TableName,
  type TableSources,
} from './schema';

export interface ColumnData {
  name: string;
  type: SqlType;
  values: SqlValue[];
}

/** One table's rows as columns, in the schema's column order. */
export interface ColumnBatch {
  table: TableName;
  rows: number;
  columns: ColumnData[];
}

export type TableBatches = Record<TableName, ColumnBatch>;

export function emptyBatch(table: TableName): ColumnBatch {
  return {
    table,
    rows: 0,
    columns: TABLE_COLUMNS[table].map((c) => ({ name: c.name, type: c.type, values: [] })),
  };
}

function push<T extends TableName>(batch: ColumnBatch, source: TableSources[T]): void {
  const cols = TABLE_COLUMNS[batch.table] as ReadonlyArray<{ value: (s: TableSources[T]) => SqlValue }>;
  cols.forEach((c, i) => (batch.columns[i] as ColumnData).values.push(c.value(source)));
  batch.rows += 1;
}

/** Collects every table's rows of a log as columns. */
export class SqlTables {
  readonly batches: TableBatches = {
    trajectories: emptyBatch('trajectories'),
    searches: emptyBatch('searches'),
    labels: emptyBatch('labels'),
  };

  /** A trajectory's row and its searches, from one view (the view derives each number once). */
  addTrajectory(t: Trajectory, questions: QuestionIndex | null = null): void {
    this.addRow(rowOfView(trajectoryView(t, { questions })));
  }

  /** A stored row and the searches it carries (the page loads its tables from these). */
  addRow(row: TrajectoryRow): void {
    push<'trajectories'>(this.batches.trajectories, row);
    for (const s of row.searches) push<'searches'>(this.batches.searches, s);
  }

  addLabel(a: Annotation): void {
    push<'labels'>(this.batches.labels, a);
  }
}

/** The batches as plain records (tests, and a small result's rows). */
export function batchRecords(batch: ColumnBatch): Array<Record<string, SqlValue>> {
  return Array.from({ length: batch.rows }, (_, i) =>
    Object.fromEntries(batch.columns.map((c) => [c.name, c.values[i] ?? null])),
  );
}

export { TABLE_NAMES };
