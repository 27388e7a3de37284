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
  /** One record to events (a `start` first). Throw RecordError for malformed input. */
  toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[];
  /** Human labels the record carries (an export with annotations), filed under `trajectoryId`. */
  annotations?(
    record: unknown,
    trajectoryId: string,
  ): { annotations: Annotation[]; issues: Array<Omit<ImportIssue, 'file' | 'line'>> };
}

/** A malformed record: the message says what is wrong, `field` where (a dotted path). */
export class RecordError extends Error {
  constructor(
    message: string,
    readonly field?: string,
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
