// Browser side of `npm run bench -- reload-plots`: stores N generated training rows in the app's
// IndexedDB (bench-rows.ts, as imports leave them; written straight, 1,000 a transaction), and the
// step summaries of every row stored (the app's own rows included) under the rows' stamp, as the
// table worker stores them (db/step-summary-store), so the next open of the app can plot from them.
// The summaries are taken over the rows as generated, not read back: at 1M a read is the cost
// measured. The driver calls window.storeReloadRows.
import { summarizeSteps, type StepRow } from '../app/core/training/step-summary';
import { rowsStamp } from '../app/db/rows-writes';
import { saveStepSummaries } from '../app/db/step-summary-store';
import { listRows } from '../app/db/store';
import { row, storeRows } from './bench-rows';

declare global {
  interface Window {
    storeReloadRows(n: number): Promise<{ steps: number; samples: number; store_s: number }>;
  }
}

function* allRows(held: readonly StepRow[], n: number): Generator<StepRow> {
  yield* held;
  for (let i = 0; i < n; i++) yield row(i);
}

window.storeReloadRows = async (n) => {
  const stamp = await rowsStamp();
  const held = await listRows();
  const t0 = performance.now();
  await storeRows(n);
  const storeS = (performance.now() - t0) / 1000;
  const steps = summarizeSteps(allRows(held, n));
  if (!(await saveStepSummaries(stamp, steps)))
    throw new Error('rows were written while the bench stored its own');
  return { steps: steps.length, samples: steps.reduce((k, s) => k + s.samples, 0), store_s: storeS };
};
