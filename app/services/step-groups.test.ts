import { describe, expect, it } from 'vitest';
import { ALONE_BYTES, GROUP_BYTES, GROUP_FILES, groupEnd } from './step-groups';

/** Cuts files of `sizes` into groups, as importTrainingFiles does. */
async function groups(sizes: readonly number[]): Promise<number[]> {
  const out: number[] = [];
  for (let k = 0; k < sizes.length;) {
    const end = await groupEnd((i) => sizes[i]!, k, sizes.length);
    out.push(end - k);
    k = end;
  }
  return out;
}

describe('groupEnd', () => {
  it('groups small files up to GROUP_FILES; a big file goes alone', async () => {
    expect(await groups(Array(2500).fill(2000))).toEqual([GROUP_FILES, GROUP_FILES, 500]);
    expect(await groups([100, 100, ALONE_BYTES, 100, ALONE_BYTES - 1, 100])).toEqual([2, 1, 3]);
    expect(await groups(Array(20).fill(ALONE_BYTES * 2))).toEqual(Array(20).fill(1));
  });

  it('cuts a group at GROUP_BYTES', async () => {
    const size = Math.floor(ALONE_BYTES / 2);
    const fit = Math.floor(GROUP_BYTES / size);
    expect(await groups(Array(fit + 3).fill(size))).toEqual([fit, 3]);
  });

  it('yields between slices while it reads sizes', async () => {
    let t = 0;
    let pauses = 0;
    const end = await groupEnd(
      () => {
        t += 1;
        return 10;
      },
      0,
      500,
      async () => void pauses++,
      () => t,
      8,
    );
    expect(end).toBe(500);
    expect(pauses).toBeGreaterThanOrEqual(500 / 8 - 2);
  });
});
