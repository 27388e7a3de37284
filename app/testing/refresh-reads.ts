// What a screen's queries read while an import runs: its queries subscribed on a fresh client,
// then the once-a-second refreshes an import announces. The test counts the reads (its mocks).
import { QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { announceStored } from '../services/changes';

const settle = () => new Promise((r) => setTimeout(r, 5));

/**
 * Subscribes `queries` on a new client with the app's change bridge (`bridge`:
 * ui/data/refresh/invalidation's bridgeDataChanges, passed in: app/testing may not import the UI),
 * lets them load, then announces `n` imports' stores, each settled before the next.
 */
export async function queriesThroughImportRefreshes(
  queries: ReadonlyArray<QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>>,
  bridge: (qc: QueryClient) => () => void,
  n: number,
): Promise<void> {
  const qc = new QueryClient();
  const uninstall = bridge(qc);
  const off = queries.map((q) => new QueryObserver(qc, q).subscribe(() => {}));
  await settle();
  for (let i = 0; i < n; i++) {
    announceStored([`t${i}`]);
    await settle();
  }
  off.forEach((f) => f());
  uninstall();
}
