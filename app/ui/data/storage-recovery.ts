// The start-up check of the labels' backup (services/storage-recovery) and the notice it leaves
// when the browser reset the database.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ResetRecovery,
  checkLabelBackup,
  dismissRecovery,
  pendingRecovery,
} from '../../services/storage-recovery';
import { demoFileNames } from './demo';

const KEY = ['reset-recovery'];

// Once per page load, however often the query below is refetched (the app invalidates every
// query once the demo is stored).
let checked: Promise<void> | null = null;

async function recovery(): Promise<ResetRecovery | null> {
  checked ??= checkLabelBackup().then(
    () => undefined,
    (e: unknown) => console.warn(`label backup not checked: ${e instanceof Error ? e.message : String(e)}`),
  );
  await checked;
  const r = await pendingRecovery();
  if (!r) return null;
  // The demo set comes back by itself: only the user's own files need importing again.
  const demo = new Set(await demoFileNames().catch(() => []));
  return { ...r, files: r.files.filter((f) => !demo.has(f)) };
}

export function useResetRecovery(): { recovery: ResetRecovery | null; dismiss: () => void } {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: recovery, staleTime: Number.POSITIVE_INFINITY });
  const m = useMutation({
    mutationFn: async () => {
      await qc.cancelQueries({ queryKey: KEY }); // a refetch in flight must not bring it back
      await dismissRecovery();
    },
    onSuccess: () => qc.setQueryData(KEY, null),
  });
  return { recovery: q.data ?? null, dismiss: () => m.mutate() };
}
