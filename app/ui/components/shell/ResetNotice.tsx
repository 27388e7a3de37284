// Shown after the browser reset the database (a full disk, in Chromium): what came back from the
// labels' backup, and which files to import again. Stays until dismissed, across reloads.
import { useResetRecovery } from '../../data/storage-recovery';
import { useUi } from '../../state/ui-store';

export function ResetNotice() {
  const { recovery, dismiss } = useResetRecovery();
  const setImportOpen = useUi((s) => s.setImportOpen);
  if (!recovery) return null;
  const { restored, files, skipped } = recovery;
  return (
    <div className="reset-notice" role="alert" data-testid="reset-notice">
      <span>
        The browser reset Hopscope&apos;s database (Chromium does this after the disk fills up).{' '}
        {restored === 1 ? '1 label or note was' : `${restored.toLocaleString('en')} labels and notes were`}{' '}
        put back from Hopscope&apos;s backup
        {skipped > 0
          ? ` (${skipped} unreadable backup ${skipped === 1 ? 'line' : 'lines'} skipped)`
          : ''}.{' '}
        {files.length > 0
          ? `Files you had imported: ${files.join(', ')}. Import them again to see their trajectories; their labels reattach. `
          : ''}
        Trajectories from live runs and forks, corpora and indexes have no backup.
      </span>
      {files.length > 0 && (
        <button type="button" onClick={() => setImportOpen(true)}>
          Import again…
        </button>
      )}
      <button type="button" onClick={dismiss} data-testid="reset-notice-dismiss">
        Dismiss
      </button>
    </div>
  );
}
