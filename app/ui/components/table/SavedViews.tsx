// Saved table views: save what the table shows now (columns, filters, sort, grouping) under a
// name, open one again, delete one, or copy the link that reproduces the current view.
import { useState } from 'react';
import { decodeView } from '../../../core/table/view-url';
import { useTableViewQuery } from '../../state/table-url';
import { useTableViews } from '../../state/table-views';
import { useUi } from '../../state/ui-store';
import { useDetailsMenu } from '../shell/use-menu-dismiss';

export function SavedViews() {
  const query = useTableViewQuery();
  const { views, save, remove } = useTableViews();
  const [name, setName] = useState('');
  const current = views.find((v) => v.query === query)?.name;
  const menu = useDetailsMenu();
  return (
    <details className="menu views-menu" data-testid="saved-views" {...menu}>
      <summary>{current ? `View: ${current}` : 'Views'} ▾</summary>
      <div className="menu-panel">
        <form
          className="menu-row"
          onSubmit={(e) => {
            e.preventDefault();
            const n = name.trim();
            if (!n) return;
            save(n, query);
            setName('');
          }}
        >
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name this view"
            aria-label="View name"
          />
          <button type="submit" disabled={!name.trim()}>
            Save view
          </button>
        </form>
        {views.length === 0 ? (
          <p className="muted small">No saved views yet: columns, filters and sort are saved together.</p>
        ) : (
          <ul className="view-list">
            {views.map((v) => (
              <li key={v.name}>
                <button
                  type="button"
                  className="link"
                  onClick={() => useUi.getState().applyView(decodeView(v.query).view)}
                  title={v.query || 'the whole table, default columns'}
                >
                  {v.name}
                </button>{' '}
                <button type="button" aria-label={`Delete view ${v.name}`} onClick={() => remove(v.name)}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          onClick={() => {
            navigator.clipboard.writeText(location.href).then(
              () => useUi.getState().setToast('Link to this view copied'),
              () => useUi.getState().setToast(`Copy this link: ${location.href}`),
            );
          }}
        >
          Copy link to this view
        </button>
      </div>
    </details>
  );
}
