// The table's questions (core/table/query: filter, sort, facets, the aggregates bar) as SQL over the
// `trajectories` table (schema.ts), so an engine holding the rows answers them as the JS path does:
// the same ids in the same order, the same filter choices, the same figures (table-sql.test.ts runs
// both on real logs). Every value is a parameter, never spliced: search text and file names are
// the user's and the logs' text. Pure: the engine that runs it is passed the statement.
import { type Collection, trainingCollection } from '../collections/collection';
import { AGGREGATE_METRICS, type Aggregate, type AggregateMetric } from '../table/aggregate';
import { naturalOrder } from '../collections/collection';
import type { TableFacets } from '../table/facets';
import { FILE_NUMBER_WIDTH } from '../table/file-key';
import {
  activeRanges,
  type Filters,
  NEAR_MISS,
  type RangeKey,
  searchTerms,
  type SortKey,
  type TableQuery,
} from '../table/query';
import { TRAJECTORY_COLUMNS } from './schema';

export type SqlParam = string | number;

/** A statement with `$1`, `$2`, … placeholders and their values. */
export interface SqlStatement {
  sql: string;
  params: SqlParam[];
}

/** The list of collections, which tells the default scope's training runs. */
export type ScopeCollections = readonly Pick<Collection, 'id' | 'kind'>[];

/** The row field each range and sort key reads, as its column. */
const COLUMN: Record<RangeKey | Exclude<SortKey, 'nearMiss' | 'file'>, string> = {
  question: 'question',
  strategy: 'strategy',
  answer: 'answer',
  em: 'em',
  f1: 'f1',
  acc: 'acc',
  judge: 'judge',
  recall: 'recall',
  answerInDocs: 'answer_in_docs',
  r3: 'r3',
  r5: 'r5',
  p3: 'p3',
  p5: 'p5',
  rc: 'searches',
  queries: 'queries',
  steps: 'steps',
  score: 'score',
  trainStep: 'step',
  sure: 'unsure',
};

const DOUBLES = new Set(TRAJECTORY_COLUMNS.filter((c) => c.type === 'DOUBLE').map((c) => c.name));

/** A column's value with NaN as NULL: JS keeps NaN out of ranges and sorts it with the missing. */
function num(col: string): string {
  return DOUBLES.has(col) ? `(CASE WHEN isnan(${col}) THEN NULL ELSE ${col} END)` : col;
}

/** Builds a statement; numbered placeholders, so text may be composed in any order. */
class Sql {
  readonly params: SqlParam[] = [];
  p(v: SqlParam): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  /** `expr IN (…)` over a list; an empty list keeps nothing. */
  in(expr: string, list: readonly string[]): string {
    return list.length === 0 ? 'FALSE' : `${expr} IN (${list.map((v) => this.p(v)).join(', ')})`;
  }
  /** A bound of a range; ±Infinity as a cast, since a parameter travels as JSON. */
  bound(v: number): string {
    return Number.isFinite(v) ? this.p(v) : `CAST(${this.p(v > 0 ? 'Infinity' : '-Infinity')} AS DOUBLE)`;
  }
}

/** JS's yesNo (query.ts): null none, > 0 yes, anything else (NaN too) no. */
function yesNo(col: string, v: 'yes' | 'no' | 'none'): string {
  const yes = `(${col} > 0 AND NOT isnan(${col}))`;
  if (v === 'none') return `${col} IS NULL`;
  return v === 'yes' ? yes : `(${col} IS NOT NULL AND NOT ${yes})`;
}

const JUDGE_OF: Record<string, 'yes' | 'no' | 'none'> = { correct: 'yes', wrong: 'no', none: 'none' };

function recall(v: Filters['recall']): string {
  const n = 'NOT isnan(recall)';
  if (v === 'none') return 'recall IS NULL';
  if (v === 'all') return `(recall >= 1 AND ${n})`;
  if (v === 'some') return `(recall > 0 AND recall < 1 AND ${n})`;
  if (v === 'zero') return '(recall IS NOT NULL AND (isnan(recall) OR recall <= 0))';
  return 'FALSE';
}

const hasFlag = (s: Sql, flag: string) => `list_contains(string_split(flags, ','), ${s.p(flag)})`;

/** The chosen collections (tableScopeTest): the choice, else all but training runs, plus `run`'s. */
function scope(s: Sql, f: Filters, collections: ScopeCollections): string {
  const chosen = f.collections ?? null;
  if (chosen !== null) return s.in('collection', chosen);
  const training = collections.filter((c) => c.kind === 'training').map((c) => c.id);
  const notTraining = training.length === 0 ? 'TRUE' : `NOT ${s.in('collection', training)}`;
  const run = f.run ?? null;
  return run === null ? notTraining : `(collection = ${s.p(trainingCollection(run).id)} OR ${notTraining})`;
}

/** filterRows' tests, one condition each, on the rows in scope. */
function filters(s: Sql, q: TableQuery): string[] {
  const f = q.filters;
  const out: string[] = [];
  for (const [k, r] of activeRanges(f.ranges ?? {})) {
    const v = num(COLUMN[k]);
    for (const [b, op] of [
      [r.min, '>='],
      [r.max, '<='],
    ] as const)
      if (b !== null) out.push(Number.isNaN(b) ? 'FALSE' : `${v} ${op} ${s.bound(b)}`);
    out.push(`${v} IS NOT NULL`);
  }
  if (f.strategy) out.push(`strategy = ${s.p(f.strategy)}`);
  if (f.file) out.push(`file = ${s.p(f.file)}`);
  if (f.flag) out.push(hasFlag(s, f.flag));
  if (f.status) {
    const status = Object.entries(q.status) as Array<[string, string]>;
    out.push(
      f.status === 'none'
        ? `NOT ${s.in(
            'id',
            status.filter(([, v]) => v !== 'none').map(([id]) => id),
          )}`
        : s.in(
            'id',
            status.filter(([, v]) => v === f.status).map(([id]) => id),
          ),
    );
  }
  if (f.judge) {
    const v = JUDGE_OF[f.judge];
    out.push(v ? yesNo('judge', v) : 'FALSE');
  }
  if (f.recall) out.push(recall(f.recall));
  if (f.answerInDocs) {
    const v = f.answerInDocs;
    out.push(v === 'yes' || v === 'no' || v === 'none' ? yesNo('answer_in_docs', v) : 'FALSE');
  }
  if (f.nearMiss) out.push(f.nearMiss === 'yes' ? hasFlag(s, NEAR_MISS) : `NOT ${hasFlag(s, NEAR_MISS)}`);
  if (f.verdicts)
    out.push(f.verdicts === 'unsure' ? 'unsure > 0' : f.verdicts === 'sure' ? 'unsure = 0' : 'FALSE');
  if (f.judgeUnsure) {
    const judged = Object.entries(q.judged ?? {});
    const marked = s.in(
      'id',
      judged.filter(([, m]) => m === f.judgeUnsure).map(([id]) => id),
    );
    out.push(
      f.judgeUnsure === 'unjudged'
        ? `(${marked} OR (unsure > 0 AND NOT ${s.in(
            'id',
            judged.map(([id]) => id),
          )}))`
        : marked,
    );
  }
  if (f.run !== null && f.run !== undefined) out.push(`coalesce(run, '') = ${s.p(f.run)}`);
  // String(null) is 'null' in the JS path.
  if (f.trainStep) out.push(`coalesce(CAST(step AS VARCHAR), 'null') = ${s.p(f.trainStep)}`);
  for (const t of searchTerms(f.text)) out.push(`contains(search_text, ${s.p(t)})`);
  return out;
}

function where(s: Sql, q: TableQuery, collections: ScopeCollections): string {
  return [scope(s, q.filters, collections), ...filters(s, q)].join(' AND ');
}

/** Columns that sort as text (foldedOrder), the rest as numbers. */
const TEXT_SORT = new Set(TRAJECTORY_COLUMNS.filter((c) => c.type === 'VARCHAR').map((c) => c.name));

/**
 * fileKey (core/table/file-key) in DuckDB: the lower-cased name split into runs of digits and of
 * anything else, each run of digits lpad-ed to FILE_NUMBER_WIDTH with zeros, joined again.
 */
const FILE_PARTS = `regexp_extract_all(lower(file), '[0-9]+|[^0-9]+')`;
const PADDED = `lambda p: CASE WHEN regexp_matches(p, '^[0-9]') THEN lpad(p, ${FILE_NUMBER_WIDTH}, '0') ELSE p END`;
// An empty name has no parts, and joining none gives NULL where fileKey gives ''.
const FILE_KEY = `coalesce(array_to_string(list_transform(${FILE_PARTS}, ${PADDED}), ''), '')`;

/**
 * sortRows' order: the key (missing last either way), then file (numbers by value, then as
 * foldedOrder), line and id. Text as foldedOrder (query.ts): lower-cased, then as it is.
 */
function orderBy(s: Sql, sort: TableQuery['sort']): string {
  const byFile = (dir: string) =>
    `${FILE_KEY} ${dir}, lower(file) ${dir}, file ${dir}, coalesce(line, 0) ${dir}, id ${dir}`;
  if (!sort) return byFile('ASC');
  const dir = sort.dir === 1 ? 'ASC' : 'DESC';
  if (sort.key === 'file') return byFile(dir);
  const key = sort.key === 'nearMiss' ? `CAST(${hasFlag(s, NEAR_MISS)} AS INTEGER)` : num(COLUMN[sort.key]);
  const text = TEXT_SORT.has(key) ? `lower(${key}) ${dir} NULLS LAST, ` : '';
  return `${text}${key} ${dir} NULLS LAST, ${byFile('ASC')}`;
}

/** The kept rows' ids in table order; `page` for a window of them. */
export function tableIdsSql(
  q: TableQuery,
  collections: ScopeCollections,
  page?: { limit: number; offset: number },
): SqlStatement {
  const s = new Sql();
  const w = where(s, q, collections);
  const o = orderBy(s, q.sort);
  const limit = page ? ` LIMIT ${s.p(page.limit)} OFFSET ${s.p(page.offset)}` : '';
  return { sql: `SELECT id FROM trajectories WHERE ${w} ORDER BY ${o}${limit}`, params: s.params };
}

/** Rows in scope (`total`) and rows kept (`count`), in one row. */
export function tableCountSql(q: TableQuery, collections: ScopeCollections): SqlStatement {
  const s = new Sql();
  const kept = filters(s, q);
  const inScope = scope(s, q.filters, collections);
  const count = kept.length === 0 ? 'count(*)' : `count(*) FILTER (WHERE ${kept.join(' AND ')})`;
  return {
    sql: `SELECT count(*) AS total, ${count} AS count FROM trajectories WHERE ${inScope}`,
    params: s.params,
  };
}

/** The filter choices of the rows in scope: (kind, value, rows) per strategy, file, flag and live. */
export function tableFacetsSql(f: Filters, collections: ScopeCollections): SqlStatement {
  const s = new Sql();
  const part = (kind: string, value: string, from: string) =>
    `SELECT '${kind}' AS kind, ${value} AS value, count(*) AS n FROM ${from}(SELECT * FROM trajectories WHERE ${scope(s, f, collections)}) GROUP BY ${value}`;
  const sql = [
    part('strategy', 'strategy', ''),
    part('file', 'file', ''),
    `SELECT 'flag' AS kind, flag AS value, count(*) AS n FROM (SELECT unnest(string_split(flags, ',')) AS flag FROM trajectories WHERE ${scope(s, f, collections)}) WHERE flag <> '' GROUP BY flag`,
    `SELECT 'live' AS kind, NULL AS value, count(*) AS n FROM trajectories WHERE live AND ${scope(s, f, collections)}`,
  ].join(' UNION ALL ');
  return { sql, params: s.params };
}

/** tableFacetsSql's rows as the table's facets (natural order, as tableFacets gives them). */
export function facetsOfRows(rows: ReadonlyArray<Record<string, unknown>>): TableFacets {
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && Number(r.n) > 0)
      .map((r) => String(r.value))
      .sort(naturalOrder);
  return {
    strategies: of('strategy'),
    files: of('file'),
    flags: of('flag'),
    anyLive: rows.some((r) => r.kind === 'live' && Number(r.n) > 0),
  };
}

/**
 * aggregateByFile's figures in one query: the kept rows as a whole (`whole` = 1), then each file,
 * in order of its first row in table order; sums and counts, which aggregatesOfRows divides.
 */
export function tableAggregatesSql(q: TableQuery, collections: ScopeCollections): SqlStatement {
  const s = new Sql();
  const o = orderBy(s, q.sort);
  const w = where(s, q, collections);
  const metrics = AGGREGATE_METRICS.map((m) => {
    const col = COLUMN[m];
    return `sum(${col}) AS sum_${m}, count(${col}) AS n_${m}`;
  }).join(', ');
  const sql = `WITH kept AS (SELECT *, row_number() OVER (ORDER BY ${o}) AS pos FROM trajectories WHERE ${w})
SELECT GROUPING(file) AS whole, file, min(pos) AS first, count(*) AS count, ${metrics},
  sum(diagnosed_searches) AS searches, sum(over_searches) AS redundant,
  sum(after_sufficiency) AS after, count(after_sufficiency) AS reached,
  sum(CAST(under_search AS INTEGER)) AS under, count(under_search) AS answered,
  sum(CAST(correct AS INTEGER)) AS correct, sum(diagnosed_searches) FILTER (WHERE correct IS NOT NULL) AS graded,
  sum(docs) AS docs, sum(dup_docs) AS dups
FROM kept GROUP BY GROUPING SETS ((), (file)) ORDER BY whole DESC, first`;
  return { sql, params: s.params };
}

type Rec = Record<string, unknown>;
const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const ratio = (num: number, den: number) => ({ value: den > 0 ? num / den : null, n: den });

/** tableAggregatesSql's rows as the aggregates bar's (summarizeEfficiency's ratios, meanOf's means). */
export function aggregatesOfRows(rows: readonly Rec[]): Aggregate[] {
  const out = rows.map((r): Aggregate => {
    const means = Object.fromEntries(
      AGGREGATE_METRICS.map((m: AggregateMetric) => {
        const k = n(r[`n_${m}`]);
        return [m, { mean: k === 0 ? null : n(r[`sum_${m}`]) / k, n: k }];
      }),
    ) as Aggregate['means'];
    return {
      file: n(r.whole) === 1 ? '' : String(r.file),
      count: n(r.count),
      means,
      efficiency: {
        redundantRate: ratio(n(r.redundant), n(r.searches)),
        afterSufficiency: ratio(n(r.after), n(r.reached)),
        underSearchRate: ratio(n(r.under), n(r.answered)),
        productivity: ratio(n(r.correct), n(r.graded)),
        dupDocRate: ratio(n(r.dups), n(r.docs)),
      },
    };
  });
  return out;
}
