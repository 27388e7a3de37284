// The start-up check of the labels' backup (services/storage-recovery) and the notice it leaves
// when the browser reset the database.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  type ResetRecovery,
  backupBehind,
  checkLabelBackup,
  dismissRecovery,
  onBackupBehind,
  onDatabaseClosed,
  pendingRecovery,
} from '../../services/storage/storage-recovery';
import { demoFileNames } from './demo';

const KEY = ['reset-recovery'];

// Once per page load, however often the query below is refetched (the app invalidates every
// query once the demo is stored); resolves with the check's error, null when it ran.
let checked: Promise<unknown> | null = null;
/** The notice dismissed on this page (its `at`), until the dismissal is stored. */
let dismissed: string | null = null;

async function recovery(): Promise<ResetRecovery | null> {
  const check = (checked ??= checkLabelBackup().then(
    () => null,
    (e: unknown) => {
      console.warn(`label backup not checked: ${e instanceof Error ? e.message : String(e)}`);
      return e ?? new Error('label backup not checked');
    },
  ));
  const failed = await check;
  // A check that failed is not done. Right after a write met a full disk, Chromium closes the
  // connection the check opened while it deletes the bucket, or refuses the open while the disk
  // is full: remembered as done, that check left the reset it should find without a notice.
  if (failed !== null && checked === check) checked = null;
  const r = await pendingRecovery();
  // Nothing to show yet: the query fails, and is retried (resetRecoveryQuery) until a check runs.
  if (!r && failed !== null) throw failed;
  if (!r || r.at === dismissed) return null;
  // The demo set comes back by itself: only the user's own files need importing again.
  const demo = new Set(await demoFileNames().catch(() => []));
  return { ...r, files: r.files.filter((f) => !demo.has(f)) };
}

/**
 * Each time the browser closes the database under the page, the backup is checked again (a reset
 * found then restores the labels and shows the notice) and every query re-reads, so no view
 * keeps showing what a reset database no longer holds. Installed once, beside the data bridge.
 */
export function watchDatabaseResets(qc: QueryClient): () => void {
  return onDatabaseClosed(() => {
    checked = null;
    void qc.invalidateQueries();
  });
}

/**
 * How often a failed check is retried (the app retries no other query): at React Query's default
 * delays, doubling from 1 s to 30 s, about two minutes, time for the user to free some space.
 * After that the next forced close or reload checks again.
 */
const RECHECKS = 8;

/** The notice's query (the hook's), for tests without React. */
export const resetRecoveryQuery = {
  queryKey: KEY,
  queryFn: recovery,
  staleTime: Number.POSITIVE_INFINITY,
  retry: RECHECKS,
};

export function useResetRecovery(): { recovery: ResetRecovery | null; dismiss: () => void } {
  const qc = useQueryClient();
  const q = useQuery(resetRecoveryQuery);
  const m = useMutation({
    mutationFn: dismissRecovery,
    onError: (e) => console.warn(`notice dismissal not saved: ${e instanceof Error ? e.message : String(e)}`),
  });
  const dismiss = () => {
    // Gone at the click: a notice is not the user's data, and the write may wait behind a big
    // import's storage work. A refetch before it lands still sees it dismissed.
    dismissed = q.data?.at ?? null;
    void qc.cancelQueries({ queryKey: KEY });
    qc.setQueryData(KEY, null);
    m.mutate();
  };
  return { recovery: q.data ?? null, dismiss };
}

/** Why the labels' backup copy is behind the database (null while it is complete). */
export function useBackupBehind(): string | null {
  return useSyncExternalStore(onBackupBehind, backupBehind, backupBehind);
}
