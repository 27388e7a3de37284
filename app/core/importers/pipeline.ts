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
import type { FormatImporter, ImportIssue } from './types';

export interface ImportOptions {
  file: string;
  /** Format id to use instead of auto-detection. */
  format?: string;
  signal?: AbortSignal;
  /** Trajectories per yielded batch at most (BATCH_RECORDS by default). */
  batchSize?: number;
  /** Characters read per yielded batch at most (BATCH_CHARS by default): big records make smaller batches. */
  batchChars?: number;
}

/**
 * Trajectories per batch, each stored in one transaction: a transaction has a fixed cost (its
 * commit, the report written with it, one refresh of the table), so 1,000 small records a
 * transaction sit near the bare-put floor where 200 did not (docs/benchmarks.md, training).
 */
export const BATCH_RECORDS = 1000;
/**
 * Characters of source per batch: a batch of big records (long traces, many passages) is cut
 * here, so the records a worker holds and the transaction's size stay bounded (≈ 8 MB of text).
 */
export const BATCH_CHARS = 8 * 1024 * 1024;
/**
 * A batch held this long is stored as it is (ms): the records read before a slow one (a record
 * with a million gold aliases converts for seconds) are stored, and shown, before it converts.
 */
export const BATCH_MS = 2000;

// What an import yields and returns: defined with the collector that fills them.
export type { ImportBatch, ImportProgress, ImportSummary } from './batch-collector';

const DETECT_SAMPLE = 5;
/**
 * Records held while no format recognises them, to be read as the format once one does. Past this
 * the oldest are let go (counted, with their lines, in one report line) and reading goes on: noise
 * of any length before the good records cannot hide them, and memory stays bounded.
 */
export const MAX_HELD_UNDETECTED = 1000;

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
  const batchSize = opts.batchSize ?? BATCH_RECORDS;
  const batchChars = opts.batchChars ?? BATCH_CHARS;
  // Characters read when the last batch was taken.
  let takenAt = 0;
  const full = () =>
    collector.size >= batchSize || (collector.size > 0 && progress.chars - takenAt >= batchChars);
  const take = () => {
    takenAt = progress.chars;
    return collector.take();
  };
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
  const held = new Undetected();
  const flushPending = (f: FormatImporter) => {
    summary.format = f.id;
    if (held.letGo.count > 0) collector.reportLost(letGoIssue(held.letGo, f, opts.file));
    for (const r of held.take()) collector.convert(r, f);
  };

  for await (const item of readRecords(counted, (c) => (summary.container = c), opts.signal)) {
    throwIfAborted(opts.signal);
    // Checked before a record converts too: what came before a big or slow one is stored first.
    if (full()) yield take();
    if ('issue' in item) {
      collector.report(item.issue);
      continue;
    }
    if (!format) {
      // Detection looks at the latest records some format claims on their own, so leading
      // metadata, junk records or noise of any length cannot hide the good ones; once found, the
      // held records go through it too, and the noise let go before them is one report line.
      held.push(item.record);
      format = held.detect();
      if (!format) {
        held.trim(() => collector.lose());
        continue;
      }
      flushPending(format);
    } else {
      collector.convert(item.record, format);
    }
    if (full()) yield take();
  }
  if (!format && held.size > 0) {
    format = held.detect(true);
    if (!format) {
      unrecognised(held, summary, opts.file);
      return summary;
    }
    flushPending(format);
  }
  if (format) collector.convertGroups(format);
  summary.format = format?.id ?? summary.format;
  collector.reportDuplicates();
  collector.reportWarnings();
  if (collector.size > 0 || progress.records === 0) yield take();
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

/** The held records and the noise let go before them, while the format is not known. */
class Undetected {
  private held: RawRecord[] = [];
  private head = 0;
  /** The latest values some format claims on their own (noise between them left out). */
  private readonly claimed: unknown[] = [];
  /** Records let go past the cap: how many, and the lines of the first and the last. */
  readonly letGo = { count: 0, first: 0, last: 0 };

  get size(): number {
    return this.held.length - this.head;
  }

  push(r: RawRecord): void {
    this.held.push(r);
    if (FORMATS.some((f) => f.detect([r.value]) > 0)) {
      this.claimed.push(r.value);
      if (this.claimed.length > DETECT_SAMPLE) this.claimed.shift();
    }
  }

  /**
   * The format of the latest records some format claims on their own, once there are enough of
   * them, or any before one would be let go, or any at the end of the file; else null. Noise is
   * left out of the sample: beside the good records it would outvote a format that needs a
   * majority (qagent, apex) and hand the file to one that averages (search-r1).
   */
  detect(end = false): FormatImporter | null {
    const full = this.size > MAX_HELD_UNDETECTED;
    if (this.claimed.length === 0 || (!end && !full && this.claimed.length < DETECT_SAMPLE)) return null;
    return detectFormat(this.claimed);
  }

  /** Lets the oldest records go while more are held than the cap (none a format claims, unless they disagree). */
  trim(lost: () => void): void {
    while (this.size > MAX_HELD_UNDETECTED) {
      const old = this.held[this.head++] as RawRecord;
      if (this.letGo.count++ === 0) this.letGo.first = old.line;
      this.letGo.last = old.line;
      lost();
    }
    if (this.head >= MAX_HELD_UNDETECTED) {
      this.held = this.held.slice(this.head);
      this.head = 0;
    }
  }

  take(): RawRecord[] {
    const out = this.held.slice(this.head);
    this.held = [];
    this.head = 0;
    return out;
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const lines = (first: number, last: number) => (first === last ? `line ${first}` : `lines ${first}–${last}`);

/** One report line for the records let go before the format was found: not read as it. */
function letGoIssue(
  g: { count: number; first: number; last: number },
  f: FormatImporter,
  file: string,
): ImportIssue {
  return {
    file,
    line: g.first,
    message:
      `${count(g.count)} record${g.count === 1 ? '' : 's'} (${lines(g.first, g.last)}) came before the first ` +
      `records a format recognises and matched none; not imported (only the last ` +
      `${count(MAX_HELD_UNDETECTED)} records before those are held to be read as ${f.id}). ` +
      `To read them as ${f.id} too, import the file again with format ${f.id} chosen`,
  };
}

function unrecognised(held: Undetected, summary: ImportSummary, file: string): void {
  const sample = held.take();
  const n = held.letGo.count + sample.length;
  summary.records += sample.length;
  const first = held.letGo.count > 0 ? held.letGo.first : (sample[0]?.line ?? 1);
  const last = sample[sample.length - 1]?.line ?? first;
  summary.errors.push({
    file,
    line: first,
    message:
      `could not recognise the format of ${n === 1 ? 'the record' : `${count(n)} records (${lines(first, last)})`}` +
      ` (tried ${FORMATS.map((x) => x.id).join(', ')}); choose one explicitly`,
  });
}

async function* countChars(chunks: AsyncIterable<string>, add: (n: number) => void): AsyncGenerator<string> {
  for await (const c of chunks) {
    add(c.length);
    yield c;
  }
}
