// File → trajectories: container sniffing, format detection (or the user's override), one record
// at a time through the format, stable ids, schema validation, and a report of every bad record
// with its file, line and reason. Good records are always kept (all-or-report).
import { hash53 } from '../hash';
import { buildTrajectory } from '../schema/builder';
import { parseTrajectory, type Trajectory } from '../schema/trajectory';
import { type Container, type RawRecord, readRecords } from './records';
import { FORMATS, formatById } from './registry';
import { type FormatImporter, type GatheredRecords, type ImportIssue, RecordError } from './types';

export interface ImportOptions {
  file: string;
  /** Format id to use instead of auto-detection. */
  format?: string;
  signal?: AbortSignal;
  /** Records per yielded batch. */
  batchSize?: number;
}

export interface ImportProgress {
  /** Characters read so far (≈ bytes for mostly-ASCII logs). */
  chars: number;
  records: number;
  imported: number;
  errors: number;
}

export interface ImportSummary {
  file: string;
  format: string | null;
  container: Container | null;
  records: number;
  imported: number;
  errors: ImportIssue[];
}

export interface ImportBatch {
  trajectories: Trajectory[];
  progress: ImportProgress;
}

const DETECT_SAMPLE = 5;

/** Picks the most likely format for sample records; null when none claims them. */
export function detectFormat(sample: readonly unknown[]): FormatImporter | null {
  let best: FormatImporter | null = null;
  let bestScore = 0;
  for (const f of FORMATS) {
    const s = f.detect(sample);
    if (s > bestScore) {
      best = f;
      bestScore = s;
    }
  }
  return best;
}

export async function* importBatches(
  chunks: AsyncIterable<string>,
  opts: ImportOptions,
): AsyncGenerator<ImportBatch, ImportSummary> {
  const summary: ImportSummary = {
    file: opts.file,
    format: null,
    container: null,
    records: 0,
    imported: 0,
    errors: [],
  };
  const progress: ImportProgress = { chars: 0, records: 0, imported: 0, errors: 0 };
  const counted = countChars(chunks, (n) => {
    progress.chars += n;
  });
  const batchSize = opts.batchSize ?? 200;
  let format: FormatImporter | null = null;
  if (opts.format) {
    format = formatById(opts.format);
    if (!format) {
      summary.errors.push({ file: opts.file, line: 0, message: `unknown format "${opts.format}"` });
      return summary;
    }
  }
  const pending: RawRecord[] = [];
  const seenIds = new Map<string, number>();
  let batch: Trajectory[] = [];

  // Records a format gathers by key (see FormatImporter.groupKey), converted at the end.
  const groups = new Map<string, RawRecord[]>();
  const convert = (rec: RawRecord, f: FormatImporter) => {
    const key = f.groupKey?.(rec.value) ?? null;
    if (key !== null) {
      const group = groups.get(key);
      if (group) group.push(rec);
      else groups.set(key, [rec]);
      return;
    }
    const parts = f.split?.(rec.value);
    if (parts) {
      for (const p of parts) convertOne({ line: rec.line, value: p.value }, f, p.field);
      return;
    }
    convertOne(rec, f);
  };
  const convertOne = (rec: RawRecord, f: FormatImporter, partField?: string) => {
    summary.records++;
    progress.records++;
    const t = convertRecord(rec, f, opts.file, seenIds);
    if ('issue' in t) {
      if (partField) t.issue.field = t.issue.field ? `${partField}.${t.issue.field}` : partField;
      summary.errors.push(t.issue);
      progress.errors++;
    } else {
      batch.push(t.trajectory);
      summary.imported++;
      progress.imported++;
    }
  };

  for await (const item of readRecords(counted, (c) => {
    summary.container = c;
  })) {
    if (opts.signal?.aborted) throw new DOMException('import cancelled', 'AbortError');
    if ('issue' in item) {
      summary.records++;
      progress.records++;
      progress.errors++;
      summary.errors.push({ file: opts.file, ...item.issue });
      continue;
    }
    if (!format) {
      pending.push(item.record);
      if (pending.length < DETECT_SAMPLE) continue;
      format = detectOrReport(pending, summary, opts.file);
      if (!format) return summary;
      for (const r of pending.splice(0)) convert(r, format);
    } else {
      convert(item.record, format);
    }
    if (batch.length >= batchSize) {
      yield { trajectories: batch, progress: { ...progress } };
      batch = [];
    }
  }
  if (!format && pending.length > 0) {
    format = detectOrReport(pending, summary, opts.file);
    if (!format) return summary;
    for (const r of pending.splice(0)) convert(r, format);
  }
  if (format)
    for (const group of groups.values()) {
      const gathered: GatheredRecords = { gathered: group };
      convertOne({ line: group[0]?.line ?? 1, value: gathered }, format);
    }
  summary.format = format?.id ?? summary.format;
  if (batch.length > 0 || progress.records === 0) yield { trajectories: batch, progress: { ...progress } };
  if (summary.records === 0 && summary.errors.length === 0)
    summary.errors.push({ file: opts.file, line: 0, message: 'the file holds no records' });
  return summary;
}

/** Convenience for Node and tests: the whole file's trajectories plus the summary. */
export async function importAll(
  chunks: AsyncIterable<string>,
  opts: ImportOptions,
): Promise<ImportSummary & { trajectories: Trajectory[] }> {
  const trajectories: Trajectory[] = [];
  const gen = importBatches(chunks, opts);
  for (;;) {
    const r = await gen.next();
    if (r.done) return { ...r.value, trajectories };
    trajectories.push(...r.value.trajectories);
  }
}

/** Splits a string into chunks, for tests and in-memory imports. */
export async function* stringChunks(text: string, size = 1 << 16): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

function detectOrReport(sample: RawRecord[], summary: ImportSummary, file: string): FormatImporter | null {
  const f = detectFormat(sample.map((r) => r.value));
  if (f) {
    summary.format = f.id;
    return f;
  }
  summary.records += sample.length;
  summary.errors.push({
    file,
    line: sample[0]?.line ?? 1,
    message: `could not recognise the format (tried ${FORMATS.map((x) => x.id).join(', ')}); choose one explicitly`,
  });
  return null;
}

function convertRecord(
  rec: RawRecord,
  f: FormatImporter,
  file: string,
  seenIds: Map<string, number>,
): { trajectory: Trajectory } | { issue: ImportIssue } {
  try {
    const events = f.toEvents(rec.value, { file, line: rec.line });
    const start = events[0];
    if (!start || (start.type !== 'start' && start.type !== 'snapshot'))
      throw new RecordError('importer produced no start event');
    if (start.type === 'start' && !start.id) {
      // Content-addressed: re-importing the same file yields the same ids (no duplicates).
      const base = `t_${hash53(`${f.id}\n${typeof rec.value === 'string' ? rec.value : JSON.stringify(rec.value)}`)}`;
      const n = seenIds.get(base) ?? 0;
      seenIds.set(base, n + 1);
      events[0] = { ...start, id: n === 0 ? base : `${base}-${n}` };
    }
    const built = buildTrajectory(events);
    const checked = parseTrajectory(built);
    if (!checked.ok) throw new RecordError(checked.error, checked.field);
    return { trajectory: checked.value };
  } catch (e) {
    const line = e instanceof RecordError && e.line !== undefined ? e.line : rec.line;
    const issue: ImportIssue = { file, line, message: e instanceof Error ? e.message : String(e) };
    if (e instanceof RecordError && e.field) issue.field = e.field;
    return { issue };
  }
}

async function* countChars(chunks: AsyncIterable<string>, add: (n: number) => void): AsyncGenerator<string> {
  for await (const c of chunks) {
    add(c.length);
    yield c;
  }
}
