// The records of one import, converted through its format into batches: counts into the summary
// and progress, a duplicate id kept out (the first record with it stays), records a format gathers
// by key held until the end, and the labels each record carries. importBatches reads and yields;
// this decides what each record becomes.
import { throwIfAborted } from '../abort';
import type { Annotation } from '../annotations/annotation';
import type { Trajectory } from '../schema/trajectory';
import { convertRecord } from './convert-record';
import type { Container, RawRecord } from './records';
import type { FormatImporter, GatheredRecords, ImportIssue, RecordWarning } from './types';

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

export class BatchCollector {
  private readonly seenIds = new Map<string, number>();
  private readonly kept = new Map<string, { line: number; dups: number[] }>();
  /** Records a format gathers by key (see FormatImporter.groupKey), converted at the end. */
  private readonly groups = new Map<string, RawRecord[]>();
  private trajectories: Trajectory[] = [];
  private lines: number[] = [];
  private legacyIds = new Map<string, string>();
  private derivedIds = new Set<string>();
  private annotations: Annotation[] = [];
  private issuesSent = 0;
  /** Warnings about records that imported, one per key: the first line, the last, how many. */
  private readonly warned = new Map<
    string,
    { w: RecordWarning; first: number; last: number; count: number }
  >();

  constructor(
    private readonly summary: ImportSummary,
    private readonly progress: ImportProgress,
    private readonly signal?: AbortSignal,
  ) {}

  /** Trajectories in the batch not yet taken. */
  get size(): number {
    return this.trajectories.length;
  }

  /** A record that yields nothing (a warning costs no record). */
  report(issue: Omit<ImportIssue, 'file'>): void {
    this.summary.errors.push({ file: this.summary.file, ...issue });
    if (issue.severity === 'warning') return;
    this.summary.records++;
    this.progress.records++;
    this.progress.errors++;
  }

  /** A record lost without an issue of its own: one report line (reportLost) covers many. */
  lose(): void {
    this.summary.records++;
    this.progress.records++;
    this.progress.errors++;
  }

  /** The one report line for records counted by lose(). */
  reportLost(issue: ImportIssue): void {
    this.summary.errors.push(issue);
  }

  convert(rec: RawRecord, f: FormatImporter): void {
    throwIfAborted(this.signal);
    const key = f.groupKey?.(rec.value) ?? null;
    if (key !== null) {
      const group = this.groups.get(key);
      if (group) group.push(rec);
      else this.groups.set(key, [rec]);
      return;
    }
    const parts = f.split?.(rec.value);
    if (parts) {
      for (const p of parts) this.convertOne({ line: rec.line, value: p.value }, f, p.field);
      return;
    }
    this.convertOne(rec, f);
  }

  /** The gathered records, one trajectory per key, once every record is read. */
  convertGroups(f: FormatImporter): void {
    for (const group of this.groups.values()) {
      const gathered: GatheredRecords = { gathered: group };
      this.convertOne({ line: group[0]?.line ?? 1, value: gathered }, f);
    }
  }

  /** The batch so far, with the issues found since the last one; the next batch starts empty. */
  take(): ImportBatch {
    const batch: ImportBatch = {
      format: this.summary.format,
      trajectories: this.trajectories,
      lines: this.lines,
      legacyIds: this.legacyIds,
      derivedIds: this.derivedIds,
      annotations: this.annotations,
      issues: this.summary.errors.slice(this.issuesSent, (this.issuesSent = this.summary.errors.length)),
      progress: { ...this.progress },
    };
    this.trajectories = [];
    this.lines = [];
    this.legacyIds = new Map();
    this.derivedIds = new Set();
    this.annotations = [];
    return batch;
  }

  /** One warning per key for the records that imported with one, naming their lines. */
  reportWarnings(): void {
    for (const { w, first, last, count } of this.warned.values()) {
      const where =
        count === 1
          ? ''
          : ` (${count.toLocaleString('en-US')} records, the first at line ${first}, the last at line ${last})`;
      this.summary.errors.push({
        file: this.summary.file,
        line: first,
        ...(w.field ? { field: w.field } : {}),
        message: `${w.message}${where}`,
        severity: 'warning',
      });
    }
    this.warned.clear();
  }

  /** One issue per id that came more than once, at its first duplicate, naming the line kept. */
  reportDuplicates(): void {
    for (const [id, k] of this.kept) {
      if (!k.dups.length) continue;
      this.summary.errors.push({
        file: this.summary.file,
        line: k.dups[0] as number,
        field: 'id',
        message:
          `${k.dups.length} duplicate${k.dups.length === 1 ? '' : 's'} of id ${JSON.stringify(id)} at ` +
          `line${k.dups.length === 1 ? '' : 's'} ${k.dups.join(', ')} (first at line ${k.line}, which was kept); not imported`,
      });
    }
  }

  private convertOne(rec: RawRecord, f: FormatImporter, partField?: string): void {
    const { summary, progress } = this;
    const t = convertRecord(rec, f, summary.file, this.seenIds);
    if ('issue' in t) {
      if (partField) t.issue.field = t.issue.field ? `${partField}.${t.issue.field}` : partField;
      this.report(t.issue);
      return;
    }
    summary.records++;
    progress.records++;
    const id = t.trajectory.id;
    const first = this.kept.get(id);
    if (first) {
      // Storing it would overwrite the first record with this id: keep the first, report this.
      first.dups.push(rec.line);
      progress.errors++;
      return;
    }
    this.kept.set(id, { line: rec.line, dups: [] });
    this.trajectories.push(t.trajectory);
    this.lines.push(rec.line);
    if (t.legacyId && t.legacyId !== id) this.legacyIds.set(id, t.legacyId);
    if (t.derived) this.derivedIds.add(id);
    summary.imported++;
    progress.imported++;
    for (const w of f.warnings?.(rec.value, { file: summary.file, line: rec.line }) ?? []) {
      const seen = this.warned.get(w.key);
      if (seen) {
        seen.last = rec.line;
        seen.count++;
      } else this.warned.set(w.key, { w, first: rec.line, last: rec.line, count: 1 });
    }
    const a = f.annotations?.(rec.value, id);
    if (a) {
      this.annotations.push(...a.annotations);
      summary.annotations += a.annotations.length;
      for (const issue of a.issues) summary.errors.push({ ...issue, file: summary.file, line: rec.line });
    }
  }
}
