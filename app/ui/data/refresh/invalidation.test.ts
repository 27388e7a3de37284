import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { announce, announceStored } from '../../../services/changes';
import { bridgeDataChanges, staleKeys } from './invalidation';
import { takeRowsChanged } from '../trajectories/table-view';

describe('the change bridge', () => {
  it('maps each change to the queries it makes stale, once each', () => {
    expect(staleKeys(['question-sets', 'corpora']).map((k) => k[0])).toEqual([
      'question-sets',
      'question-index',
      'rows',
      'trajectory-view',
      'calibration',
      'label-queue',
      'unsure-judge',
      'corpora',
      'indexes',
    ]);
  });

  it('refreshes the rows when a service announces new trajectories, and stops when uninstalled', async () => {
    const qc = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(qc, {
      queryKey: ['rows'],
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async () => ++reads,
    });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(1);
    const uninstall = bridgeDataChanges(qc);
    announce('trajectories');
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(2);
    announceStored(['t1']);
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(3);
    announce('indexes');
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(3);
    uninstall();
    announce('trajectories');
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(3);
    unsubscribe();
  });

  it("tells the table which rows to read: only stored trajectories' after announceStored, else all", () => {
    const qc = new QueryClient();
    const uninstall = bridgeDataChanges(qc);
    takeRowsChanged();
    announceStored(['t0']);
    expect(takeRowsChanged()).toEqual(new Set(['t0']));
    announce('trajectories');
    expect(takeRowsChanged()).toBe('all');
    announceStored(['t1', 't2']);
    announceStored(['t2', 't3']);
    announce('indexes'); // not a row change
    expect(takeRowsChanged()).toEqual(new Set(['t1', 't2', 't3']));
    expect(takeRowsChanged()).toEqual(new Set());
    announceStored(['t4']);
    announce('question-sets'); // rows re-derived: all of them
    announceStored(['t5']);
    expect(takeRowsChanged()).toBe('all');
    uninstall();
  });
});
