import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The table worker: counts the reads of every row it is asked for.
const worker = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../../../runtime/table/client', () => ({
  tableWorker: () => ({ load: async () => ++worker.loads, loadIds: async () => worker.loads }),
}));

const { holdFirstRowsRead, noteRowsChanged, tableLoadQuery } = await import('./table-view');
const { MAX_HOLD_MS, releaseFirstRead } = await import('./first-read-hold');
const { keys } = await import('../queries');

const loadKey = [...keys.rows, 'table-worker'];
const settle = () => new Promise((r) => setTimeout(r, 5));

/** What a page's useTableLoad does: observes the table load's query. */
function observeLoad(qc: QueryClient): () => void {
  return new QueryObserver(qc, tableLoadQuery(qc)).subscribe(() => {});
}

afterEach(() => {
  releaseFirstRead();
  worker.loads = 0;
  vi.useRealTimers();
});

describe('the table worker’s first read after a reload', () => {
  it('waits while the Training page holds it, and begins once released', async () => {
    const qc = new QueryClient();
    holdFirstRowsRead(qc);
    const off = observeLoad(qc);
    await settle();
    expect(worker.loads).toBe(0);
    releaseFirstRead();
    await vi.waitFor(() => expect(qc.getQueryData(loadKey)).toBe(1));
    expect(worker.loads).toBe(1);
    off();
  });

  it('begins at once when nothing holds it (the table page opened first)', async () => {
    const qc = new QueryClient();
    const off = observeLoad(qc);
    await vi.waitFor(() => expect(worker.loads).toBe(1));
    off();
  });

  it('is not held once a read has begun, and a hold never lasts past MAX_HOLD_MS', async () => {
    const qc = new QueryClient();
    const off = observeLoad(qc);
    await vi.waitFor(() => expect(qc.getQueryData(loadKey)).toBe(1));
    holdFirstRowsRead(qc);
    noteRowsChanged();
    await qc.invalidateQueries({ queryKey: loadKey });
    await vi.waitFor(() => expect(worker.loads).toBe(2));
    off();

    vi.useFakeTimers();
    const fresh = new QueryClient();
    holdFirstRowsRead(fresh);
    const off2 = observeLoad(fresh);
    await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 100);
    expect(worker.loads).toBe(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(worker.loads).toBe(3);
    off2();
  });
});
