// Restores the annotator's name from the labels when localStorage has none (see services/annotator-name.ts).
import { useEffect } from 'react';
import { lastAnnotator } from '../../services/labels/annotator-name';
import { annotatorSaved, useUi } from '../state/ui-store';

/** Mount once. A name the user set (even to empty) is never overridden. */
export function useRestoreAnnotator(): void {
  useEffect(() => {
    if (annotatorSaved()) return;
    let live = true;
    lastAnnotator().then(
      (name) => {
        if (live && name && !useUi.getState().annotator) useUi.getState().setAnnotator(name);
      },
      () => undefined, // no database yet: nothing to restore
    );
    return () => {
      live = false;
    };
  }, []);
}
