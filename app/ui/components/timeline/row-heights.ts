/**
 * Row heights of a long list as a Fenwick tree: a row's offset, the row at an offset and a
 * measured height each cost O(log n), and the list grows at its end without being walked. The
 * timeline's 100,000 rows were laid out by @tanstack/virtual, which recomputes every row's
 * offset whenever the count changes or a row above the others is measured (~10-30 ms per time on
 * 100,000 rows, several times per trajectory opened and once per presenter frame).
 */
export class RowHeights {
  private sizes = new Float64Array(0);
  // tree[i] holds the sum of sizes (i - lowbit(i), i], 1-based.
  private tree = new Float64Array(1);
  private n = 0;

  constructor(
    count: number,
    private readonly estimate: number,
  ) {
    this.resize(count);
  }

  get count(): number {
    return this.n;
  }

  /** Keeps measured heights of the rows that stay; new rows start at the estimate. */
  resize(count: number): void {
    if (count === this.n) return;
    if (count > this.sizes.length) {
      const sizes = new Float64Array(Math.max(count, Math.ceil(this.sizes.length * 1.5)));
      sizes.set(this.sizes.subarray(0, this.n));
      this.sizes = sizes;
    }
    this.sizes.fill(this.estimate, this.n, count);
    const grow = count - this.n;
    if (grow > 0 && grow <= 256 && this.tree.length > count) {
      // Growing by a few rows within capacity (a presenter frame, a live step): each new row's
      // node is its height plus the rows it covers before it, two prefix sums, O(log n) a row.
      // A far jump grows by many rows at once, and the rebuild below is cheaper then.
      for (let i = this.n; i < count; i++) {
        this.n = i;
        const j = i + 1;
        this.tree[j] = this.sizes[i]! + this.start(i) - this.start(j - (j & -j));
      }
      this.n = count;
      return;
    }
    this.n = count;
    // Rebuilt in O(n): each node passes its sum to its parent. The tree is reused when it has
    // room (nodes past `count` are never read, and growing writes them afresh).
    const tree =
      this.tree.length > count
        ? this.tree.fill(0, 0, count + 1)
        : new Float64Array(Math.max(count, this.sizes.length) + 1);
    for (let i = 1; i <= count; i++) {
      tree[i]! += this.sizes[i - 1]!;
      const parent = i + (i & -i);
      if (parent <= count) tree[parent]! += tree[i]!;
    }
    this.tree = tree;
  }

  private add(i: number, delta: number): void {
    for (let j = i + 1; j <= this.n; j += j & -j) this.tree[j]! += delta;
  }

  size(i: number): number {
    return this.sizes[i] ?? this.estimate;
  }

  /** Sets row i's measured height; returns the change (0: none). */
  set(i: number, size: number): number {
    if (i < 0 || i >= this.n) return 0;
    const delta = size - this.sizes[i]!;
    if (delta === 0) return 0;
    this.sizes[i] = size;
    this.add(i, delta);
    return delta;
  }

  /** The offset of row i's top (the sum of the heights before it). */
  start(i: number): number {
    let sum = 0;
    for (let j = Math.min(i, this.n); j > 0; j -= j & -j) sum += this.tree[j]!;
    return sum;
  }

  get total(): number {
    return this.start(this.n);
  }

  /** The row at `offset` (the last row whose top is at or above it), clamped to the list. */
  indexAt(offset: number): number {
    if (this.n === 0) return 0;
    let i = 0;
    let rest = offset;
    for (let step = 1 << Math.floor(Math.log2(this.n)); step > 0; step >>= 1) {
      const j = i + step;
      if (j <= this.n && this.tree[j]! <= rest) {
        i = j;
        rest -= this.tree[j]!;
      }
    }
    return Math.min(i, this.n - 1);
  }
}
