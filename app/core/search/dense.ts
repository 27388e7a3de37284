// Exact (brute-force) nearest neighbours over normalized embedding vectors. Pure: the vectors come
// from an Embedder (docs/architecture.md §2), which returns L2-normalized Float32 vectors, so the dot product
// is the cosine similarity. No model code here.
//
// - FloatVectorIndex: all vectors in one Float32Array (row-major, `dim` floats per row); a query
//   scores every row and keeps the top k in a small heap.
// - Int8VectorIndex: per-vector scale quantization, code_i = round(x_i / s) with s = max_i |x_i| / 127,
//   so a vector costs dim bytes + one float (4× smaller). The query is quantized to int16 with its
//   own scale (nearly lossless), products are summed exactly as integers: score ≈ s_q · s · Σ q_i code_i.
//   recallAtK / int8RecallAtK measure how many of the float top-k it returns.
// - Speed: with WebAssembly SIMD (simd.ts; dim % 8 === 0) the rows live in the kernel's memory and
//   one call scores them all (50k × 384 on this project's 2-core machine, Node 20: float ≈ 8 ms,
//   int8 ≈ 1.8 ms per query); otherwise an unrolled JS loop (≈ 19–25 ms for either). Both paths give
//   the same int8 scores; the float kernel sums in f32 lanes, the JS loop in f64 (last-bit
//   differences).
// Ties in score rank the lower row first (deterministic). Rows are numbered in insertion order; the
// caller maps rows to passage ids.

import { createSimdKernel, type SimdKernel } from './simd';
import { TopK } from './topk';

export interface VectorHit {
  /** Row number (insertion order). */
  index: number;
  score: number;
}

export interface VectorIndex {
  readonly dim: number;
  readonly size: number;
  search(query: Float32Array, k: number): VectorHit[];
}

/** L2-normalize in place (a zero vector stays zero); returns the vector. */
export function normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i]! *= inv;
  }
  return v;
}

let scoreScratch = new Float64Array(0);
function scratchScores(n: number): Float64Array {
  if (scoreScratch.length < n) scoreScratch = new Float64Array(n);
  return scoreScratch;
}

/**
 * out[r] = Σ_i q[i] · x[r·dim + i] for r < n. The main loop covers the first dim − dim % 8 columns
 * with 8-way unrolling and 4 accumulators; the remaining columns are added in a second pass
 * (a remainder loop inside the row loop makes V8's code ~1.7× slower).
 */
function dotRows(x: Float32Array, n: number, dim: number, q: Float32Array, out: Float64Array): void {
  const main = dim & ~7;
  for (let r = 0, base = 0; r < n; r++, base += dim) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < main; i += 8) {
      const o = base + i;
      s0 += q[i]! * x[o]! + q[i + 4]! * x[o + 4]!;
      s1 += q[i + 1]! * x[o + 1]! + q[i + 5]! * x[o + 5]!;
      s2 += q[i + 2]! * x[o + 2]! + q[i + 6]! * x[o + 6]!;
      s3 += q[i + 3]! * x[o + 3]! + q[i + 7]! * x[o + 7]!;
    }
    out[r] = s0 + s1 + (s2 + s3);
  }
  if (main === dim) return;
  for (let r = 0, base = 0; r < n; r++, base += dim) {
    let s = 0;
    for (let i = main; i < dim; i++) s += q[i]! * x[base + i]!;
    out[r]! += s;
  }
}

// The same loop over int8 rows: a separate function keeps each call site monomorphic.
function dotRowsInt8(x: Int8Array, n: number, dim: number, q: Int16Array, out: Float64Array): void {
  const main = dim & ~7;
  for (let r = 0, base = 0; r < n; r++, base += dim) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < main; i += 8) {
      const o = base + i;
      s0 += q[i]! * x[o]! + q[i + 4]! * x[o + 4]!;
      s1 += q[i + 1]! * x[o + 1]! + q[i + 5]! * x[o + 5]!;
      s2 += q[i + 2]! * x[o + 2]! + q[i + 6]! * x[o + 6]!;
      s3 += q[i + 3]! * x[o + 3]! + q[i + 7]! * x[o + 7]!;
    }
    out[r] = s0 + s1 + (s2 + s3);
  }
  if (main === dim) return;
  for (let r = 0, base = 0; r < n; r++, base += dim) {
    let s = 0;
    for (let i = main; i < dim; i++) s += q[i]! * x[base + i]!;
    out[r]! += s;
  }
}

/** Options for the vector indexes. */
export interface DenseOptions {
  /** Use the WebAssembly SIMD kernels when the engine has them and dim % 8 === 0 (default true). */
  simd?: boolean;
}

const align16 = (n: number) => (n + 15) & ~15;
const PAGE = 65536;

/**
 * Storage shared by both indexes: one buffer laid out as [query | rows (capacity × rowBytes) |
 * scores (capacity × 4)]. With SIMD it is the kernel's WebAssembly memory, which only grows in
 * place (the rows never move); without, a plain ArrayBuffer that is reallocated and copied.
 */
class Arena {
  readonly kernel: SimdKernel | null;
  readonly dataOff: number;
  buffer: ArrayBuffer;
  capacity = 0;

  constructor(
    queryBytes: number,
    readonly rowBytes: number,
    simd: boolean,
  ) {
    this.dataOff = align16(queryBytes);
    this.kernel = simd ? createSimdKernel(Math.ceil(this.bytesFor(0) / PAGE)) : null;
    this.buffer = this.kernel
      ? (this.kernel.memory.buffer as ArrayBuffer)
      : new ArrayBuffer(this.bytesFor(0));
  }

  get outOff(): number {
    return align16(this.dataOff + this.capacity * this.rowBytes);
  }

  private bytesFor(capacity: number): number {
    return align16(this.dataOff + capacity * this.rowBytes) + capacity * 4;
  }

  /** Make room for `rows` rows (keeps the rows stored so far); true when the buffer changed. */
  reserve(rows: number, exact = false): boolean {
    if (rows <= this.capacity) return false;
    const capacity = exact ? rows : Math.max(rows, this.capacity * 2, 64);
    const bytes = this.bytesFor(capacity);
    if (this.kernel) {
      const memory = this.kernel.memory;
      const have = memory.buffer.byteLength;
      if (bytes > have) memory.grow(Math.ceil((bytes - have) / PAGE));
      this.buffer = memory.buffer as ArrayBuffer;
    } else {
      const next = new ArrayBuffer(bytes);
      const used = this.capacity * this.rowBytes;
      new Uint8Array(next, this.dataOff, used).set(new Uint8Array(this.buffer, this.dataOff, used));
      this.buffer = next;
    }
    this.capacity = capacity;
    return true;
  }
}

function toRows(vectors: Float32Array | readonly Float32Array[], dim: number): Float32Array {
  if (vectors instanceof Float32Array) {
    if (vectors.length % dim !== 0)
      throw new Error(`vector data length ${vectors.length} is not a multiple of ${dim}`);
    return vectors;
  }
  const rows = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => {
    if (v.length !== dim) throw new Error(`vector ${i} has ${v.length} dims, expected ${dim}`);
    rows.set(v, i * dim);
  });
  return rows;
}

function checkDim(dim: number): void {
  if (!Number.isInteger(dim) || dim <= 0) throw new Error(`bad dimension ${dim}`);
}

export class FloatVectorIndex implements VectorIndex {
  private readonly arena: Arena;
  private data: Float32Array;
  private count = 0;

  constructor(
    readonly dim: number,
    initial?: Float32Array | readonly Float32Array[],
    options: DenseOptions = {},
  ) {
    checkDim(dim);
    this.arena = new Arena(4 * dim, 4 * dim, (options.simd ?? true) && dim % 8 === 0);
    this.data = new Float32Array(0);
    if (initial) this.add(initial);
  }

  /** Whether searches run on the WebAssembly SIMD kernel. */
  get simd(): boolean {
    return this.arena.kernel !== null;
  }

  /** Bytes of storage held (vectors at capacity, query and score scratch). */
  get bytes(): number {
    return this.arena.buffer.byteLength;
  }

  get size(): number {
    return this.count;
  }

  /** The stored rows, size·dim floats. A view: valid until the next add. */
  get vectors(): Float32Array {
    return this.data.subarray(0, this.count * this.dim);
  }

  /** Append vectors: one Float32Array of n·dim floats, or n arrays of dim floats. Not normalized here. */
  add(vectors: Float32Array | readonly Float32Array[]): void {
    const rows = toRows(vectors, this.dim);
    const n = rows.length / this.dim;
    const a = this.arena;
    if (a.reserve(this.count + n, this.count === 0) || this.data.buffer !== a.buffer)
      this.data = new Float32Array(a.buffer, a.dataOff, a.capacity * this.dim);
    this.data.set(rows, this.count * this.dim);
    this.count += n;
  }

  /** Dot product of the query with every row; the k best, best first. */
  search(query: Float32Array, k: number): VectorHit[] {
    const dim = this.dim;
    if (query.length !== dim) throw new Error(`query has ${query.length} dims, expected ${dim}`);
    const n = this.count;
    const top = new TopK(Math.max(0, Math.min(k, n)));
    if (top.k === 0) return [];
    const a = this.arena;
    let scores: Float32Array | Float64Array;
    if (a.kernel) {
      new Float32Array(a.buffer, 0, dim).set(query);
      a.kernel.f32(0, a.dataOff, n, dim, a.outOff);
      scores = new Float32Array(a.buffer, a.outOff, n);
    } else {
      scores = scratchScores(n);
      dotRows(this.data, n, dim, query, scores);
    }
    for (let r = 0; r < n; r++) {
      const s = scores[r]!;
      if (s >= top.threshold) top.push(s, r);
    }
    return top.result();
  }

  toSnapshot(): { dim: number; vectors: Float32Array } {
    return { dim: this.dim, vectors: this.vectors.slice() };
  }

  static fromSnapshot(s: { dim: number; vectors: Float32Array }, options?: DenseOptions): FloatVectorIndex {
    return new FloatVectorIndex(s.dim, s.vectors, options);
  }
}

/** Largest |q_i| of the int16 query such that dim · 127 · qmax stays below 2^31 (no i32 overflow). */
function queryRange(dim: number): number {
  return Math.min(32767, Math.floor(0x7fffffff / (127 * dim)));
}

export class Int8VectorIndex implements VectorIndex {
  private readonly arena: Arena;
  private codes: Int8Array;
  private scales = new Float32Array(0);
  private count = 0;
  private readonly q16: Int16Array;

  constructor(
    readonly dim: number,
    initial?: Float32Array | readonly Float32Array[],
    options: DenseOptions = {},
  ) {
    checkDim(dim);
    this.arena = new Arena(2 * dim, dim, (options.simd ?? true) && dim % 8 === 0);
    this.codes = new Int8Array(0);
    this.q16 = new Int16Array(dim);
    if (initial) this.add(initial);
  }

  static fromFloat(index: FloatVectorIndex, options?: DenseOptions): Int8VectorIndex {
    return new Int8VectorIndex(index.dim, index.vectors, options);
  }

  get simd(): boolean {
    return this.arena.kernel !== null;
  }

  /** Bytes of storage held (codes at capacity, scales, query and score scratch). */
  get bytes(): number {
    return this.arena.buffer.byteLength + this.scales.byteLength;
  }

  get size(): number {
    return this.count;
  }

  /** Quantize and append vectors (same layouts as FloatVectorIndex.add). */
  add(vectors: Float32Array | readonly Float32Array[]): void {
    const dim = this.dim;
    const rows = toRows(vectors, dim);
    const n = rows.length / dim;
    const a = this.arena;
    if (a.reserve(this.count + n, this.count === 0) || this.codes.buffer !== a.buffer) {
      this.codes = new Int8Array(a.buffer, a.dataOff, a.capacity * dim);
      const scales = new Float32Array(a.capacity);
      scales.set(this.scales.subarray(0, this.count));
      this.scales = scales;
    }
    const codes = this.codes;
    for (let r = 0; r < n; r++) {
      const src = r * dim;
      let max = 0;
      for (let i = 0; i < dim; i++) {
        const v = Math.abs(rows[src + i]!);
        if (v > max) max = v;
      }
      const inv = max > 0 ? 127 / max : 0;
      const dst = (this.count + r) * dim;
      for (let i = 0; i < dim; i++) codes[dst + i] = Math.round(rows[src + i]! * inv);
      this.scales[this.count + r] = max / 127;
    }
    this.count += n;
  }

  /**
   * Approximate dot products, best k first. The query is quantized to int16 (per-query scale,
   * relative error ~1e-5), the products are summed exactly in integers, then scaled:
   * score = qScale · scale_r · Σ_i q16_i · code_ri.
   */
  search(query: Float32Array, k: number): VectorHit[] {
    const dim = this.dim;
    if (query.length !== dim) throw new Error(`query has ${query.length} dims, expected ${dim}`);
    const n = this.count;
    const top = new TopK(Math.max(0, Math.min(k, n)));
    if (top.k === 0) return [];
    let max = 0;
    for (let i = 0; i < dim; i++) max = Math.max(max, Math.abs(query[i]!));
    const range = queryRange(dim);
    const qScale = max > 0 ? max / range : 0;
    const q16 = this.q16;
    for (let i = 0; i < dim; i++) q16[i] = max > 0 ? Math.round((query[i]! * range) / max) : 0;
    const a = this.arena;
    let sums: Int32Array | Float64Array;
    if (a.kernel) {
      new Int16Array(a.buffer, 0, dim).set(q16);
      a.kernel.i8(0, a.dataOff, n, dim, a.outOff);
      sums = new Int32Array(a.buffer, a.outOff, n);
    } else {
      sums = scratchScores(n);
      dotRowsInt8(this.codes, n, dim, q16, sums);
    }
    const scales = this.scales;
    for (let r = 0; r < n; r++) {
      const s = sums[r]! * qScale * scales[r]!;
      if (s >= top.threshold) top.push(s, r);
    }
    return top.result();
  }

  toSnapshot(): { dim: number; codes: Int8Array; scales: Float32Array } {
    return {
      dim: this.dim,
      codes: this.codes.slice(0, this.count * this.dim),
      scales: this.scales.slice(0, this.count),
    };
  }

  static fromSnapshot(
    s: { dim: number; codes: Int8Array; scales: Float32Array },
    options?: DenseOptions,
  ): Int8VectorIndex {
    if (s.codes.length !== s.scales.length * s.dim) throw new Error('corrupt int8 snapshot');
    const index = new Int8VectorIndex(s.dim, undefined, options);
    const n = s.scales.length;
    const a = index.arena;
    a.reserve(n, true);
    index.codes = new Int8Array(a.buffer, a.dataOff, a.capacity * s.dim);
    index.codes.set(s.codes);
    index.scales = s.scales.slice();
    index.count = n;
    return index;
  }
}

/**
 * Mean recall@k of an approximate index against an exact one: for each query, the share of the
 * exact top-k rows that the approximate top-k also returns.
 */
export function recallAtK(
  exact: VectorIndex,
  approx: VectorIndex,
  queries: readonly Float32Array[],
  k: number,
): number {
  if (queries.length === 0) return 1;
  let sum = 0;
  for (const q of queries) {
    const truth = exact.search(q, k);
    if (truth.length === 0) {
      sum += 1;
      continue;
    }
    const got = new Set(approx.search(q, k).map((h) => h.index));
    let hit = 0;
    for (const h of truth) if (got.has(h.index)) hit++;
    sum += hit / truth.length;
  }
  return sum / queries.length;
}

/** recall@k of int8 quantization against float32 on the same vectors. */
export function int8RecallAtK(index: FloatVectorIndex, queries: readonly Float32Array[], k: number): number {
  return recallAtK(index, Int8VectorIndex.fromFloat(index), queries, k);
}
