// The first rows of a plain JSONL/CSV/TSV file, for the column-mapping dialog: which columns
// exist, what their first values look like, and which mapping the loader would guess.
import { parseDelimited } from './csv';
import { sniff } from './sniff';
import { plainLoaderFor } from './column-mapped';
import { suggestMapping } from './column-mapping';
import type { ColumnMapping } from './types';

export interface TablePreview {
  format: 'jsonl' | 'csv' | 'tsv';
  /** Column names: the header row, the JSON records' keys, or "1", "2", … without a header. */
  columns: string[];
  /** Up to `max` rows of cell text, in column order. */
  rows: string[][];
  suggested: ColumnMapping;
}

const cell = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

export function previewTable(sample: string, fileName: string, max = 5): TablePreview {
  const format = plainLoaderFor(fileName).id as TablePreview['format'];
  if (format === 'jsonl') {
    const s = sniff(sample, fileName);
    const columns: string[] = [];
    for (const r of s.records) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
    const rows = s.records.slice(0, max).map((r) => columns.map((c) => cell(r[c])));
    return { format, columns, rows, suggested: suggestMapping(columns) };
  }
  // Cut at the last line break so a half row at the end of the sample is not shown.
  const cut = sample.lastIndexOf('\n');
  const { rows } = parseDelimited(cut > 0 ? sample.slice(0, cut) : sample, format === 'tsv' ? '\t' : ',');
  const first = rows[0]?.cells ?? [];
  const suggested = suggestMapping(first);
  // A header names at least one field we know; otherwise columns are numbered.
  const header = Object.keys(suggested).length > 0;
  const columns = header ? first : first.map((_, i) => String(i + 1));
  const body = (header ? rows.slice(1) : rows).slice(0, max).map((r) => r.cells);
  return { format, columns, rows: body, suggested };
}
