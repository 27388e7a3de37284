// The table's refreshes while files import: the ids stored are announced (the table worker reads
// just their rows) at most once a second.
import { announceStored } from './changes';

/** Shortest time between two refreshes of the table while files import. */
export const PARTIAL_REFRESH_MS = 1000;

/**
 * Announces stored rows to the table at most once a second (PARTIAL_REFRESH_MS): each refresh
 * renders the table and the Training page's plots while the import competes for the CPU. One is
 * shared by a run's files, so 5,000 one-sample step files refresh a few times a second, not 5,000.
 */
export class StoredRefresh {
  private stored: string[] = [];
  private announced = Number.NEGATIVE_INFINITY;
  private later: ReturnType<typeof setTimeout> | undefined;

  add(ids: readonly string[]): void {
    for (const id of ids) this.stored.push(id);
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

  /** Drops what is pending: the caller reads every row once more. */
  drop(): void {
    clearTimeout(this.later);
    this.later = undefined;
    this.stored = [];
  }
}
