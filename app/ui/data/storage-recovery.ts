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

async function recovery(): Promise<ResetRecovery | null> {
  // Once per page load (staleTime below); a failed check leaves the notice of an earlier one.
  await checkLabelBackup().catch((e: unknown) =>
    console.warn(`label backup not checked: ${e instanceof Error ? e.message : String(e)}`),
  );
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
    mutationFn: dismissRecovery,
    onSuccess: () => qc.setQueryData(KEY, null),
  });
  return { recovery: q.data ?? null, dismiss: () => m.mutate() };
}
