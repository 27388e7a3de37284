import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onDataChange } from './changes';
import { NEWS_WAIT_MS, PARTIAL_REFRESH_MS, StoredRefresh } from './stored-refresh';

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

  it('settle hands the ids not announced yet to the end notice, once every one stored is heard', async () => {
    const r = new StoredRefresh();
    r.add(['a']);
    r.add(['b']);
    expect(await r.settle(2)).toEqual(['b']);
    vi.advanceTimersByTime(PARTIAL_REFRESH_MS);
    // Not announced again as a partial refresh: the end notice carries it.
    expect(notices).toEqual([['a']]);
  });

  it('settle waits for news still on its way, then gives every row when it never comes', async () => {
    const r = new StoredRefresh();
    r.add(['a']);
    const late = r.settle(3);
    r.add(['b', 'c']);
    expect(await late).toEqual(['b', 'c']);
    const lost = r.settle(4);
    vi.advanceTimersByTime(NEWS_WAIT_MS);
    expect(await lost).toBe('all');
    // Unknown (a failure) or more heard than the reports count: every row.
    expect(await r.settle(null)).toBe('all');
    r.add(['d', 'e']);
    expect(await r.settle(4)).toBe('all');
  });
});
