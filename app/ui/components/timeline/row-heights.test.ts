import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../core/random';
import { RowHeights } from './row-heights';

/** The same answers by summing a plain list. */
class Plain {
  sizes: number[];
  constructor(
    n: number,
    readonly estimate: number,
  ) {
    this.sizes = Array.from({ length: n }, () => estimate);
  }
  start(i: number) {
    return this.sizes.slice(0, i).reduce((a, b) => a + b, 0);
  }
  indexAt(offset: number) {
    let i = 0;
    while (i < this.sizes.length - 1 && this.start(i + 1) <= offset) i++;
    return i;
  }
}

describe('RowHeights', () => {
  it('answers offsets and rows at offsets as a plain sum does, through measurements and growth', () => {
    const rand = mulberry32(3);
    const fast = new RowHeights(37, 72);
    const plain = new Plain(37, 72);
    const check = () => {
      expect(fast.count).toBe(plain.sizes.length);
      for (let i = 0; i <= plain.sizes.length; i++) expect(fast.start(i)).toBe(plain.start(i));
      expect(fast.total).toBe(plain.start(plain.sizes.length));
      for (let k = 0; k < 40; k++) {
        const offset = Math.floor(rand() * (plain.start(plain.sizes.length) + 100)) - 20;
        expect(fast.indexAt(offset), `row at ${offset}`).toBe(plain.indexAt(offset));
      }
      for (let i = 0; i < plain.sizes.length; i++) expect(fast.indexAt(plain.start(i))).toBe(i);
    };
    check();
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 10; k++) {
        const i = Math.floor(rand() * plain.sizes.length);
        const size = 20 + Math.floor(rand() * 200);
        expect(fast.set(i, size)).toBe(size - plain.sizes[i]!);
        plain.sizes[i] = size;
      }
      check();
      // Grows by one (a presenter frame), by many, or shrinks; measured rows that stay keep theirs.
      const next = [plain.sizes.length + 1, plain.sizes.length + 50, Math.max(1, plain.sizes.length - 30)][
        round % 3
      ]!;
      fast.resize(next);
      plain.sizes = Array.from({ length: next }, (_, i) => plain.sizes[i] ?? 72);
      check();
    }
    // Frame by frame: one row at a time, within the capacity a resize keeps.
    for (let k = 0; k < 40; k++) {
      fast.resize(plain.sizes.length + 1);
      plain.sizes.push(72);
      const i = Math.floor(rand() * plain.sizes.length);
      fast.set(i, 10 + k);
      plain.sizes[i] = 10 + k;
      check();
    }
    // Far jumps (Home, End): shrinking, then growing by many rows at once within the capacity
    // kept (the tree is rebuilt in place, past rows left stale) and beyond it.
    for (const next of [3, 400, 10, 700, 650, 1000, 2]) {
      fast.resize(next);
      plain.sizes = Array.from({ length: next }, (_, i) => plain.sizes[i] ?? 72);
      const i = Math.floor(rand() * next);
      fast.set(i, 33);
      plain.sizes[i] = 33;
      check();
    }
    expect(fast.set(0, fast.size(0))).toBe(0);
    expect(fast.set(-1, 5)).toBe(0);
    expect(fast.set(fast.count, 5)).toBe(0);
  });

  it('an empty list has no height and row 0 everywhere', () => {
    const empty = new RowHeights(0, 50);
    expect(empty.total).toBe(0);
    expect(empty.indexAt(100)).toBe(0);
    empty.resize(3);
    expect(empty.total).toBe(150);
    expect(empty.indexAt(149)).toBe(2);
  });
});
