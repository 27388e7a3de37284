// File → trajectories: bytes decoded (BOM, UTF-16, invalid UTF-8 reported), records read by the
// one streaming reader, format detection on the first records that parse (or the user's
// override), one record at a time through the format, content ids stable under key order,
// duplicate ids and unstorable records reported, and a report of every bad record with its file,
// line and reason. Good records are always kept (all-or-report).
import { throwIfAborted } from '../abort';
import type { Annotation } from '../annotations/annotation';
import { decodeChunks } from '../io/decode';
import type { Trajectory } from '../schema/trajectory';
import { BatchCollector, type ImportBatch, type ImportProgress, type ImportSummary } from './batch-collector';
import { type RawRecord, readRecords } from './records';
import { FORMATS, formatById } from './registry';
import type { FormatImporter } from './types';

export interface ImportOptions {
  file: string;
  /** Format id to use instead of auto-detection. */
  format?: string;
  signal?: AbortSignal;
  /** Records per yielded batch. */
  batchSize?: number;
}

// What an import yields and returns: defined with the collector that fills them.
export type { ImportBatch, ImportProgress, ImportSummary } from './batch-collector';

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

/**
 * Reads a file's records, settles its format (the user's, else detected), and yields what the
 * collector made of them every `batchSize` trajectories; returns the summary of the whole file.
 */
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
  const collector = new BatchCollector(summary, progress, opts.signal);
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
  // Records read while the format is not known yet; once it is, they go through it first.
  const pending: RawRecord[] = [];
  const flushPending = (f: FormatImporter) => {
    summary.format = f.id;
    for (const r of pending.splice(0)) collector.convert(r, f);
  };

  for await (const item of readRecords(counted, (c) => (summary.container = c), opts.signal)) {
    throwIfAborted(opts.signal);
    if ('issue' in item) {
      collector.report(item.issue);
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
      collector.convert(item.record, format);
    }
    if (collector.size >= batchSize) yield collector.take();
  }
  if (!format && pending.length > 0) {
    format = detectFormat(pending.map((r) => r.value));
    if (!format) {
      unrecognised(pending, summary, opts.file, false);
      return summary;
    }
    flushPending(format);
  }
  if (format) collector.convertGroups(format);
  summary.format = format?.id ?? summary.format;
  collector.reportDuplicates();
  if (collector.size > 0 || progress.records === 0) yield collector.take();
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

async function* countChars(chunks: AsyncIterable<string>, add: (n: number) => void): AsyncGenerator<string> {
  for await (const c of chunks) {
    add(c.length);
    yield c;
  }
}
