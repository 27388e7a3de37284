import { useMemo, useState } from 'react';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useGroupsAsStrategies, useRunGroups } from '../../data/runs/paired';
import '../paired/paired.css';
import { StrategyComparison } from './StrategyComparison';

const NONE: Trajectory[] = [];

/**
 * The batch comparison with imported runs beside the batch's strategies: each ticked file (or
 * strategy within a file) enters the table, the scatter and the four categories as a strategy.
 */
export function CompareWithImports({ trajectories }: { trajectories: readonly Trajectory[] }) {
  const groups = useRunGroups();
  const [picked, setPicked] = useState<string[]>([]);
  const imported = useMemo(() => (groups.data ?? []).filter((g) => g.kind !== 'live'), [groups.data]);
  const available = useMemo(() => new Set(imported.map((g) => g.id)), [imported]);
  const ids = useMemo(() => picked.filter((id) => available.has(id)), [picked, available]);
  const strategies = useMemo(() => [...new Set(trajectories.map((t) => t.agent.strategy))], [trajectories]);
  const extra = useGroupsAsStrategies(ids, strategies);
  return (
    <>
      {imported.length > 0 && (
        <details
          className="card imported-runs"
          data-testid="imported-runs"
          open={ids.length > 0 || undefined}
        >
          <summary>Add imported runs to the comparison{ids.length > 0 ? ` (${ids.length})` : ''}</summary>
          <div className="strategy-checks">
            {imported.map((g) => (
              <label key={g.id} className="check">
                <input
                  type="checkbox"
                  checked={ids.includes(g.id)}
                  onChange={(e) =>
                    setPicked((p) => (e.target.checked ? [...p, g.id] : p.filter((x) => x !== g.id)))
                  }
                />{' '}
                {g.label} <span className="muted">({g.count})</span>
              </label>
            ))}
          </div>
          {extra.isFetching && <p className="tiny muted">Loading…</p>}
        </details>
      )}
      <StrategyComparison trajectories={trajectories} extra={ids.length > 0 ? (extra.data ?? NONE) : NONE} />
    </>
  );
}
