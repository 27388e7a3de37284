// The storage floor the import benches divide by: parsed records put into IndexedDB with nothing
// derived, 1,000 a transaction, in a page of the bench's own browser that runs no app.
import { readFileSync } from 'node:fs';
import type { BenchBrowser } from './browser';

/**
 * The storage floor: the parsed records of `files` put into a database of their own, 1,000 a
 * transaction, in a page of the same origin that runs no app (only the puts are timed).
 */
export async function putFloor(
  b: BenchBrowser,
  files: string[],
): Promise<{ records: number; seconds: number }> {
  const page = await b.newPage('/favicon.svg');
  let records = 0;
  let seconds = 0;
  for (const [k, f] of files.entries()) {
    const text = readFileSync(f, 'utf8');
    const r = await page.evaluate(
      async ({ text, k }) => {
        const values = text
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l, i) => ({ id: `${k}:${i}`, value: JSON.parse(l) as unknown }));
        const db = await new Promise<IDBDatabase>((ok, no) => {
          const req = indexedDB.open('bench-floor', 1);
          req.onupgradeneeded = () => req.result.createObjectStore('records', { keyPath: 'id' });
          req.onsuccess = () => ok(req.result);
          req.onerror = () => no(req.error);
        });
        const t0 = performance.now();
        for (let i = 0; i < values.length; i += 1000) {
          const tx = db.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          for (const v of values.slice(i, i + 1000)) store.put(v);
          await new Promise<void>((ok, no) => {
            tx.oncomplete = () => ok();
            tx.onerror = () => no(tx.error);
          });
        }
        const ms = performance.now() - t0;
        db.close();
        return { n: values.length, ms };
      },
      { text, k },
    );
    records += r.n;
    seconds += r.ms / 1000;
  }
  await page.context().close();
  return { records, seconds };
}
