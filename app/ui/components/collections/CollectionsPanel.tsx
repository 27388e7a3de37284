// The collections panel: each collection with its counts (trajectories, labels, files), rename,
// export (the Export menu's formats, for its trajectories and labels), delete, and delete of one
// import (file) inside it; deletions can be undone here, also after a reload.
import { useEffect, useRef, useState } from 'react';
import { plural } from '../../../core/plural';
import {
  type CollectionSummary,
  deleteCollectionKeepingUndo,
  deleteForGood,
  renameCollectionTo,
  type TrashRecord,
  undoDelete,
} from '../../../services/collections';
import {
  exportAnnotationsText,
  exportOtlpText,
  exportTrajectoriesText,
  type ExportScope,
} from '../../../services/export';
import { useCollectionSummaries, useDeletions } from '../../data/collections';
import { downloadText, stamp } from '../../data/export/download';
import { useUi } from '../../state/ui-store';

const FORMATS = {
  trajectories: { label: 'Trajectories + labels (JSONL)', ext: 'jsonl', run: exportTrajectoriesText },
  labels: { label: 'Labels (JSONL)', ext: 'annotations.jsonl', run: exportAnnotationsText },
  otlp: { label: 'OTLP traces (JSON)', ext: 'otlp.json', run: exportOtlpText },
} as const;

function slug(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'collection';
}

export function CollectionsPanel({
  onClose,
  onDeleted,
}: {
  onClose: () => void;
  onDeleted: (r: TrashRecord) => void;
}) {
  const list = useCollectionSummaries();
  const deletions = useDeletions();
  const setToast = useUi((s) => s.setToast);
  const fail = (what: string) => (e: unknown) => setToast(`${what} failed: ${(e as Error).message}`);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    // Escape closes the panel (capture: the page under it does not also act on it).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // In a rename box, Escape cancels the rename only (the box's own handler).
      if ((e.target as HTMLElement | null)?.closest?.('.collections form')) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return (
    <div className="overlay" onClick={onClose}>
      <div
        className="dialog collections"
        role="dialog"
        aria-label="Collections"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Collections</h2>
        <p className="muted">
          Each import, live run, batch and training run belongs to a collection. Deleting one removes its
          trajectories and labels and nothing else; it can be undone below, also after a reload.
        </p>
        {list.isLoading && <p className="muted">Loading…</p>}
        <ul className="collection-list" data-testid="collection-list">
          {(list.data ?? []).map((c) => (
            <CollectionItem
              key={c.id}
              c={c}
              onDelete={(file) => deleteCollectionKeepingUndo(c, file).then(onDeleted, fail('Delete'))}
              onExport={(format, scope) => {
                const f = FORMATS[format];
                f.run(scope).then(
                  (text) => downloadText(`hopscope-${slug(c.name)}-${stamp()}.${f.ext}`, text),
                  fail('Export'),
                );
              }}
              onRename={(name) => void renameCollectionTo(c.id, name).catch(fail('Rename'))}
            />
          ))}
        </ul>
        {(deletions.data ?? []).length > 0 && (
          <>
            <h3>Recently deleted</h3>
            <ul className="collection-list" data-testid="deleted-list">
              {(deletions.data ?? []).map((d) => (
                <li key={d.id}>
                  {d.file ? `${d.file} from ` : ''}“{d.collection.name}” ·{' '}
                  {plural(d.trajectories, 'trajectory')}, {plural(d.annotations.length, 'label')}{' '}
                  <button type="button" onClick={() => void undoDelete(d.id).catch(fail('Undo'))}>
                    Undo
                  </button>{' '}
                  <button
                    type="button"
                    title="No undo after this; its labels leave the backup journal"
                    onClick={() => void deleteForGood(d.id).catch(fail('Delete'))}
                  >
                    Delete for good
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="row end">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

function CollectionItem({
  c,
  onDelete,
  onExport,
  onRename,
}: {
  c: CollectionSummary;
  onDelete: (file?: string) => void;
  onExport: (format: keyof typeof FORMATS, scope: ExportScope) => void;
  onRename: (name: string) => void;
}) {
  const [name, setName] = useState<string | null>(null);
  return (
    <li data-testid="collection-item" data-collection={c.name}>
      <div className="row">
        {name === null ? (
          <strong title={c.name}>{c.name}</strong>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onRename(name);
              setName(null);
            }}
          >
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setName(null);
              }}
              aria-label={`New name for ${c.name}`}
            />
            <button type="submit" disabled={!name.trim()}>
              Save
            </button>
          </form>
        )}
        <span className="muted" data-testid="collection-counts">
          {plural(c.trajectories, 'trajectory')} · {plural(c.labels, 'label')} ·{' '}
          {plural(c.files.length, 'file')}
          {c.kind === 'training' ? ' · training run' : ''}
        </span>
        <div className="spacer" />
        <button type="button" onClick={() => setName(c.name)}>
          Rename
        </button>
        <select
          value=""
          aria-label={`Export ${c.name}`}
          onChange={(e) =>
            e.target.value && onExport(e.target.value as keyof typeof FORMATS, { collection: c.id })
          }
        >
          <option value="">Export…</option>
          {Object.entries(FORMATS).map(([k, f]) => (
            <option key={k} value={k}>
              {f.label}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => onDelete()} aria-label={`Delete collection ${c.name}`}>
          Delete
        </button>
      </div>
      {c.files.length > 1 && (
        <details>
          <summary className="muted">Files</summary>
          <ul>
            {c.files.map((f) => (
              <li key={f.file}>
                {f.file || '(no file)'}{' '}
                <span className="muted">· {plural(f.trajectories, 'trajectory')}</span>{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => onDelete(f.file)}
                  aria-label={`Delete ${f.file} from ${c.name}`}
                >
                  delete
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
