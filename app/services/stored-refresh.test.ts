import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onDataChange } from './changes';
import { PARTIAL_REFRESH_MS, StoredRefresh } from './stored-refresh';

describe('StoredRefresh', () => {
  let notices: string[][] = [];
  let off = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    notices = [];
    off = onDataChange((n) => notices.push([...(n.trajectoryIds ?? [])]));
  });
  afterEach(() => {
    off();
    vi.useRealTimers();
  });

  it('announces a run of many small files a few times, not once per file, losing no id', () => {
    const r = new StoredRefresh();
    // 5,000 one-sample step files, each stored within the same second.
    for (let i = 0; i < 5000; i++) r.add([`t${i}`]);
    expect(notices).toHaveLength(1);
    vi.advanceTimersByTime(PARTIAL_REFRESH_MS);
    expect(notices).toHaveLength(2);
    expect(notices.flat()).toEqual(Array.from({ length: 5000 }, (_, i) => `t${i}`));
  });

  it('drop forgets what is pending (the caller reads every row after)', () => {
    const r = new StoredRefresh();
    r.add(['a']);
    r.add(['b']);
    r.drop();
    vi.advanceTimersByTime(PARTIAL_REFRESH_MS);
    expect(notices).toEqual([['a']]);
  });
});
