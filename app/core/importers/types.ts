// The contract every trajectory-log format implements. A format turns one parsed record into
// builder events; the pipeline (pipeline.ts) handles files, detection, ids and error reports.
import type { Annotation } from '../annotations/annotation';
import type { TrajectoryEvent } from '../schema/builder';

export interface RecordContext {
  /** File name as the user gave it. */
  file: string;
  /** 1-based line where the record starts in the file. */
  line: number;
}

export interface FormatImporter {
  id: string;
  label: string;
  /**
   * How sure this format is that the sample records are its own: 0 = not this format, 1 = certain.
   * A sample value is a parsed JSON value, or a string for a plain-text file.
   */
  detect(sample: readonly unknown[]): number;
  /**
   * A record that wraps several trajectories (ExSearch's summary file: `{score, output: [...]}`)
   * is split into its parts, each imported on its own; `field` says where each part sits.
   */
  split?(record: unknown): Array<{ value: unknown; field: string }> | null;
  /**
   * Records that belong together (Phoenix span JSONL: a span a line, a trace over many lines)
   * return the same key; the pipeline gathers them to the end of the file and hands `toEvents`
   * the group as a `GatheredRecords` value. null: the record stands alone.
   */
  groupKey?(record: unknown): string | null;
  /**
   * Text mixed into the id the pipeline derives from a record's content, for formats where the
   * same record means another trajectory in another file (a training sample's run and step).
   */
  idSalt?(record: unknown, ctx: RecordContext): string;
  /**
   * True for a format added after content ids hashed a canonical form (db/import-batch.ts
   * keepLegacyIds): no record of it was ever stored under a key-order id, so none is hashed.
   */
  noKeyOrderIds?: true;
  /** One record to events (a `start` first). Throw RecordError for malformed input. */
  toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[];
  /**
   * What is odd about a record that imported (it is kept): each warning with a key, so the
   * pipeline says one per key for the file, with how many records and which lines, not one a record.
   */
  warnings?(record: unknown, ctx: RecordContext): RecordWarning[];
  /** Human labels the record carries (an export with annotations), filed under `trajectoryId`. */
  annotations?(
    record: unknown,
    trajectoryId: string,
  ): { annotations: Annotation[]; issues: Array<Omit<ImportIssue, 'file' | 'line'>> };
}

/** A warning about a record that imported; records with the same `key` share one report line. */
export interface RecordWarning {
  key: string;
  message: string;
  field?: string;
}

/** What `toEvents` receives for a gathered group: each record with its own line. */
export interface GatheredRecords {
  gathered: Array<{ line: number; value: unknown }>;
}

/**
 * A malformed record: the message says what is wrong, `field` where (a dotted path), `line` the
 * line when it is not the record's first (a trace gathered from several JSONL lines).
 */
export class RecordError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'RecordError';
  }
}

export interface ImportIssue {
  file: string;
  line: number;
  field?: string;
  message: string;
  /** A warning costs no record (ignored junk, an unclosed array); absent means the record is lost. */
  severity?: 'warning';
}
