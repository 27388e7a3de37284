// Batch runs in IndexedDB. A finished job is recorded right after its trajectory is stored, so a
// reload mid-batch loses nothing finished and the batch resumes where it stopped.
import { batchCollection } from '../core/collections/collection';
import type { Trajectory } from '../core/schema/trajectory';
import { type BatchRecord, db } from './db';
import { getTrajectory } from './store';
import { writeTrajectories } from './trajectory-write';

export async function putBatch(b: BatchRecord): Promise<void> {
  await (await db()).put('batches', { ...b, updatedAt: new Date().toISOString() });
}

export async function getBatch(id: string): Promise<BatchRecord | undefined> {
  return (await db()).get('batches', id);
}

export async function listBatches(): Promise<BatchRecord[]> {
  const all = await (await db()).getAll('batches');
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function deleteBatch(id: string): Promise<void> {
  await (await db()).delete('batches', id);
}

/** Stores a job's trajectory in its batch's collection and marks the job done, in one transaction. */
export async function recordBatchJob(
  batchId: string,
  job: { key: string; trajectoryId: string; ms: number },
  t: Trajectory,
): Promise<BatchRecord> {
  const named = await getBatch(batchId);
  const collection = batchCollection(batchId, named?.name ?? '');
  return writeTrajectories(
    ['batches'],
    async (put, tx) => {
      const b = await tx.objectStore('batches').get(batchId);
      if (!b) throw new Error(`batch ${batchId} is not stored`);
      put(t);
      const next: BatchRecord = {
        ...b,
        done: [...b.done.filter((x) => x.key !== job.key), job],
        updatedAt: new Date().toISOString(),
      };
      void tx.objectStore('batches').put(next);
      return next;
    },
    { collection },
  );
}

export async function batchTrajectories(b: BatchRecord): Promise<Trajectory[]> {
  const out: Trajectory[] = [];
  for (const j of b.done) {
    const t = await getTrajectory(j.trajectoryId);
    if (t) out.push(t);
  }
  return out;
}

/** Sets a batch's status in one transaction, so a job recorded meanwhile is never lost. */
export async function setBatchStatus(
  id: string,
  status: BatchRecord['status'],
): Promise<BatchRecord | undefined> {
  const tx = (await db()).transaction('batches', 'readwrite');
  const b = await tx.store.get(id);
  if (b) await tx.store.put({ ...b, status, updatedAt: new Date().toISOString() });
  await tx.done;
  return b ? { ...b, status } : undefined;
}
