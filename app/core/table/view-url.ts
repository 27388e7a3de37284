// A table view (columns, filters, sort, grouping) as URL query parameters and back, so a link
// reproduces the view, a reload keeps it, and a saved view is the same string. Anything at its
// default is left out: the bare table is `#/`. A value the decoder cannot read is dropped and
// named in `ignored`, never guessed.
import { type ColumnLayout, DEFAULT_LAYOUT, type ColumnKey, isColumnKey, normalizeLayout } from './columns';
import {
  type Filters,
  NO_FILTERS,
  type NumRange,
  RANGE_KEYS,
  type RangeKey,
  SORT_KEYS,
  type SortKey,
} from './query';

export interface TableViewState {
  layout: ColumnLayout;
  filters: Filters;
  sort: { key: SortKey; dir: 1 | -1 } | null;
  groupByFile: boolean;
}

export const DEFAULT_VIEW: TableViewState = {
  layout: DEFAULT_LAYOUT,
  filters: NO_FILTERS,
  sort: null,
  groupByFile: false,
};

/** Filters with a fixed set of values, by URL name. */
const CHOICES = {
  status: ['none', 'partial', 'done'],
  judge: ['correct', 'wrong', 'none'],
  recall: ['all', 'some', 'zero', 'none'],
  answerInDocs: ['yes', 'no', 'none'],
  nearMiss: ['yes', 'no'],
  verdicts: ['sure', 'unsure'],
  judgeUnsure: ['disagrees', 'agrees', 'unjudged'],
} as const satisfies Partial<Record<keyof Filters, readonly string[]>>;
/** Free-text filters and their URL names. */
const TEXTS = { text: 'q', strategy: 'strategy', file: 'file', flag: 'flag' } as const;

function num(v: number): string {
  // Shortest form that reads back the same ("0.5", "2").
  return String(v);
}

function rangeText(r: NumRange): string {
  return `${r.min === null ? '' : num(r.min)}~${r.max === null ? '' : num(r.max)}`;
}

function sameLayout(a: ColumnLayout, b: ColumnLayout): boolean {
  return JSON.stringify(normalizeLayout(a)) === JSON.stringify(normalizeLayout(b));
}

/** The view as query parameters (no leading '?'); '' for the default view. */
export function encodeView(v: TableViewState): string {
  const p = new URLSearchParams();
  const f = v.filters;
  for (const [key, name] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, string]>)
    if (f[key]) p.set(name, f[key]);
  for (const key of Object.keys(CHOICES) as Array<keyof typeof CHOICES>) if (f[key]) p.set(key, f[key]);
  // A Training plot's point: `run=…&step=…`, as the router reads it.
  if (f.run !== null) p.set('run', f.run);
  if (f.trainStep) p.set('step', f.trainStep);
  // The chosen collections (ids are URL-safe, core/collections); absent: the default choice.
  if (f.collections !== null) p.set('c', f.collections.join(','));
  for (const k of RANGE_KEYS) {
    const r = f.ranges[k];
    if (r && (r.min !== null || r.max !== null)) p.set(`range.${k}`, rangeText(r));
  }
  if (v.sort) p.set('sort', `${v.sort.dir === -1 ? '-' : ''}${v.sort.key}`);
  if (v.groupByFile) p.set('group', 'file');
  const l = normalizeLayout(v.layout);
  if (!sameLayout(l, DEFAULT_LAYOUT)) {
    p.set('cols', l.visible.join(','));
    p.set('pin', l.pinned.join(','));
    const w = Object.entries(l.widths).map(([k, px]) => `${k}:${px}`);
    if (w.length) p.set('w', w.join(','));
  }
  return p.toString();
}

function parseBound(s: string): number | null | undefined {
  if (s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** `0.5~1`, `2~`, `~5`; undefined when it is not a range. */
export function parseRange(s: string): NumRange | undefined {
  const parts = s.split('~');
  if (parts.length !== 2) return undefined;
  const min = parseBound(parts[0]!);
  const max = parseBound(parts[1]!);
  if (min === undefined || max === undefined || (min === null && max === null)) return undefined;
  return { min, max };
}

/**
 * The view a query string describes (with or without '?'); what it leaves out is at its default.
 * `ignored` names each parameter that was not understood, as `name=value`.
 */
export function decodeView(query: string): { view: TableViewState; ignored: string[] } {
  const p = new URLSearchParams(query.replace(/^\?/, ''));
  const ignored: string[] = [];
  const bad = (name: string, value: string) => ignored.push(`${name}=${value}`);
  const filters: Filters = { ...NO_FILTERS, ranges: {} };
  let sort: TableViewState['sort'] = null;
  let groupByFile = false;
  let cols: string[] | null = null;
  let pin: string[] = [];
  const widths: ColumnLayout['widths'] = {};
  const textNames = new Map<string, keyof typeof TEXTS>(
    Object.entries(TEXTS).map(([k, n]) => [n, k as keyof typeof TEXTS]),
  );
  for (const [name, value] of p) {
    const text = textNames.get(name);
    if (text) filters[text] = value;
    else if (name in CHOICES) {
      const key = name as keyof typeof CHOICES;
      if ((CHOICES[key] as readonly string[]).includes(value))
        (filters as unknown as Record<string, string>)[key] = value;
      else bad(name, value);
    } else if (name === 'run') filters.run = value;
    else if (name === 'step') filters.trainStep = value;
    else if (name === 'c') filters.collections = value.split(',').filter(Boolean);
    else if (name.startsWith('range.')) {
      const k = name.slice('range.'.length);
      const r = parseRange(value);
      if ((RANGE_KEYS as readonly string[]).includes(k) && r) filters.ranges[k as RangeKey] = r;
      else bad(name, value);
    } else if (name === 'sort') {
      const key = value.replace(/^-/, '');
      if ((SORT_KEYS as readonly string[]).includes(key))
        sort = { key: key as SortKey, dir: value.startsWith('-') ? -1 : 1 };
      else bad(name, value);
    } else if (name === 'group') {
      if (value === 'file') groupByFile = true;
      else bad(name, value);
    } else if (name === 'cols') {
      const keys = value.split(',').filter(Boolean);
      for (const k of keys) if (!isColumnKey(k)) bad(name, k);
      cols = keys.filter(isColumnKey);
      if (cols.length === 0) cols = null;
    } else if (name === 'pin') pin = value.split(',').filter(Boolean);
    else if (name === 'w') {
      for (const part of value.split(',').filter(Boolean)) {
        const [k, px] = part.split(':');
        const n = Number(px);
        if (k && isColumnKey(k) && Number.isFinite(n) && n > 0) widths[k] = n;
        else bad(name, part);
      }
    } else bad(name, value);
  }
  const layout = cols
    ? normalizeLayout({ visible: cols as ColumnKey[], pinned: pin.filter(isColumnKey), widths })
    : DEFAULT_LAYOUT;
  return { view: { layout, filters, sort, groupByFile }, ignored };
}
