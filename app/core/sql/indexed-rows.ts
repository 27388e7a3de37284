// The SQL tables read back as what the page stores: a `trajectories` record becomes the table row it
// was written from (the inverse of schema.ts's columns, field by field), a `labels` record the
// annotation. Nothing is derived again: a value the schema does not carry (the flags' evidence, the
// reward extras) is absent, and the row is marked as coming from a Parquet index (`indexed`), so
// no screen mistakes it for a row with a trajectory body behind it (docs/storage.md).
import { type Annotation, makeAnnotation } from '../annotations/annotation';
import type { RedundancyRule } from '../diagnose/redundancy';
import type { Flag } from '../metrics/flags';
import type { IndexedFrom } from '../table/indexed-row';
import { ROW_VERSION, type TrajectoryRow } from '../table/row';
import { SEARCH_TEXT_CHARS } from '../table/search-text';
import type { SearchRow } from './search-rows';
import { type ColumnBatch, type ColumnData, emptyBatch } from './columns';
import { type SqlValue, TABLE_COLUMNS } from './schema';

type SqlRecord = Record<string, SqlValue>;

type Cell = SqlValue | undefined;
const str = (v: Cell): string => (typeof v === 'string' ? v : '');
const num = (v: Cell): number => (typeof v === 'number' ? v : 0);
const numOrNull = (v: Cell): number | null => (typeof v === 'number' ? v : null);
const bit = (v: Cell): 0 | 1 | null => (v === null || v === undefined ? null : v === true ? 1 : 0);

/** Each batch's records, read by column index (a million rows never become objects twice). */
function recordsOf(batch: ColumnBatch): SqlRecord[] {
  const out: SqlRecord[] = new Array(batch.rows);
  for (let i = 0; i < batch.rows; i++) {
    const r: SqlRecord = {};
    for (const c of batch.columns) r[c.name] = c.values[i] ?? null;
    out[i] = r;
  }
  return out;
}

/** The row's `/` search text from what the index holds: file:line, the source's ids, the queries. */
function indexedSearchText(r: SqlRecord, searches: readonly SearchRow[] | null): string {
  const file = str(r.file);
  const parts = [file ? `${file}:${num(r.line)}` : '', str(r.qid), str(r.dataset)];
  for (const s of searches ?? []) parts.push(s.query);
  return parts
    .filter((p) => p !== '')
    .join(' \u00b7 ')
    .toLowerCase()
    .slice(0, SEARCH_TEXT_CHARS);
}

/** The reward extras the `reward_extras` column holds (only finite numbers are taken back). */
function extrasOf(v: Cell): Record<string, number> {
  if (typeof v !== 'string') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(parsed)) if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
  return out;
}

/** The table row a `trajectories` record was written from (schema.ts's TRAJECTORY_COLUMNS, inverted). */
/** `searches`: the row's, from the companion file; null when it was not opened. */
export function rowOfRecord(r: SqlRecord, parquet: string, searches: SearchRow[] | null): TrajectoryRow {
  const id = str(r.id);
  return {
    v: ROW_VERSION,
    id,
    question: str(r.question),
    strategy: str(r.strategy),
    system: str(r.system),
    answer: str(r.answer),
    gold: str(r.gold),
    em: numOrNull(r.em),
    f1: numOrNull(r.f1),
    acc: numOrNull(r.acc),
    judge: numOrNull(r.judge),
    recall: numOrNull(r.recall),
    answerInDocs: numOrNull(r.answer_in_docs),
    r3: numOrNull(r.r3),
    r5: numOrNull(r.r5),
    p3: numOrNull(r.p3),
    p5: numOrNull(r.p5),
    rc: num(r.searches),
    queries: num(r.queries),
    steps: num(r.steps),
    flags: str(r.flags) === '' ? [] : (str(r.flags).split(',') as Flag['kind'][]),
    // The evidence of each flag is not in the index; the count is.
    flagNotes: [],
    flagCount: num(r.flag_count),
    hasPlan: r.has_plan === true,
    file: str(r.file),
    format: str(r.format),
    line: num(r.line),
    dataset: str(r.dataset),
    qid: str(r.qid),
    live: r.live === true,
    searchText: indexedSearchText(r, searches),
    goldFrom: str(r.gold_from),
    eff: {
      // The diagnosis' search count is one per `searches` row; without that file, the metrics'
      // search actions, which count the same searches (a multi-query turn once).
      searches: searches ? searches.length : num(r.searches),
      redundant: num(r.over_searches),
      afterSufficiency: numOrNull(r.after_sufficiency),
      underSearch: bit(r.under_search),
      correct: bit(r.correct),
      docs: num(r.docs),
      dupDocs: num(r.dup_docs),
    },
    run: str(r.run),
    trainStep: numOrNull(r.step),
    score: numOrNull(r.score),
    extras: extrasOf(r.reward_extras),
    formatError: r.format_error === true,
    responseChars: num(r.response_chars),
    // As the SQL `searches` table holds them, from the companion file when it was opened; held
    // here only (the mark below says whether they were read).
    searches: searches ?? [],
    // The verdicts' confidence is not in the index.
    sure: null,
    indexed: { parquet, searchesOpened: searches !== null } satisfies IndexedFrom,
    // Set by the database when it stores the row (db/indexed-rows: the index's own collection).
    collection: '',
  };
}

/** The `searches` records grouped by trajectory, each list in `k` order. */
export function searchesByTrajectory(batch: ColumnBatch): Map<string, SearchRow[]> {
  const by = new Map<string, SearchRow[]>();
  for (const s of recordsOf(batch)) {
    const id = str(s.trajectory_id);
    let list = by.get(id);
    if (!list) by.set(id, (list = []));
    list.push({
      trajectoryId: id,
      k: num(s.k),
      step: num(s.step),
      query: str(s.query),
      docs: num(s.docs),
      newDocs: num(s.new_docs),
      goldHit: typeof s.gold_hit === 'boolean' ? s.gold_hit : null,
      redundant: s.redundant === true,
      // The detector's rule names, as the index wrote them.
      rule: typeof s.rule === 'string' ? (s.rule as RedundancyRule) : null,
    });
  }
  for (const list of by.values()) list.sort((a, b) => a.k - b.k);
  return by;
}

/**
 * The rows of a `trajectories` batch read from `parquet`; `searches`: its companion's batch, or
 * null when it was not opened (each row's `indexed.searchesOpened` is then false).
 */
export function indexedRows(
  trajectories: ColumnBatch,
  searches: ColumnBatch | null,
  parquet: string,
): TrajectoryRow[] {
  const by = searches ? searchesByTrajectory(searches) : null;
  return recordsOf(trajectories).map((r) => rowOfRecord(r, parquet, by ? (by.get(str(r.id)) ?? []) : null));
}

/** The annotations of a `labels` batch (ids from annotator, trajectory, step and slot, as stored). */
export function labelsOfBatch(batch: ColumnBatch): Annotation[] {
  return recordsOf(batch).map((r) =>
    makeAnnotation({
      trajectoryId: str(r.trajectory_id),
      label: str(r.label),
      annotator: str(r.annotator),
      createdAt: str(r.created_at),
      ...(typeof r.step_id === 'string' ? { stepId: r.step_id } : {}),
      ...(typeof r.note === 'string' ? { note: r.note } : {}),
    }),
  );
}

/**
 * Columns the table's Parquet export leaves out: `search_text` is derived for the `/` search only
 * (about 2 KB a row) and derived again when the file is opened (indexedSearchText).
 */
export const NOT_EXPORTED: ReadonlySet<string> = new Set(['search_text']);

/** Stored table rows as the `trajectories` batch (the table's Parquet export): each value read, none derived. */
export function rowsBatch(rows: readonly TrajectoryRow[]): ColumnBatch {
  const batch = emptyBatch('trajectories');
  TABLE_COLUMNS.trajectories.forEach((c, i) => {
    const col = batch.columns[i] as ColumnData;
    if (!NOT_EXPORTED.has(c.name)) col.values = rows.map((r) => c.value(r));
  });
  batch.columns = batch.columns.filter((c) => !NOT_EXPORTED.has(c.name));
  batch.rows = rows.length;
  return batch;
}
