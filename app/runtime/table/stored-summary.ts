// Which rows' stamp (db/rows-writes.ts) the table worker's rows are proven current at, and the
// step summaries stored under it (db/step-summary-store.ts) at most once per SAVE_EVERY_MS during
// an import and once after its last read, so the next session plots them while this worker reads
// every row again. A full read is current at the stamp read before it. A read of some ids (an
// import's announcement) moves the proof on only over writes logged since whose every id was read
// again after that write: a write it cannot account for (another context's, one too big to log)
// leaves the proof where it was until the next full read, and nothing is stored meanwhile.
import type { StepSummary } from '../../core/training/step-summary';
import { ROWS_LOG, type RowsStamp, rowWritesBetween } from '../../db/rows-writes';
import { saveStepSummaries } from '../../db/step-summary-store';

/** At most one stored summary per this many ms while reads keep coming (an import). */
export const SAVE_EVERY_MS = 3000;

interface IdsRead {
  stamp: RowsStamp;
  ids: ReadonlySet<string>;
}

export class StoredSummaryKeeper {
  /** The stamp every write up to which the rows held reflect; null: unknown until a full read. */
  private proven: RowsStamp | null = null;
  /** Reads of ids since the proof, with the stamp read before each. */
  private reads: IdsRead[] = [];
  private saved: RowsStamp | null = null;
  private lastSave = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * `summaries`: the summaries of the rows held now; `enqueue`: runs a step after the reads queued
   * (so a save sees the rows and the proof of one read); `now`: the clock (tests).
   */
  constructor(
    private readonly summaries: () => StepSummary[],
    private readonly enqueue: (step: () => Promise<void>) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The stamp the rows held are proven current at (null: not proven). */
  current(): RowsStamp | null {
    return this.proven;
  }

  /** After a read of every row, current at `stamp`. */
  fullRead(stamp: RowsStamp): void {
    this.proven = stamp;
    this.reads = [];
    this.schedule();
  }

  /** After a read of `ids`, begun at `stamp`: moves the proof over the writes those reads cover. */
  async idsRead(stamp: RowsStamp, ids: readonly string[]): Promise<void> {
    const p = this.proven;
    if (!p) return;
    // Rows derive with the question sets: another key needs a full read (getRows asks for one).
    if (stamp.goldKey !== p.goldKey) {
      this.proven = null;
      this.reads = [];
      return;
    }
    this.reads.push({ stamp, ids: new Set(ids) });
    const to = Math.max(...this.reads.map((r) => r.stamp.seq));
    // More writes than the log keeps: the first of them is gone from it, so none can be matched.
    if (to - p.seq > ROWS_LOG) return;
    const writes = await rowWritesBetween(p.seq, to);
    let seq = p.seq;
    for (const [i, w] of writes.entries()) {
      const k = p.seq + 1 + i;
      // Each id of write k must have been read by a read begun after k had committed.
      const after = this.reads.filter((r) => r.stamp.seq >= k);
      if (w === null || !w.every((id) => after.some((r) => r.ids.has(id)))) break;
      seq = k;
    }
    if (seq === p.seq) return;
    this.proven = { seq, goldKey: p.goldKey };
    this.reads = this.reads.filter((r) => r.stamp.seq > seq);
    this.schedule();
  }

  /** Stores the summaries now if the last store is SAVE_EVERY_MS old, else once it is. */
  private schedule(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastSave + SAVE_EVERY_MS - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.enqueue(() => this.save());
    }, wait);
  }

  private async save(): Promise<void> {
    const p = this.proven;
    if (!p || (this.saved?.seq === p.seq && this.saved.goldKey === p.goldKey)) return;
    this.lastSave = this.now();
    if (await saveStepSummaries(p, this.summaries())) this.saved = p;
  }

  /** Resolves once a scheduled store has run (tests, benches). */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.enqueue(() => this.save());
    }
    // After every step queued so far, the store included.
    await new Promise<void>((done) => this.enqueue(async () => done()));
  }
}
