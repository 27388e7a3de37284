// The table's refreshes while files import: the ids stored are announced (the table worker reads
// just their rows) at most once a second; at the import's end, what is left goes with its end
// notice (announceImportEnd) once the news of every record stored has come.
import { announceStored } from './changes';

/** Shortest time between two refreshes of the table while files import. */
export const PARTIAL_REFRESH_MS = 1000;

/** Longest an import's end waits for the news of its last batches before reading every row. */
export const NEWS_WAIT_MS = 1000;

/**
 * Announces stored rows to the table at most once a second (PARTIAL_REFRESH_MS): each refresh
 * renders the table and the Training page's plots while the import competes for the CPU. One is
 * shared by a run's files, so 5,000 one-sample step files refresh a few times a second, not 5,000.
 */
export class StoredRefresh {
  private stored: string[] = [];
  private announced = Number.NEGATIVE_INFINITY;
  private later: ReturnType<typeof setTimeout> | undefined;
  /** Stored ids heard in all (announced or not): settle compares it with what the reports count. */
  private heardCount = 0;
  private readonly waiting = new Set<() => void>();

  get heard(): number {
    return this.heardCount;
  }

  add(ids: readonly string[]): void {
    for (const id of ids) this.stored.push(id);
    this.heardCount += ids.length;
    for (const w of this.waiting) w();
    const wait = this.announced + PARTIAL_REFRESH_MS - performance.now();
    // Too soon after the last: later, even if nothing follows for a while (a slow record).
    if (wait <= 0) this.flush();
    else this.later ??= setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    clearTimeout(this.later);
    this.later = undefined;
    this.announced = performance.now();
    if (this.stored.length) announceStored(this.stored);
    this.stored = [];
  }

  /**
   * The ids not announced yet, for the import's end notice, once `heard` reaches `expected` (the
   * records the import's reports count as stored, plus what was heard before it): the news of a
   * batch travels on another port than the import's return, so it may come after it. 'all' when
   * `expected` is unknown (null: a failure) or the news does not come within `waitMs` (lost with
   * an ended worker): then the table reads every row.
   */
  async settle(expected: number | null, waitMs = NEWS_WAIT_MS): Promise<string[] | 'all'> {
    if (expected !== null && this.heardCount < expected)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(check);
          resolve();
        };
        const check = () => {
          if (this.heardCount >= expected) done();
        };
        const timer = setTimeout(done, waitMs);
        this.waiting.add(check);
      });
    clearTimeout(this.later);
    this.later = undefined;
    const ids = this.stored;
    this.stored = [];
    return expected !== null && this.heardCount === expected ? ids : 'all';
  }
}
