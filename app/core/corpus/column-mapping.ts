// Which column or field of a plain record file holds what ({id?, title?, text?, question?,
// answers?}): a mapping suggested from header names, answers read from a cell, a JSON record's
// field by dotted path, and a table's header settled into column indexes.
import { isObj, type Json, kindOf } from './common';
import type { ColumnMapping, LoadOptions } from './types';

const CANDIDATES: Record<keyof ColumnMapping, { exact: string[]; contains: string[] }> = {
  id: {
    exact: ['id', 'docid', 'pid', 'passageid', 'qid', 'questionid', 'uid', 'key', 'idx', 'index'],
    contains: [],
  },
  question: {
    exact: ['question', 'query', 'questiontext', 'q', 'input', 'prompt'],
    contains: ['question', 'query'],
  },
  answers: {
    exact: [
      'answers',
      'answer',
      'goldenanswers',
      'goldanswers',
      'goldanswer',
      'gold',
      'target',
      'targets',
      'label',
      'labels',
      'output',
      'a',
    ],
    contains: ['answer'],
  },
  title: { exact: ['title', 'doctitle', 'pagetitle', 'heading', 'documenttitle'], contains: ['title'] },
  text: {
    exact: [
      'text',
      'contents',
      'content',
      'passage',
      'paragraph',
      'paragraphtext',
      'passagetext',
      'body',
      'document',
      'doc',
      'chunk',
      'context',
      'doctext',
      'documenttext',
      'chunktext',
      'bodytext',
    ],
    // No partial match: names like `gen_text_store` hold a model's output, not a passage.
    contains: [],
  },
};
const ORDER: Array<keyof ColumnMapping> = ['id', 'question', 'answers', 'title', 'text'];

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Suggests which header holds what, from names like `id`, `_id`, `title`, `text`/`contents`/
 * `passage`, `question`/`query`, `answers`/`golden_answers`. Exact names win over partial ones; a
 * header is used once. Fields with no likely header are left out.
 */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  const normed = headers.map((h) => ({ h, n: norm(h) }));
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of ORDER) {
      if (mapping[field] !== undefined) continue;
      const names = CANDIDATES[field][pass];
      let hit: string | undefined;
      for (const name of names) {
        hit = normed.find(
          ({ h, n }) => !used.has(h) && (pass === 'exact' ? n === name : n.includes(name)),
        )?.h;
        if (hit !== undefined) break;
      }
      if (hit !== undefined) {
        mapping[field] = hit;
        used.add(hit);
      }
    }
  }
  return mapping;
}

/** Answers from a cell or field: a JSON array, a `|`-separated string, a number, or a list. */
export function parseAnswers(v: unknown): string[] | { error: string } {
  if (v === undefined || v === null) return [];
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (Array.isArray(v)) {
    const out: string[] = [];
    for (const x of v) {
      if (typeof x === 'string') out.push(x.trim());
      else if (typeof x === 'number' || typeof x === 'boolean') out.push(String(x));
      else return { error: `an answer should be a string, not ${kindOf(x)}` };
    }
    return dedupe(out);
  }
  if (typeof v !== 'string') return { error: `answers should be a list or a string, not ${kindOf(v)}` };
  const s = v.trim();
  if (s.startsWith('[') && s.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parseAnswers(parsed);
    } catch {
      // not JSON: read it as a `|`-separated string
    }
  }
  return dedupe(s.split('|').map((x) => x.trim()));
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs.filter(Boolean))];
}

/** A field of a JSON record: the exact key first, else a dotted path (`metadata.title`). */
export function getField(record: Json, path: string): unknown {
  if (path in record) return record[path];
  let cur: unknown = record;
  for (const part of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (isObj(cur)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** The header (null when the file has none) and the column index of each mapped field. */
export interface Columns {
  header: string[] | null;
  index: Partial<Record<keyof ColumnMapping, number>>;
}

/** A problem with the mapping, on the first row's line. */
export type MappingFail = (field: string | undefined, message: string) => void;

/**
 * A table's columns from its first row: whether it is a header (options.hasHeader, else a header
 * unless every mapped column is a number within the row), the mapping (given, or suggested from
 * the header), and where each mapped field is. Null when the header names a column twice.
 */
export function settleColumns(
  cells: string[],
  given: ColumnMapping | null,
  options: LoadOptions | undefined,
  fail: MappingFail,
): { mapping: ColumnMapping; cols: Columns } | null {
  const names = cells.map((c) => c.trim());
  const width = cells.length;
  let hasHeader = options?.hasHeader;
  if (hasHeader === undefined) {
    const refs = given ? Object.values(given).filter((v): v is string => v !== undefined) : [];
    hasHeader = !(
      refs.length && refs.every((r) => /^\d+$/.test(r) && !names.includes(r) && Number(r) <= width)
    );
  }
  if (hasHeader) {
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined) {
      fail(dup, `column name "${dup}" appears twice in the header`);
      return null;
    }
  }
  const mapping = given ?? (hasHeader ? suggestMapping(names) : {});
  const index: Columns['index'] = {};
  for (const [field, ref] of Object.entries(mapping) as Array<[keyof ColumnMapping, string | undefined]>) {
    if (ref === undefined) continue;
    const at = hasHeader ? names.indexOf(ref.trim()) : /^\d+$/.test(ref) ? Number(ref) - 1 : -1;
    if (at < 0 || at >= width) {
      fail(
        field,
        hasHeader
          ? `no column "${ref}" in the header (${names.join(', ')})`
          : `no column ${ref}: without a header, name columns by number (1..${width})`,
      );
      continue;
    }
    index[field] = at;
  }
  return { mapping, cols: { header: hasHeader ? names : null, index } };
}
