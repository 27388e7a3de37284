// Restores the annotator's name at start from the newer of its two copies (see
// services/labels/annotator-name.ts): localStorage gave the first paint; IndexedDB may hold a
// later name that localStorage had not flushed when the browser was killed.
import { useEffect } from 'react';
import { restoredAnnotator } from '../../services/labels/annotator-name';
import { localAnnotator, useUi } from '../state/ui-store';

/** Mount once. A name the user sets meanwhile is never overridden. */
export function useRestoreAnnotator(): void {
  useEffect(() => {
    const startedAt = useUi.getState().annotatorSetAt;
    let live = true;
    restoredAnnotator(localAnnotator()).then(
      (r) => {
        const s = useUi.getState();
        if (!live || !r || s.annotatorSetAt !== startedAt) return;
        if (r.from !== 'local' && (r.copy.name !== s.annotator || r.copy.setAt !== s.annotatorSetAt))
          s.restoreAnnotator(r.copy);
      },
      () => undefined, // no database yet: nothing to restore
    );
    return () => {
      live = false;
    };
  }, []);
}
