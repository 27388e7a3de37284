// File → trajectories: bytes decoded (BOM, UTF-16, invalid UTF-8 reported), records read by the
// one streaming reader, format detection on the first records that parse (or the user's
// override), one record at a time through the format, content ids stable under key order,
// duplicate ids and unstorable records reported, and a report of every bad record with its file,
// line and reason. Good records are always kept (all-or-report).
import { AbortError, throwIfAborted } from '../abort';
import type { Annotation } from '../annotations/annotation';
import { hash53 } from '../hash';
import { canonicalJson, checkStorable, MAX_NESTING } from '../io/canonical';
import { shareDocHaystack } from '../metrics/normalize';
import { decodeChunks } from '../io/decode';
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
  /** Records found: imported + lost (warnings cost none). */
  records: number;
  imported: number;
  errors: ImportIssue[];
  /** Annotations carried by the records (a Hopscope export with its labels). */
  annotations: number;
}

export interface ImportBatch {
  /** The format the records are read as (known from the first batch on). */
  format: string | null;
  trajectories: Trajectory[];
  /** The line in this file each trajectory's record starts on (parallel to `trajectories`). */
  lines: number[];
  /**
   * Content id → the id the same record got before ids hashed a canonical form (key order
   * mattered). Where a trajectory is stored under its old id, the store keeps that id.
   */
  legacyIds: Map<string, string>;
  /**
   * The ids of this batch the pipeline derived from the record's own content (the record had no
   * id). Only these are the same record whenever the id is: an id the file chose, even one shaped
   * like `t_<hash>`, is compared by content before it replaces a stored record.
   */
  derivedIds: Set<string>;
  annotations: Annotation[];
  /** Issues found since the previous batch, so a stopped import can still report them. */
  issues: ImportIssue[];
  progress: ImportProgress;
}

const DETECT_SAMPLE = 5;
/** Records held while no format recognises them; past this the import stops with a report. */
const MAX_UNDETECTED = 1000;

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
  chunks: AsyncIterable<string | Uint8Array>,
  opts: ImportOptions,
): AsyncGenerator<ImportBatch, ImportSummary> {
  const summary: ImportSummary = {
    file: opts.file,
    format: null,
    container: null,
    records: 0,
    imported: 0,
    errors: [],
    annotations: 0,
  };
  const progress: ImportProgress = { chars: 0, records: 0, imported: 0, errors: 0 };
  const report = (issue: Omit<ImportIssue, 'file'>) => {
    summary.errors.push({ file: opts.file, ...issue });
    if (issue.severity === 'warning') return;
    summary.records++;
    progress.records++;
    progress.errors++;
  };
  const text = decodeChunks(chunks, (i) =>
    summary.errors.push({ file: opts.file, ...i, severity: 'warning' }),
  );
  const counted = countChars(text, (n) => {
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
    summary.format = format.id;
  }
  const pending: RawRecord[] = [];
  const seenIds = new Map<string, number>();
  const kept = new Map<string, { line: number; dups: number[] }>();
  let batch: Trajectory[] = [];
  let lines: number[] = [];
  let legacyIds = new Map<string, string>();
  let derivedIds = new Set<string>();
  let annotations: Annotation[] = [];
  let issuesSent = 0;
  const newIssues = () => summary.errors.slice(issuesSent, (issuesSent = summary.errors.length));

  // Records a format gathers by key (see FormatImporter.groupKey), converted at the end.
  const groups = new Map<string, RawRecord[]>();
  const convert = (rec: RawRecord, f: FormatImporter) => {
    throwIfAborted(opts.signal);
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
    const t = convertRecord(rec, f, opts.file, seenIds);
    if ('issue' in t) {
      if (partField) t.issue.field = t.issue.field ? `${partField}.${t.issue.field}` : partField;
      report(t.issue);
      return;
    }
    summary.records++;
    progress.records++;
    const id = t.trajectory.id;
    const first = kept.get(id);
    if (first) {
      // Storing it would overwrite the first record with this id: keep the first, report this.
      first.dups.push(rec.line);
      progress.errors++;
      return;
    }
    kept.set(id, { line: rec.line, dups: [] });
    batch.push(t.trajectory);
    lines.push(rec.line);
    if (t.legacyId && t.legacyId !== id) legacyIds.set(id, t.legacyId);
    if (t.derived) derivedIds.add(id);
    summary.imported++;
    progress.imported++;
    const a = f.annotations?.(rec.value, id);
    if (a) {
      annotations.push(...a.annotations);
      summary.annotations += a.annotations.length;
      for (const issue of a.issues) summary.errors.push({ ...issue, file: opts.file, line: rec.line });
    }
  };
  const flushPending = (f: FormatImporter) => {
    summary.format = f.id;
    for (const r of pending.splice(0)) convert(r, f);
  };

  for await (const item of readRecords(
    counted,
    (c) => {
      summary.container = c;
    },
    opts.signal,
  )) {
    throwIfAborted(opts.signal);
    if ('issue' in item) {
      report(item.issue);
      continue;
    }
    if (!format) {
      // Detection looks at the latest records that parse, so leading metadata or junk records
      // cannot hide the good ones after them; once found, the held records go through it too.
      pending.push(item.record);
      if (pending.length < DETECT_SAMPLE) continue;
      format = detectFormat(pending.slice(-DETECT_SAMPLE).map((r) => r.value));
      if (!format) {
        if (pending.length < MAX_UNDETECTED) continue;
        unrecognised(pending, summary, opts.file, true);
        return summary;
      }
      flushPending(format);
    } else {
      convert(item.record, format);
    }
    if (batch.length >= batchSize) {
      yield {
        format: summary.format,
        trajectories: batch,
        lines,
        legacyIds,
        derivedIds,
        annotations,
        issues: newIssues(),
        progress: { ...progress },
      };
      batch = [];
      lines = [];
      legacyIds = new Map();
      derivedIds = new Set();
      annotations = [];
    }
  }
  if (!format && pending.length > 0) {
    format = detectFormat(pending.map((r) => r.value));
    if (!format) {
      unrecognised(pending, summary, opts.file, false);
      return summary;
    }
    flushPending(format);
  }
  if (format)
    for (const group of groups.values()) {
      const gathered: GatheredRecords = { gathered: group };
      convertOne({ line: group[0]?.line ?? 1, value: gathered }, format);
    }
  summary.format = format?.id ?? summary.format;
  for (const [id, k] of kept) {
    if (!k.dups.length) continue;
    summary.errors.push({
      file: opts.file,
      line: k.dups[0] as number,
      field: 'id',
      message:
        `${k.dups.length} duplicate${k.dups.length === 1 ? '' : 's'} of id ${JSON.stringify(id)} at ` +
        `line${k.dups.length === 1 ? '' : 's'} ${k.dups.join(', ')} (first at line ${k.line}, which was kept); not imported`,
    });
  }
  if (batch.length > 0 || progress.records === 0)
    yield {
      format: summary.format,
      trajectories: batch,
      lines,
      legacyIds,
      derivedIds,
      annotations,
      issues: newIssues(),
      progress: { ...progress },
    };
  if (summary.records === 0 && summary.errors.length === 0)
    summary.errors.push({ file: opts.file, line: 0, message: 'the file holds no records' });
  return summary;
}

/** Convenience for Node and tests: the whole file's trajectories plus the summary. */
export async function importAll(
  chunks: AsyncIterable<string | Uint8Array>,
  opts: ImportOptions,
): Promise<ImportSummary & { trajectories: Trajectory[]; annotationList: Annotation[] }> {
  const trajectories: Trajectory[] = [];
  const annotationList: Annotation[] = [];
  const gen = importBatches(chunks, opts);
  for (;;) {
    const r = await gen.next();
    if (r.done) return { ...r.value, trajectories, annotationList };
    trajectories.push(...r.value.trajectories);
    annotationList.push(...r.value.annotations);
  }
}

/** Splits a string into chunks, for tests and in-memory imports. */
export async function* stringChunks(text: string, size = 1 << 16): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

function unrecognised(sample: RawRecord[], summary: ImportSummary, file: string, stopped: boolean): void {
  summary.records += sample.length;
  const first = sample[0]?.line ?? 1;
  const last = sample[sample.length - 1]?.line ?? first;
  summary.errors.push({
    file,
    line: first,
    message:
      `could not recognise the format of ${sample.length === 1 ? 'the record' : `${sample.length} records (lines ${first}–${last})`}` +
      ` (tried ${FORMATS.map((x) => x.id).join(', ')}); choose one explicitly` +
      (stopped ? '; stopped reading there' : ''),
  });
}

function convertRecord(
  rec: RawRecord,
  f: FormatImporter,
  file: string,
  seenIds: Map<string, number>,
): { trajectory: Trajectory; legacyId?: string; derived?: true } | { issue: ImportIssue } {
  let legacyId: string | undefined;
  let derived = false;
  try {
    const events = f.toEvents(rec.value, { file, line: rec.line });
    const start = events[0];
    if (!start || (start.type !== 'start' && start.type !== 'snapshot'))
      throw new RecordError('importer produced no start event');
    if (start.type === 'start' && !start.id) {
      // Content-addressed over a canonical form (sorted keys): re-importing the same records, even
      // re-serialised with keys in another order, yields the same ids (no duplicates).
      const content = typeof rec.value === 'string' ? rec.value : canonicalJson(rec.value);
      const salt = f.idSalt?.(rec.value, { file, line: rec.line }) ?? '';
      const base = `t_${hash53(`${f.id}\n${salt}${content}`)}`;
      const n = seenIds.get(base) ?? 0;
      seenIds.set(base, n + 1);
      events[0] = { ...start, id: n === 0 ? base : `${base}-${n}` };
      legacyId = legacyContentId(f.id, rec.value, n);
      derived = true;
    }
    const built = buildTrajectory(events);
    const checked = parseTrajectory(built);
    if (!checked.ok) throw new RecordError(checked.error, checked.field);
    const empty = emptiness(checked.value, start.type === 'snapshot');
    if (empty) throw new RecordError(`read as ${f.id}, the record yields ${empty}; not imported`);
    shareDocHaystacks(built, checked.value);
    const unstorable = checkStorable(checked.value);
    if (unstorable) throw new RecordError(unstorable.message, unstorable.field);
    return {
      trajectory: checked.value,
      ...(legacyId ? { legacyId } : {}),
      ...(derived ? { derived: true as const } : {}),
    };
  } catch (e) {
    if (e instanceof AbortError) throw e;
    // A value nested too deep for a recursive step (schema checks) is the storage limit's problem.
    const message =
      e instanceof RangeError && /call stack/i.test(e.message)
        ? `nested deeper than ${MAX_NESTING} levels; Hopscope cannot store it`
        : e instanceof Error
          ? e.message
          : String(e);
    const line = e instanceof RecordError && e.line !== undefined ? e.line : rec.line;
    const issue: ImportIssue = { file, line, message };
    if (e instanceof RecordError && e.field) issue.field = e.field;
    return { issue };
  }
}

/**
 * What makes a trajectory empty, if it is: nothing the file holds may become a trajectory
 * silently. A question with a final answer and no steps is not empty (an agent may answer without
 * searching: When-to-Search measures it). A stored Hopscope trajectory (a snapshot) may have no
 * steps (a run stopped before its first). None may have no question and no steps.
 */
function emptiness(t: Trajectory, snapshot: boolean): string | null {
  if (t.steps.length > 0) return null;
  if (!t.question.trim()) return 'no question and no steps';
  return snapshot || t.answer?.text.trim() ? null : 'no steps';
}

/** The validated copy's documents reuse what the builder normalized (its rows read them again). */
function shareDocHaystacks(built: Trajectory, checked: Trajectory): void {
  built.steps.forEach((s, i) => {
    const to = checked.steps[i]?.docs;
    s.docs?.forEach((d, j) => {
      const t = to?.[j];
      if (t) shareDocHaystack(d, t);
    });
  });
}

/** The content id before canonical hashing (JSON.stringify in file key order); none if it throws. */
function legacyContentId(format: string, value: unknown, n: number): string | undefined {
  try {
    const base = `t_${hash53(`${format}\n${typeof value === 'string' ? value : JSON.stringify(value)}`)}`;
    return n === 0 ? base : `${base}-${n}`;
  } catch {
    return undefined; // nested too deep for JSON.stringify: it could never have been stored
  }
}

async function* countChars(chunks: AsyncIterable<string>, add: (n: number) => void): AsyncGenerator<string> {
  for await (const c of chunks) {
    add(c.length);
    yield c;
  }
}
