import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { plural } from '../../../core/plural';
import { demoFileNames } from '../../data/demo';
import { useImports } from '../../data/queries';

const DISMISSED = 'hopscope.demoBannerDismissed';

/** The first screen says what it shows (the bundled demo set) and how to bring one's own logs. */
export function DemoBanner({ total, anyLive }: { total: number; anyLive: boolean }) {
  const demo = useQuery({ queryKey: ['demo-files'], queryFn: demoFileNames, staleTime: Infinity });
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1');
  const imports = useImports();
  const files = new Set(demo.data ?? []);
  // Only while the table holds nothing but the demo: after an import or a live run it is the
  // user's data. (Imports, not rows: the demo's Hopscope-format records carry no file name.)
  const demoOnly =
    demo.data !== undefined &&
    imports.data !== undefined &&
    imports.data.length > 0 &&
    imports.data.every((i) => files.has(i.file)) &&
    !anyLive;
  if (dismissed || !demoOnly || total === 0) return null;
  const demoRows = total;
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      <span>
        Showing the bundled demo set ({plural(demoRows, 'trajectory')}) about Veloria, a fictional island.
        Import your own logs: press <kbd>i</kbd>, use <b>Import…</b> (top right), or drop files anywhere.
      </span>
      <button
        type="button"
        className="icon"
        aria-label="Dismiss this note"
        title="Dismiss"
        onClick={() => {
          localStorage.setItem(DISMISSED, '1');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
