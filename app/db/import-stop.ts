// An import whose worker the page ended (Cancel ends it at once, whatever it is in the middle of):
// its stored report, marked cancelled. A batch's records and the report counting them commit in
// one transaction (import-batch.ts), so the report read here counts exactly what was stored.
import { db, type ImportRecord } from './db';
import { cancelledMessage, type ImportStart, runningImport } from './import-record';

export async function settleCancelledImport(
  start: ImportStart,
  file: string,
  format?: string,
): Promise<ImportRecord> {
  const d = await db();
  // A readwrite transaction starts only after every overlapping one opened before it has ended:
  // a batch the ended worker was committing has committed or aborted by the time this reads.
  const tx = d.transaction('imports', 'readwrite');
  const record = (await tx.store.get(start.id)) ?? runningImport(file, format, start);
  // One that ended first (done, failed, or cancelled by the worker itself) is left as it says.
  if (record.status === 'running') {
    record.status = 'cancelled';
    record.message = cancelledMessage(record.imported);
    void tx.store.put(record);
  }
  await tx.done;
  return record;
}

/** The stored report of import `id`, as it is (not settled); undefined when none was stored. */
export async function storedImport(id: string): Promise<ImportRecord | undefined> {
  return (await db()).get('imports', id);
}
