// The generated table rows the SQL benchmarks store (sql-rebuild, training-sql, table-sql): as an
// import of a training rollout leaves them, ~100-character question, 1-4 searches, 150 words of
// search text.
import { ROW_VERSION, type TrajectoryRow } from '../app/core/table/row';
import { db } from '../app/db/db';
import { tableRow } from '../app/testing/table-row';

const words = (i: number, n: number) =>
  Array.from({ length: n }, (_, k) => `w${(i * 7 + k * 13) % 997}`).join(' ');

/** A row as an import of a training rollout leaves it: ~100-character question, 3 searches. */
export function row(i: number): TrajectoryRow {
  const id = `bench-${String(i).padStart(7, '0')}`;
  const searches = Array.from({ length: 1 + (i % 4) }, (_, k) => ({
    trajectoryId: id,
    k: k + 1,
    step: 2 * k + 2,
    query: words(i + k, 6),
    docs: 3,
    newDocs: 3 - (k % 2),
    goldHit: k === 0,
    redundant: k > 1,
    rule: k > 1 ? ('near-duplicate' as const) : null,
  }));
  return tableRow({
    id,
    v: ROW_VERSION,
    question: words(i, 16),
    answer: words(i, 3),
    gold: words(i + 1, 3),
    em: i % 3 === 0 ? 1 : 0,
    f1: (i % 10) / 10,
    acc: i % 2,
    rc: searches.length,
    queries: searches.length,
    steps: 2 * searches.length + 1,
    file: `run/${i % 200}.jsonl`,
    format: 'verl',
    line: i,
    run: 'run',
    trainStep: i % 200,
    score: (i % 5) / 4,
    searchText: words(i, 150),
    searches,
  });
}

/** Stores rows 0..n-1 in the page's IndexedDB, 1,000 a transaction (an import's batch size). */
export async function storeRows(n: number): Promise<void> {
  const d = await db();
  for (let from = 0; from < n; from += 1000) {
    const tx = d.transaction('rows', 'readwrite');
    for (let i = from; i < Math.min(n, from + 1000); i++) void tx.store.put(row(i));
    await tx.done;
  }
}
