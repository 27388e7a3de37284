// The SQL tables a log is queried as (docs/reference/sql.md): one schema, declared once, from which
// the column batches (columns.ts), DuckDB's CREATE TABLE (ddl.ts), the Parquet files and the docs'
// schema table all follow. Every column reads a value already derived for the trajectory table
// (toRow, core/table/row.ts), the searches of the same view (searchRows) or a stored label; none
// derives a number of its own.
import type { Annotation } from '../annotations/annotation';
import { rowUnsure, searchHaystack } from '../table/query';
import type { TrajectoryRow } from '../table/row';
import type { SearchRow } from './search-rows';

export type SqlType = 'VARCHAR' | 'DOUBLE' | 'INTEGER' | 'BOOLEAN';
export type SqlValue = string | number | boolean | null;

export interface SqlColumn<S> {
  name: string;
  type: SqlType;
  /** What the column means, for the docs. */
  doc: string;
  /** The function that derives it, for the docs. */
  from: string;
  value: (source: S) => SqlValue;
  /** A column added after Parquet indexes were first written: a file without it reads as NULL. */
  optional?: boolean;
}

export const TABLE_NAMES = ['trajectories', 'searches', 'labels'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

const orNull = (s: string): string | null => (s === '' ? null : s);
const bool = (v: 0 | 1 | null): boolean | null => (v === null ? null : v === 1);

type Col<S> = SqlColumn<S>;
const c = <S>(name: string, type: SqlType, from: string, doc: string, value: (s: S) => SqlValue): Col<S> => ({
  name,
  type,
  from,
  doc,
  value,
});

const opt = <S>(col: Col<S>): Col<S> => ({ ...col, optional: true });

const METRICS = 'trajectoryMetrics';
const DIAG = 'diagnose (efficiencyCounts)';

export const TRAJECTORY_COLUMNS: ReadonlyArray<Col<TrajectoryRow>> = [
  c('id', 'VARCHAR', 'toRow', 'the trajectory id (the `#/t/<id>` page)', (r) => r.id),
  c(
    'file',
    'VARCHAR',
    'toRow',
    'the file it was imported from (a step file is `run/12.jsonl`)',
    (r) => r.file,
  ),
  c('line', 'INTEGER', 'toRow', 'the line of the file where the record starts', (r) => r.line),
  c('format', 'VARCHAR', 'toRow', 'the importer that read it (`verl`, `r1-searcher`, …)', (r) => r.format),
  c('dataset', 'VARCHAR', 'toRow', 'the benchmark it answers; NULL when unknown', (r) => orNull(r.dataset)),
  c('qid', 'VARCHAR', 'toRow', "the source's own id; NULL when none", (r) => orNull(r.qid)),
  c('run', 'VARCHAR', 'toRow', 'the training run of a rollout; NULL outside training', (r) => orNull(r.run)),
  c('step', 'INTEGER', 'toRow', "the trainer's step of a rollout; NULL outside training", (r) => r.trainStep),
  c('question', 'VARCHAR', 'toRow', 'the question (first 500 characters)', (r) => r.question),
  c('answer', 'VARCHAR', 'toRow', 'the final answer (first 300 characters)', (r) => r.answer),
  c('gold', 'VARCHAR', 'toRow', "gold answers joined with ' | ' (first 300 characters)", (r) => r.gold),
  c('gold_from', 'VARCHAR', 'toRow', 'the question set gold was joined from; NULL for the log’s own', (r) =>
    orNull(r.goldFrom),
  ),
  c('em', 'DOUBLE', METRICS, 'exact match (SQuAD normalization); NULL without gold', (r) => r.em),
  c(
    'f1',
    'DOUBLE',
    METRICS,
    'token F1 (SQuAD; HotpotQA’s yes/no rule on HotpotQA); NULL without gold',
    (r) => r.f1,
  ),
  c('acc', 'DOUBLE', METRICS, 'cover-EM: a gold answer inside the answer; NULL without gold', (r) => r.acc),
  c('judge', 'DOUBLE', METRICS, "the log's own judge verdict (1/0); NULL when none", (r) => r.judge),
  c(
    'recall',
    'DOUBLE',
    METRICS,
    'share of gold supporting passages retrieved; NULL without them',
    (r) => r.recall,
  ),
  c(
    'answer_in_docs',
    'DOUBLE',
    METRICS,
    'a retrieved passage holds a gold answer (1/0)',
    (r) => r.answerInDocs,
  ),
  c('r3', 'DOUBLE', METRICS, "ExSearch's R@3", (r) => r.r3),
  c('r5', 'DOUBLE', METRICS, "ExSearch's R@5", (r) => r.r5),
  c('p3', 'DOUBLE', METRICS, "ExSearch's P@3", (r) => r.p3),
  c('p5', 'DOUBLE', METRICS, "ExSearch's P@5", (r) => r.p5),
  c('score', 'DOUBLE', 'trainingScore', "the trainer's logged reward; NULL when none", (r) => r.score),
  c('searches', 'INTEGER', METRICS, 'search actions (RC; a multi-query turn counts once)', (r) => r.rc),
  c('queries', 'INTEGER', METRICS, 'queries over all searches', (r) => r.queries),
  c('steps', 'INTEGER', METRICS, 'steps of the trajectory', (r) => r.steps),
  c(
    'over_searches',
    'INTEGER',
    DIAG,
    'searches the over-search detector marks redundant',
    (r) => r.eff.redundant,
  ),
  c(
    'under_search',
    'BOOLEAN',
    DIAG,
    'the under-search detector flags the answer; NULL when unanswered',
    (r) => bool(r.eff.underSearch),
  ),
  c(
    'after_sufficiency',
    'INTEGER',
    DIAG,
    'searches after the sufficiency point; NULL if never reached',
    (r) => r.eff.afterSufficiency,
  ),
  c(
    'correct',
    'BOOLEAN',
    DIAG,
    "the diagnosis' correctness (exact, near miss or covering gold); NULL without gold",
    (r) => bool(r.eff.correct),
  ),
  c('docs', 'INTEGER', DIAG, 'passages the searches returned', (r) => r.eff.docs),
  c(
    'dup_docs',
    'INTEGER',
    DIAG,
    'of those, passages retrieved before in the trajectory',
    (r) => r.eff.dupDocs,
  ),
  c(
    'format_error',
    'BOOLEAN',
    'responseFormatError',
    "the response breaks the agent's tag format",
    (r) => r.formatError,
  ),
  c(
    'response_chars',
    'INTEGER',
    'responseChars',
    'length of the response in characters',
    (r) => r.responseChars,
  ),
  c(
    'reward_extras',
    'VARCHAR',
    'rewardExtras',
    'the trainer\'s other logged rewards as a JSON object (`{"format_reward":1}`); NULL when none',
    (r) => (Object.keys(r.extras).length > 0 ? JSON.stringify(r.extras) : null),
  ),
  c('flags', 'VARCHAR', 'flagTrajectory', "the distinct flag kinds, comma-separated ('' when none)", (r) =>
    r.flags.join(','),
  ),
  c('flag_count', 'INTEGER', 'flagTrajectory', 'how many flags the trajectory has', (r) => r.flagCount),
  c('strategy', 'VARCHAR', 'toRow', 'the agent strategy (`search-r1`, …)', (r) => r.strategy),
  c('system', 'VARCHAR', 'toRow', 'the system the log names; NULL when none', (r) => orNull(r.system)),
  c('has_plan', 'BOOLEAN', 'toRow', 'the trajectory has a plan (APEX-style)', (r) => r.hasPlan),
  c('live', 'BOOLEAN', 'toRow', 'a live run of this app rather than an import', (r) => r.live),
  // The table's own filters, sort and aggregates run as SQL over these too (core/sql/table-sql).
  opt(
    c(
      'collection',
      'VARCHAR',
      'collections',
      'the collection it belongs to (the chooser’s ids: `demo`, `import-…`, `run-…`)',
      (r) => r.collection,
    ),
  ),
  opt(
    c(
      'unsure',
      'INTEGER',
      'rowConfidence',
      'its unsure verdicts (searches and the under-search verdict); NULL when not known',
      (r) => rowUnsure(r),
    ),
  ),
  opt(
    c(
      'diagnosed_searches',
      'INTEGER',
      DIAG,
      'searches as the detectors count them (one per `searches` row), their rates’ denominator',
      (r) => r.eff.searches,
    ),
  ),
  opt(
    c(
      'search_text',
      'VARCHAR',
      'searchHaystack',
      'the lower-cased text the table’s `/` search looks through',
      (r) => searchHaystack(r),
    ),
  ),
];

export const SEARCH_COLUMNS: ReadonlyArray<Col<SearchRow>> = [
  c('trajectory_id', 'VARCHAR', 'searchRows', 'the trajectory (`trajectories.id`)', (s) => s.trajectoryId),
  c(
    'k',
    'INTEGER',
    'searchRows (searchHops)',
    '1-based search number, as the diagnosis and labels count',
    (s) => s.k,
  ),
  c('step', 'INTEGER', 'searchRows', "1-based number of the search's step in the trajectory", (s) => s.step),
  c('query', 'VARCHAR', 'searchRows (searchHops)', "the search's queries, joined with ' ; '", (s) => s.query),
  c('docs', 'INTEGER', 'searchRows', 'passages this search brought back', (s) => s.docs),
  c(
    'new_docs',
    'INTEGER',
    'searchRows',
    'of those, passages not retrieved earlier in the trajectory',
    (s) => s.newDocs,
  ),
  c(
    'gold_hit',
    'BOOLEAN',
    'searchRows (docContainsAnswer)',
    'a passage holds a gold answer; NULL without gold',
    (s) => s.goldHit,
  ),
  c(
    'redundant',
    'BOOLEAN',
    'diagnose (searchVerdicts)',
    'the over-search detector marks it redundant',
    (s) => s.redundant,
  ),
  c(
    'rule',
    'VARCHAR',
    'diagnose (searchVerdicts)',
    "why redundant: 'after-sufficiency', 'near-duplicate' or 're-asks-retrieved'; NULL if necessary",
    (s) => s.rule,
  ),
];

export const LABEL_COLUMNS: ReadonlyArray<Col<Annotation>> = [
  c('trajectory_id', 'VARCHAR', 'annotation', 'the labelled trajectory', (a) => a.trajectoryId),
  c(
    'step_id',
    'VARCHAR',
    'annotation',
    'the labelled step; NULL for a trajectory label',
    (a) => a.stepId ?? null,
  ),
  c(
    'label',
    'VARCHAR',
    'annotation',
    'the label (`over-search`, `verdict:good`, `sufficient:2`, …)',
    (a) => a.label,
  ),
  c('note', 'VARCHAR', 'annotation', "the annotator's note; NULL when none", (a) => a.note ?? null),
  c('annotator', 'VARCHAR', 'annotation', 'who labelled it', (a) => a.annotator),
  c('created_at', 'VARCHAR', 'annotation', 'when (ISO 8601)', (a) => a.createdAt),
];

export interface TableSources {
  trajectories: TrajectoryRow;
  searches: SearchRow;
  labels: Annotation;
}

export const TABLE_COLUMNS: { [T in TableName]: ReadonlyArray<SqlColumn<TableSources[T]>> } = {
  trajectories: TRAJECTORY_COLUMNS,
  searches: SEARCH_COLUMNS,
  labels: LABEL_COLUMNS,
};
