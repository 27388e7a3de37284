// The bytes of a run's picked files, for the import's share done and time left. In Chromium a
// picked folder's File reads its size from disk on first use: reading all 5,000 sizes up front was
// one 2.8 s task on the page's thread (docs/benchmarks.md, "Training runs"). They are read here in
// slices of a few milliseconds that yield between them, and as each file is imported; until every
// size is known the total is estimated from the sizes read so far.

/** Milliseconds of size reads in one slice before yielding to the page. */
export const SLICE_MS = 8;

export class RunSizes {
  private readonly sizes: Array<number | undefined>;
  private known = 0;
  private sum = 0;
  private stopped = false;

  constructor(
    private readonly files: ReadonlyArray<{ readonly size: number }>,
    private readonly now: () => number = () => performance.now(),
    private readonly pause: () => Promise<void> = () => new Promise((r) => setTimeout(r, 0)),
  ) {
    this.sizes = new Array<number | undefined>(files.length);
  }

  /** File `k`'s size (read now if not yet). */
  sizeOf(k: number): number {
    const have = this.sizes[k];
    if (have !== undefined) return have;
    const size = (this.files[k] as { size: number }).size;
    this.sizes[k] = size;
    this.known++;
    this.sum += size;
    return size;
  }

  /** Whether every size has been read. */
  get complete(): boolean {
    return this.known === this.files.length;
  }

  /** The run's bytes: exact once every size is read, else the sizes read so far scaled to all files. */
  total(): number {
    if (this.complete || this.known === 0) return this.sum;
    return Math.round((this.sum / this.known) * this.files.length);
  }

  /** Reads the sizes not read yet, a slice of SLICE_MS at a time with a yield between, until stopped. */
  async readAll(): Promise<void> {
    let k = 0;
    while (k < this.files.length && !this.stopped) {
      const start = this.now();
      do this.sizeOf(k++);
      while (k < this.files.length && this.now() - start < SLICE_MS);
      if (k < this.files.length) await this.pause();
    }
  }

  stop(): void {
    this.stopped = true;
  }
}
