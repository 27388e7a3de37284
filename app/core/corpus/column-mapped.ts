// Plain JSONL / JSON, CSV and TSV with a column mapping {id?, title?, text?, question?, answers?}.
// A mapped `text` makes each row a passage; a mapped `question` makes it a question (both: a
// question with its own passage as the support). `answers` is a JSON array, or one string with
// answers separated by `|`. Without a mapping, suggestMapping reads the header (or the first JSON
// record's keys). Headerless CSV/TSV: name columns by number, "1" being the first. Which column
// holds what is column-mapping.ts; this file reads the records through it.
import {
  Collector,
  extension,
  isObj,
  type Json,
  kindOf,
  passageId,
  questionIdFromText,
  RecordCheck,
} from './common';
import { type Columns, getField, parseAnswers, settleColumns, suggestMapping } from './column-mapping';
import { sniff } from './sniff';
import { loadWith } from './stream';
import type {
  ColumnMapping,
  DatasetFormatId,
  DatasetLoader,
  LoadIssue,
  LoadOptions,
  LoadResult,
  Passage,
  Question,
} from './types';

function makeMappedLoader(id: DatasetFormatId, label: string, delimiter: string | null): DatasetLoader {
  return {
    id,
    label,
    container: delimiter === null ? 'json' : 'table',
    ...(delimiter === null ? {} : { delimiter }),
    detect(sample, fileName) {
      const s = sniff(sample, fileName);
      if (delimiter === null) {
        if (!s.json) return 0;
        if (!s.records.length) return 0.1;
        const m = suggestMapping(Object.keys(s.records[0] as Json));
        return m.text !== undefined || m.question !== undefined ? 0.3 : 0.15;
      }
      if (s.json) return 0;
      const ext = s.ext;
      const counts = { ',': 0, '\t': 0 };
      for (const c of s.firstLine) if (c === ',' || c === '\t') counts[c]++;
      const mine = counts[delimiter as ',' | '\t'];
      const other = counts[delimiter === ',' ? '\t' : ','];
      if (ext === (delimiter === ',' ? 'csv' : 'tsv')) return 0.5;
      if (ext === 'tsv' || ext === 'csv') return 0.05;
      if (mine > 0 && mine >= other) return 0.3;
      return mine > 0 ? 0.1 : 0;
    },
    begin(fileName, options) {
      return mappedRecordSink(id, label, fileName, delimiter !== null, options);
    },
  };
}

/** Reads records (table rows or JSON records) through a column mapping settled from the first one. */
function mappedRecordSink(
  format: DatasetFormatId,
  label: string,
  fileName: string,
  isTable: boolean,
  options?: LoadOptions,
) {
  let mapping: ColumnMapping | null = options?.mapping ?? null;
  let cols: Columns | null = null;
  let width = 0;
  let failed = false;
  const collector = (m: ColumnMapping) =>
    new Collector({
      format,
      label,
      fileName,
      options,
      corpus: m.text !== undefined ? 'always' : 'never',
      questions: m.question !== undefined ? 'always' : 'never',
      passageIds: m.id !== undefined ? 'given' : 'derived',
    });
  let out: Collector | null = null;
  const pending: LoadIssue[] = [];

  const fail = (line: number, field: string | undefined, message: string) => {
    failed = true;
    pending.push(field === undefined ? { line, message } : { line, field, message });
  };

  /** Settles the mapping from the first record (its keys) or row (header or width). */
  const settle = (first: unknown, line: number): boolean => {
    if (isTable) {
      const cells = first as string[];
      width = cells.length;
      const settled = settleColumns(cells, mapping, options, (field, message) => fail(line, field, message));
      if (!settled) return false;
      ({ mapping, cols } = settled);
    } else {
      if (!isObj(first)) {
        fail(line, undefined, `a record should be an object, not ${kindOf(first)}`);
        return false;
      }
      mapping ??= suggestMapping(Object.keys(first));
    }
    if (mapping.text === undefined && mapping.question === undefined) {
      fail(
        line,
        undefined,
        'cannot tell which column holds the passage text or the question: give a mapping with `text` or `question`',
      );
      return false;
    }
    return !failed;
  };

  const sink = {
    add(record: unknown, line: number) {
      if (failed) return;
      if (!out) {
        if (!settle(record, line)) return;
        out = collector(mapping as ColumnMapping);
        for (const p of pending.splice(0)) out.issue(p);
        // The header row is not a record.
        if (isTable && (cols as Columns | null)?.header) return;
      }
      const check = new RecordCheck(line);
      out.commit(check, isTable ? tableRow(record as string[], check) : jsonRecord(record, check));
    },
    issue(i: LoadIssue) {
      if (out) out.issue(i);
      else pending.push(i);
    },
    finish(): LoadResult {
      if (!out) {
        if (!failed && !pending.length) pending.push({ line: 1, message: 'the file has no records' });
        return { errors: pending };
      }
      return out.finish();
    },
  };

  const m = () => mapping as ColumnMapping;

  function tableRow(cells: string[], check: RecordCheck) {
    const c = cols as Columns;
    if (cells.length !== width) {
      const what = c.header ? 'header' : 'first row';
      check.error(undefined, `expected ${width} cells (as in the ${what}), found ${cells.length}`);
      return undefined;
    }
    const name = (f: keyof ColumnMapping) =>
      c.header ? (c.header[c.index[f] as number] ?? f) : `column ${(c.index[f] ?? 0) + 1}`;
    const get = (f: keyof ColumnMapping) => {
      const i = c.index[f];
      return i === undefined ? undefined : cells[i];
    };
    return build(get, name, check);
  }

  function jsonRecord(record: unknown, check: RecordCheck) {
    if (!isObj(record)) {
      check.error(undefined, `a record should be an object, not ${kindOf(record)}`);
      return undefined;
    }
    const name = (f: keyof ColumnMapping) => m()[f] ?? f;
    const get = (f: keyof ColumnMapping) => {
      const path = m()[f];
      return path === undefined ? undefined : getField(record, path);
    };
    return build(get, name, check);
  }

  function build(
    get: (f: keyof ColumnMapping) => unknown,
    name: (f: keyof ColumnMapping) => string,
    check: RecordCheck,
  ) {
    const str = (f: keyof ColumnMapping, required: boolean): string | undefined => {
      const v = get(f);
      if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
        if (required) check.error(name(f), `empty ${f}`);
        return undefined;
      }
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      if (typeof v !== 'string') {
        check.error(name(f), `${f} should be a string, not ${kindOf(v)}`);
        return undefined;
      }
      return v.trim();
    };
    const mp = m();
    const id = mp.id !== undefined ? str('id', true) : undefined;
    const title = mp.title !== undefined ? str('title', false) : undefined;
    const text = mp.text !== undefined ? str('text', true) : undefined;
    const question = mp.question !== undefined ? str('question', true) : undefined;
    let answers: string[] = [];
    if (mp.answers !== undefined) {
      const a = parseAnswers(get('answers'));
      if (Array.isArray(a)) answers = a;
      else check.error(name('answers'), a.error);
    }
    if (!check.ok) return undefined;
    let passage: Passage | undefined;
    if (text !== undefined) passage = { id: id ?? passageId(title ?? '', text), title: title ?? '', text };
    let q: Question | undefined;
    if (question !== undefined) {
      q = {
        id: id ?? questionIdFromText('q-', question),
        question,
        answers,
        source: { format, file: fileName, line: check.line },
      };
      if (passage) q.supports = [passage.id];
    }
    return { passages: passage ? [passage] : [], question: q };
  }

  return sink;
}

export const jsonlLoader = makeMappedLoader('jsonl', 'JSONL', null);
export const csvLoader = makeMappedLoader('csv', 'CSV', ',');
export const tsvLoader = makeMappedLoader('tsv', 'TSV', '\t');

/** The plain loader for a file name's extension (JSONL/JSON, TSV, else CSV). */
export function plainLoaderFor(fileName: string): DatasetLoader {
  const ext = extension(fileName);
  if (ext === 'jsonl' || ext === 'json' || ext === 'ndjson') return jsonlLoader;
  return ext === 'tsv' || ext === 'tab' ? tsvLoader : csvLoader;
}

/** A whole plain record file, loaded through the loader its name calls for. */
export function loadColumnMapped(text: string, fileName: string, options?: LoadOptions): LoadResult {
  return loadWith(plainLoaderFor(fileName), text, fileName, options);
}
