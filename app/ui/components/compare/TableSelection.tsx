// The table's entry to the compare view: a checkbox per row (`x` toggles the current row) and a
// "Compare (N)" button. Kept out of TrajectoriesPage so the table's own code stays as it was.
import { openCompare, useCompareSelection } from '../../state/compare-selection';

export function CompareSelectCell({ id, pinned = false }: { id: string; pinned?: boolean }) {
  const selected = useCompareSelection((s) => s.ids.includes(id));
  const toggle = useCompareSelection((s) => s.toggle);
  return (
    <div className={`td c-sel${pinned ? ' pinned' : ''}`} onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        checked={selected}
        onChange={(e) => {
          toggle(id);
          // A focused checkbox counts as typing and would swallow the table's keys.
          e.currentTarget.blur();
        }}
        aria-label="Select for comparison (x)"
        data-testid="compare-select"
        tabIndex={-1}
      />
    </div>
  );
}

export function CompareButton() {
  const ids = useCompareSelection((s) => s.ids);
  const clear = useCompareSelection((s) => s.clear);
  if (ids.length === 0) return null;
  return (
    <span className="cmp-select-bar">
      <button
        type="button"
        className="primary"
        disabled={ids.length < 2}
        onClick={() => openCompare(ids)}
        title={ids.length < 2 ? 'Select at least two runs (x)' : 'Compare the selected runs side by side (c)'}
        data-testid="compare-button"
      >
        Compare ({ids.length})
      </button>
      <button type="button" className="link small" onClick={clear}>
        clear
      </button>
    </span>
  );
}

/** The table's `x` (toggle the current row) and `c` (compare the selection); true when handled. */
export function compareTableKey(key: string, currentId: string | undefined): boolean {
  const sel = useCompareSelection.getState();
  if (key === 'x' && currentId) sel.toggle(currentId);
  else if (key === 'c' && sel.ids.length >= 2) openCompare(sel.ids);
  else return false;
  return true;
}
