// Numeric range filters (F1 ≥ 0.5, searches between 2 and 5): bounds per metric, inclusive, applied
// by the table query in the table worker (core/table/query.ts filterRows). Each active range shows
// as a chip beside the menu, with a button that removes it.
import { activeRanges, type NumRange, RANGE_KEYS, type RangeKey } from '../../../core/table/query';
import { COLUMN_BY_KEY } from '../../pages/table-columns';
import { useUi } from '../../state/ui-store';
import { useDetailsMenu } from '../shell/use-menu-dismiss';

const title = (k: RangeKey) => COLUMN_BY_KEY.get(k)?.title ?? k;

/** "F1 ≥ 0.5", "RC 2–5", "EM ≤ 0". */
export function rangeLabel(k: RangeKey, r: NumRange): string {
  if (r.min !== null && r.max !== null)
    return r.min === r.max ? `${title(k)} = ${r.min}` : `${title(k)} ${r.min}–${r.max}`;
  return r.min !== null ? `${title(k)} ≥ ${r.min}` : `${title(k)} ≤ ${r.max}`;
}

function Bound({ k, side }: { k: RangeKey; side: 'min' | 'max' }) {
  const r = useUi((s) => s.filters.ranges[k]);
  const setFilters = useUi((s) => s.setFilters);
  const v = r?.[side] ?? null;
  const commit = (text: string) => {
    const t = text.trim();
    const n = t === '' ? null : Number(t);
    if (n !== null && !Number.isFinite(n)) return;
    const ranges = useUi.getState().filters.ranges;
    const next: NumRange = { min: ranges[k]?.min ?? null, max: ranges[k]?.max ?? null, [side]: n };
    const rest = { ...ranges };
    delete rest[k];
    setFilters({ ranges: next.min === null && next.max === null ? rest : { ...rest, [k]: next } });
  };
  return (
    <input
      // Uncontrolled, committed on Enter or leaving it: typing 0.5 passes through "0.".
      key={String(v)}
      type="number"
      step="any"
      defaultValue={v ?? ''}
      placeholder={side === 'min' ? 'min' : 'max'}
      aria-label={`${title(k)} ${side === 'min' ? 'at least' : 'at most'}`}
      onBlur={(e) => commit(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

export function RangeFilters() {
  const ranges = useUi((s) => s.filters.ranges);
  const setFilters = useUi((s) => s.setFilters);
  const active = activeRanges(ranges);
  const menu = useDetailsMenu();
  const remove = (k: RangeKey) => {
    const rest = { ...ranges };
    delete rest[k];
    setFilters({ ranges: rest });
  };
  return (
    <>
      <details className="menu range-menu" data-testid="range-filters" {...menu}>
        <summary className={active.length ? 'active' : ''}>
          Ranges{active.length ? ` (${active.length})` : ''} ▾
        </summary>
        <div className="menu-panel">
          <p className="muted small">Bounds are inclusive; a row without the value is left out.</p>
          <table className="range-list">
            <tbody>
              {RANGE_KEYS.map((k) => (
                <tr key={k} title={COLUMN_BY_KEY.get(k)?.help}>
                  <th scope="row">{title(k)}</th>
                  <td>
                    ≥ <Bound k={k} side="min" />
                  </td>
                  <td>
                    ≤ <Bound k={k} side="max" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {active.length > 0 && (
            <button type="button" onClick={() => setFilters({ ranges: {} })}>
              Clear ranges
            </button>
          )}
        </div>
      </details>
      {active.map(([k, r]) => (
        <span key={k} className="chip" data-testid="range-chip">
          {rangeLabel(k, r)}
          <button
            type="button"
            className="link"
            aria-label={`Remove ${rangeLabel(k, r)}`}
            onClick={() => remove(k)}
          >
            ×
          </button>
        </span>
      ))}
    </>
  );
}
