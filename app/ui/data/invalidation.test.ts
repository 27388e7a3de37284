import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { announce, announcePartial } from '../../services/changes';
import { bridgeDataChanges, staleKeys } from './invalidation';

describe('the change bridge', () => {
  it('maps each change to the queries it makes stale, once each', () => {
    expect(staleKeys(['question-sets', 'corpora']).map((k) => k[0])).toEqual([
      'question-sets',
      'question-index',
      'rows',
      'trajectory-view',
      'calibration',
      'label-queue',
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
    announcePartial('trajectories');
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
});
