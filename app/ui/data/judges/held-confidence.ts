// Where the unsure-judge plan reads the rows' confidences on the page: from the table worker.
import type { RowConfidence } from '../../../core/table/row-confidence';
import { tableWorker } from '../../../runtime/table/client';
import { type ConfidenceReader, storedConfidence } from '../../../services/judges/unsure-judge';

/**
 * The rows' confidences from the table worker, which holds every row the table shows; only the
 * ids it does not hold are read from IndexedDB. Read on the page's thread, the plan's rows (up to
 * AUTO_PLAN_ROWS (unsure-judge.ts), whole, at each of an import's refreshes) were its longest tasks (up to 1.4 s).
 */
export function heldConfidence(
  worker: Pick<ReturnType<typeof tableWorker>, 'confidences'> = tableWorker(),
  stored: ConfidenceReader = storedConfidence,
): ConfidenceReader {
  return async (ids) => {
    const { held, missing } = await worker.confidences([...ids]);
    const out = new Map<string, RowConfidence>();
    for (const [id, c] of held) if (c) out.set(id, c);
    if (missing.length) for (const [id, c] of await stored(missing)) out.set(id, c);
    return out;
  };
}
