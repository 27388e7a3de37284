// The Trajectories table's collection chooser: which collections the table, its aggregates and
// filter choices, compare and Calibrate show (in the table's link, so saved views keep it). The
// default is every collection but training runs. "Manage…" opens the collections panel.
// Always on screen, it reads only the collections' names and kinds; their counts (a read of every
// row, on the page's thread) only while its menu is open: an import refreshes the table once a
// second, and reading every stored row each time was the import's main-thread cost.
import { useEffect, useState } from 'react';
import type { TrashRecord } from '../../../services/collections';
import { undoDelete } from '../../../services/collections';
import { plural } from '../../../core/plural';
import { useCollectionChooser } from '../../data/collections';
import { useUi } from '../../state/ui-store';
import { useDetailsMenu } from '../shell/use-menu-dismiss';
import { CollectionsPanel } from './CollectionsPanel';

export function CollectionChooser() {
  const chosen = useUi((s) => s.filters.collections);
  const setFilters = useUi((s) => s.setFilters);
  const [open, setOpen] = useState(false);
  const { list = [], counts } = useCollectionChooser(open);
  const countOf = new Map(counts?.map((c) => [c.id, c.trajectories]));
  const [managing, setManaging] = useState(false);
  // Closes on an outside click and Escape, like the table's other menus.
  const menu = useDetailsMenu();
  // The last deletion, offered for an undo for a while (later, from the panel's Recently deleted).
  const [deleted, setDeleted] = useState<TrashRecord | null>(null);
  const setToast = useUi((s) => s.setToast);
  useEffect(() => {
    if (!deleted) return;
    const t = setTimeout(() => setDeleted(null), 15_000);
    return () => clearTimeout(t);
  }, [deleted]);
  const shown = chosen ?? list.filter((c) => c.kind !== 'training').map((c) => c.id);
  const label =
    chosen === null
      ? 'Collections: default'
      : chosen.length === 1
        ? `Collection: ${list.find((c) => c.id === chosen[0])?.name ?? '(deleted)'}`
        : `Collections: ${chosen.length}`;
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...shown, id] : shown.filter((x) => x !== id);
    setFilters({ collections: next });
  };
  return (
    <>
      <details
        className="menu views-menu collection-chooser"
        data-testid="collection-chooser"
        ref={menu.ref}
        onToggle={(e) => {
          menu.onToggle(e);
          setOpen(e.currentTarget.open);
        }}
      >
        <summary title={label}>{label} ▾</summary>
        <div className="menu-panel">
          <p className="muted small">
            The table, its aggregates and filters, compare and Calibrate show the collections ticked here. By
            default, every collection except training runs.
          </p>
          <ul className="collection-choices">
            {list.map((c) => (
              <li key={c.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={shown.includes(c.id)}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                    aria-label={`Show collection ${c.name}`}
                  />{' '}
                  <span className="collection-name">{c.name}</span>
                  <span className="muted">
                    {countOf.has(c.id) ? ` · ${plural(countOf.get(c.id)!, 'trajectory')}` : ''}
                    {c.kind === 'training' ? ' (training run)' : ''}
                  </span>
                </label>
                <button
                  type="button"
                  className="link"
                  onClick={() => setFilters({ collections: [c.id] })}
                  aria-label={`Show only ${c.name}`}
                >
                  only
                </button>
              </li>
            ))}
          </ul>
          <div className="menu-row">
            <button
              type="button"
              onClick={() => setFilters({ collections: null })}
              disabled={chosen === null}
            >
              Default
            </button>
            <button
              type="button"
              onClick={() => {
                // The panel takes over: the menu would stay open behind it.
                if (menu.ref.current) menu.ref.current.open = false;
                setManaging(true);
              }}
            >
              Manage collections…
            </button>
          </div>
        </div>
      </details>
      {managing && <CollectionsPanel onClose={() => setManaging(false)} onDeleted={setDeleted} />}
      {deleted && (
        <div className="toast undo-toast" role="status" data-testid="undo-toast">
          Deleted {deleted.file ? `${deleted.file} from ` : ''}“{deleted.collection.name}”:{' '}
          {plural(deleted.trajectories, 'trajectory')}, {plural(deleted.annotations.length, 'label')}.{' '}
          <button
            type="button"
            onClick={() => {
              const d = deleted;
              setDeleted(null);
              undoDelete(d.id).then(
                () => setToast(`Restored “${d.collection.name}”`),
                (e: unknown) => setToast(`Undo failed: ${(e as Error).message}`),
              );
            }}
          >
            Undo
          </button>
        </div>
      )}
    </>
  );
}
