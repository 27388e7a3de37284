// The table's questions: filtering, sorting and grouping of its rows. Pure, so it is unit-tested
// without a DOM; the table worker (app/runtime/table) and the HTML report's in-memory table run it.
import type { Annotation } from '../annotations/annotation';
import { annotationStatus } from '../annotations/annotation';
import type { Aggregate } from './aggregate';
import { COLUMN_KEYS, type ColumnKey } from './columns';
import type { TableFacets } from './facets';
import { fileKey } from './file-key';
import type { TrajectoryRow } from './row';
import { unsureCount } from './row-confidence';
import type { JudgeMark } from './unsure-judge';

/**
 * Row fields the table sorts on, plus `nearMiss` (derived from the row's flags) and `sure` (the
 * count of unsure verdicts, row-confidence.ts).
 */
export type SortKey =
  | keyof Pick<
      TrajectoryRow,
      | 'question'
      | 'strategy'
      | 'answer'
      | 'em'
      | 'f1'
      | 'acc'
      | 'judge'
      | 'recall'
      | 'answerInDocs'
      | 'r3'
      | 'r5'
      | 'p3'
      | 'p5'
      | 'rc'
      | 'queries'
      | 'steps'
      | 'score'
      | 'trainStep'
      | 'file'
    >
  | 'nearMiss'
  | 'sure';

/** The table's columns it does not sort on: a list of flags, and two marks with their own filters. */
const NOT_SORTED = ['flags', 'status', 'judgeUnsure'] as const satisfies readonly ColumnKey[];

/**
 * Every sort key: each of the table's columns but NOT_SORTED, so a new column is sortable unless
 * named there (and one that is no SortKey fails to compile here), and the file.
 */
export const SORT_KEYS: readonly SortKey[] = [
  ...COLUMN_KEYS.filter(
    (k): k is Exclude<ColumnKey, (typeof NOT_SORTED)[number]> =>
      !(NOT_SORTED as readonly string[]).includes(k),
  ),
  'file',
];

/**
 * The table's columns that take no range filter, each with why. Every other column is a numeric
 * row field and gets one (RANGE_KEYS), so a new metric column is range-filterable unless named here
 * (and one that is not a numeric row field fails to compile in filterRows until it is).
 */
export const NOT_RANGED = {
  question: 'text: the / search looks through it',
  strategy: 'text: the strategy filter picks one',
  answer: 'text: the / search looks through it',
  nearMiss: 'yes or no, read from the flags: the near-miss filter',
  flags: 'a list of flag kinds: the flag filter picks one',
  sure: 'a count of unsure verdicts, null when not known: the verdicts filter (sure or unsure)',
  judgeUnsure: "the model judge's mark on the unsure verdicts: its own filter",
  status: 'the labelling status: the status filter',
} as const satisfies Partial<Record<ColumnKey, string>>;

export type RangeKey = Exclude<ColumnKey, keyof typeof NOT_RANGED>;

/** Numeric row fields a range filter applies to: the metric columns, in the table's order. */
export const RANGE_KEYS: readonly RangeKey[] = COLUMN_KEYS.filter(
  (k): k is RangeKey => !Object.hasOwn(NOT_RANGED, k),
);

/** Inclusive bounds; null leaves that side open. */
export interface NumRange {
  min: number | null;
  max: number | null;
}

/** The table's filters; an empty string keeps every row (`run`: null does). */
export interface Filters {
  text: string;
  strategy: string;
  file: string;
  flag: string;
  status: '' | 'none' | 'partial' | 'done';
  /** The log's own judge verdict: correct, wrong, or no verdict in the record. */
  judge: '' | 'correct' | 'wrong' | 'none';
  /** Gold-passage recall: all found, some, none, or no gold passages to judge by. */
  recall: '' | 'all' | 'some' | 'zero' | 'none';
  /** Whether a retrieved doc holds a gold answer. */
  answerInDocs: '' | 'yes' | 'no' | 'none';
  nearMiss: '' | 'yes' | 'no';
  /** Every verdict sure, or at least one unsure (row-confidence.ts). */
  verdicts: '' | 'sure' | 'unsure';
  /**
   * The model judge on the unsure verdicts (unsure-judge.ts): it disagrees with the rules, agrees,
   * or has not judged a row that has unsure verdicts.
   */
  judgeUnsure: '' | 'disagrees' | 'agrees' | 'unjudged';
  /**
   * One training run's samples only (a Training plot's point opens one run's step); null keeps every
   * row. Not '' for "any": '' is a run too, the one imported without a name.
   */
  run: string | null;
  /** One training step ('12'); '' keeps every step. */
  trainStep: string;
  /**
   * Numeric ranges (F1 ≥ 0.5, searches between 2 and 5), all of which a row must meet; a row
   * without the value (no gold, no judge) is not kept by a range on it.
   */
  ranges: Partial<Record<RangeKey, NumRange>>;
  /**
   * The collections shown (core/collections scopeTest); null: the default, every collection but
   * training runs. Applied before everything else: totals, facets and aggregates count only these.
   */
  collections: string[] | null;
}

/** Whether `v` lies within `r` (bounds inclusive); a missing value never does. */
export function inRange(v: number | null | undefined, r: NumRange): boolean {
  if (v === null || v === undefined || Number.isNaN(v)) return false;
  return (r.min === null || v >= r.min) && (r.max === null || v <= r.max);
}

/** The ranges that bound something (an open range on both sides keeps every row, even blanks). */
export function activeRanges(ranges: Filters['ranges']): Array<[RangeKey, NumRange]> {
  return RANGE_KEYS.flatMap((k) => {
    const r = ranges[k];
    return r && (r.min !== null || r.max !== null) ? [[k, r] as [RangeKey, NumRange]] : [];
  });
}

/**
 * The near-miss flag (a wrong answer very close to gold). Read from the row's flags by name, so the
 * column lights up as soon as flags.ts emits the kind, with no change here.
 */
export const NEAR_MISS = 'near-miss';

export function isNearMiss(r: TrajectoryRow): boolean {
  return (r.flags as readonly string[]).includes(NEAR_MISS);
}

function recallBucket(v: number | null): Filters['recall'] {
  return v === null ? 'none' : v >= 1 ? 'all' : v > 0 ? 'some' : 'zero';
}

function yesNo(v: number | null): 'yes' | 'no' | 'none' {
  return v === null ? 'none' : v > 0 ? 'yes' : 'no';
}

export const NO_FILTERS: Filters = {
  text: '',
  strategy: '',
  file: '',
  flag: '',
  status: '',
  judge: '',
  recall: '',
  answerInDocs: '',
  nearMiss: '',
  verdicts: '',
  judgeUnsure: '',
  run: null,
  trainStep: '',
  ranges: {},
  collections: null,
};

const JUDGE = { yes: 'correct', no: 'wrong', none: 'none' } as const;

export type ViewItem = { type: 'group'; file: string; count: number } | { type: 'row'; row: TrajectoryRow };

export function statusById(annotations: readonly Annotation[]): Map<string, 'none' | 'partial' | 'done'> {
  const by = new Map<string, Annotation[]>();
  for (const a of annotations) {
    const list = by.get(a.trajectoryId);
    if (list) list.push(a);
    else by.set(a.trajectoryId, [a]);
  }
  const out = new Map<string, 'none' | 'partial' | 'done'>();
  for (const [id, list] of by) out.set(id, annotationStatus(list));
  return out;
}

export function filterRows(
  rows: readonly TrajectoryRow[],
  f: Filters,
  status: Map<string, 'none' | 'partial' | 'done'>,
  /** The model judge on each judged row's unsure verdicts (unsure-judge.ts). */
  judged: ReadonlyMap<string, JudgeMark> = new Map(),
): TrajectoryRow[] {
  const terms = searchTerms(f.text);
  const ranges = activeRanges(f.ranges ?? {});
  return rows.filter((r) => {
    for (const [k, range] of ranges) if (!inRange(r[k], range)) return false;
    if (f.strategy && r.strategy !== f.strategy) return false;
    if (f.file && r.file !== f.file) return false;
    if (f.flag && !r.flags.includes(f.flag as TrajectoryRow['flags'][number])) return false;
    if (f.status && (status.get(r.id) ?? 'none') !== f.status) return false;
    if (f.judge && JUDGE[yesNo(r.judge)] !== f.judge) return false;
    if (f.recall && recallBucket(r.recall) !== f.recall) return false;
    if (f.answerInDocs && yesNo(r.answerInDocs) !== f.answerInDocs) return false;
    if (f.nearMiss && isNearMiss(r) !== (f.nearMiss === 'yes')) return false;
    // A row whose confidence is not known (opened from a Parquet index) matches neither choice.
    const unsure = rowUnsure(r);
    if (f.verdicts && (unsure === null || (unsure > 0 ? 'unsure' : 'sure') !== f.verdicts)) return false;
    if (f.judgeUnsure) {
      const mark = judged.get(r.id) ?? (unsure !== null && unsure > 0 ? 'unjudged' : undefined);
      if (mark !== f.judgeUnsure) return false;
    }
    if (f.run !== null && r.run !== f.run) return false;
    if (f.trainStep && String(r.trainStep) !== f.trainStep) return false;
    if (terms.length) {
      const hay = searchHaystack(r);
      if (!terms.every((t) => hay.includes(t))) return false;
    }
    return true;
  });
}

/**
 * Text by Unicode code point (UTF-16 units fixed up so a character beyond U+FFFF sorts after
 * U+E000–U+FFFF), which is how the SQL engine orders VARCHAR. The tie-break under foldedOrder.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(u: number): number {
  return u >= 0xe000 ? u - 0x800 : u >= 0xd800 ? u + 0x2000 : u;
}

/**
 * Capitals Unicode 16 added, which the SQL engine's lower() (older Unicode tables) leaves as they
 * are while a newer JS engine lower-cases them; foldCase leaves them too.
 */
const UNCASED_IN_SQL =
  /[\u1c89\ua7cb\ua7cc\ua7ce\ua7d2\ua7d4\ua7da\ua7dc\u{10d50}-\u{10d65}\u{16ea0}-\u{16eb8}]/u;

/**
 * Text lower-cased one code point at a time by Unicode's simple mapping, as the SQL engine's
 * lower() does: toLowerCase on the whole string differs on 'İ' (to 'i' + U+0307) and on a
 * word-final 'Σ' (to 'ς'). table-sql.test.ts checks every code point against the engine.
 */
export function foldCase(s: string): string {
  // Most text is ASCII, where the two agree.
  if (!/[^\0-\x7f]/.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) {
    // The first code point of the full mapping is the simple one (U+0130: 'i', not 'i' + U+0307).
    const cp = UNCASED_IN_SQL.test(ch) ? undefined : ch.toLowerCase().codePointAt(0);
    out += cp === undefined ? ch : String.fromCodePoint(cp);
  }
  return out;
}

/**
 * The table's one order of text, case-insensitive: by the lower-cased text, then the text itself
 * (code point), so 'apple' comes before 'Zebra' and 'Apple' just before 'apple'. SQL gives the same
 * with `ORDER BY lower(col), col` (core/sql/table-sql). `fold` may be a cache of foldCase.
 */
export function foldedOrder(fold: (s: string) => string = foldCase): (a: string, b: string) => number {
  return (a, b) => (a === b ? 0 : compareText(fold(a), fold(b)) || compareText(a, b));
}

/** `f` remembering what it gave, for one sort (a file name recurs on every row of its file). */
function cached(f: (s: string) => string): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) seen.set(s, (v = f(s)));
    return v;
  };
}

/**
 * File order: file (numbers by value, fileKey; then case-insensitive, as foldedOrder), line, then
 * id by code point. `key` may be a cache of fileKey over foldCase.
 */
function fileOrder(text: (a: string, b: string) => number, key: (file: string) => string) {
  return (a: TrajectoryRow, b: TrajectoryRow) =>
    (a.file === b.file ? 0 : compareText(key(a.file), key(b.file)) || text(a.file, b.file)) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareText(a.id, b.id);
}

/** Count of the row's unsure verdicts (row-confidence.ts); null when not known (a Parquet-indexed row). */
export function rowUnsure(r: TrajectoryRow): number | null {
  return r.sure ? unsureCount(r.sure) : null;
}

/** What the `/` search looks through: question, answer, gold, id, system and searchText, lower-cased. */
export function searchHaystack(r: TrajectoryRow): string {
  // searchText already holds file:line, the source's ids, queries, titles and reasoning.
  return `${`${r.question} ${r.answer} ${r.gold} ${r.id} ${r.system}`.toLowerCase()} ${r.searchText}`;
}

/** The search box's words, each of which a kept row's haystack holds. */
export function searchTerms(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** What a row sorts by under `key` (derived for nearMiss and sure, else the row's field). */
export function sortValue(r: TrajectoryRow, key: Exclude<SortKey, 'file'>): string | number | null {
  if (key === 'sure') return rowUnsure(r);
  const v = key === 'nearMiss' ? (isNearMiss(r) ? 1 : 0) : r[key];
  // NaN has no place in an order: it sorts with the missing values.
  return typeof v === 'number' && Number.isNaN(v) ? null : v;
}

export function sortRows(rows: TrajectoryRow[], sort: { key: SortKey; dir: 1 | -1 } | null): TrajectoryRow[] {
  const fold = cached(foldCase);
  const text = foldedOrder(fold);
  const byFileAndLine = fileOrder(
    text,
    cached((file) => fileKey(fold(file))),
  );
  // Unsorted means the order the records had in their files.
  if (!sort) return [...rows].sort(byFileAndLine);
  const { key, dir } = sort;
  return [...rows].sort((a, b) => {
    if (key === 'file') return byFileAndLine(a, b) * dir;
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    // Missing metrics sort last in either direction; ties in file order, so the order never
    // depends on the order rows were read in (and SQL can give the same).
    if (x === null || x === undefined) return y === null || y === undefined ? byFileAndLine(a, b) : 1;
    if (y === null || y === undefined) return -1;
    const c =
      typeof x === 'number' && typeof y === 'number' ? (x - y) * dir : text(String(x), String(y)) * dir;
    return c || byFileAndLine(a, b);
  });
}

export function groupRows(rows: readonly TrajectoryRow[], byFile: boolean): ViewItem[] {
  if (!byFile) return rows.map((row) => ({ type: 'row', row }));
  // Push, not copy: copying the group per row was quadratic (100,000 rows in one file).
  const groups = new Map<string, TrajectoryRow[]>();
  for (const r of rows) {
    const list = groups.get(r.file);
    if (list) list.push(r);
    else groups.set(r.file, [r]);
  }
  const out: ViewItem[] = [];
  for (const [file, list] of groups) {
    out.push({ type: 'group', file, count: list.length });
    for (const row of list) out.push({ type: 'row', row });
  }
  return out;
}

/** What the table asks for: the filters, the sort, grouping, and the annotation status of rows. */
export interface TableQuery {
  filters: Filters;
  sort: { key: SortKey; dir: 1 | -1 } | null;
  groupByFile: boolean;
  /** Annotation status by trajectory id; absent ids are 'none'. */
  status: Record<string, 'partial' | 'done'>;
  /** The model judge on the unsure verdicts, by trajectory id; absent ids are not judged. */
  judged?: Record<string, JudgeMark>;
}

/** The table as the page shows it, with what the page needs to know about it. */
export interface TableView {
  /** Rows in the table (all), rows the filter keeps, and items (rows plus group headers). */
  total: number;
  count: number;
  itemCount: number;
  /** Ids of the kept rows in table order (next / previous trajectory). */
  ids: string[];
  /** The item index of each kept row (the keyboard cursor counts rows, the list counts items). */
  rowItems: Int32Array;
  aggregates: Aggregate[];
  facets: TableFacets;
  /** Which load of the rows this view was computed from. */
  loaded: number;
}

/** Filter, sort and group, in one pass over the rows (run in the table worker). */
export function tableView(
  rows: readonly TrajectoryRow[],
  q: TableQuery,
): { filtered: TrajectoryRow[]; items: ViewItem[]; ids: string[]; rowItems: number[] } {
  const status = new Map(Object.entries(q.status));
  const judged = new Map(Object.entries(q.judged ?? {}));
  const filtered = sortRows(filterRows(rows, q.filters, status, judged), q.sort);
  const items = groupRows(filtered, q.groupByFile);
  const ids: string[] = [];
  const rowItems: number[] = [];
  items.forEach((it, i) => {
    if (it.type !== 'row') return;
    ids.push(it.row.id);
    rowItems.push(i);
  });
  return { filtered, items, ids, rowItems };
}
