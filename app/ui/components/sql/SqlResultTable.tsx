// A query's result as a table: virtualized (up to the rows the worker sends, SHOWN_ROWS), cells as
// text. A row with an `id` (or `trajectory_id`) column opens that trajectory on click or Enter.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SqlValue } from '../../../core/sql/schema';
import type { SqlAnswer } from '../../data/sql';
import { navigate } from '../../state/router';

type Success = Extract<SqlAnswer, { ok: true }>;

const ROW_HEIGHT = 28;

/** The column whose value names a trajectory to open: `id`, else `trajectory_id`; -1 when none. */
export function trajectoryColumn(columns: ReadonlyArray<{ name: string }>): number {
  const id = columns.findIndex((c) => c.name === 'id');
  return id >= 0 ? id : columns.findIndex((c) => c.name === 'trajectory_id');
}

function shown(v: SqlValue): string {
  return v === null ? 'NULL' : String(v);
}

export function SqlResultTable({ answer }: { answer: Success }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virt = useVirtualizer({
    count: answer.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const idCol = trajectoryColumn(answer.columns);
  const grid = { gridTemplateColumns: `repeat(${answer.columns.length}, minmax(7rem, 1fr))` };
  const open = (row: SqlValue[]) => {
    const id = row[idCol];
    if (idCol >= 0 && id !== null && id !== undefined)
      navigate({ page: 'trajectory', id: String(id), step: null });
  };
  return (
    <div
      className="sql-result"
      role="table"
      aria-label="SQL result"
      aria-rowcount={answer.rowCount}
      data-testid="sql-result"
      ref={scrollRef}
    >
      <div className="sql-head" role="row" style={grid}>
        {answer.columns.map((c) => (
          <div key={c.name} role="columnheader" title={c.type}>
            {c.name}
          </div>
        ))}
      </div>
      <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
        {virt.getVirtualItems().map((v) => {
          const row = answer.rows[v.index] as SqlValue[];
          const opens = idCol >= 0 && row[idCol] !== null;
          return (
            <div
              key={v.index}
              role="row"
              className={`sql-row${opens ? ' opens' : ''}`}
              data-testid="sql-row"
              tabIndex={opens ? 0 : -1}
              style={{ ...grid, position: 'absolute', top: v.start, height: ROW_HEIGHT, left: 0, right: 0 }}
              onClick={() => open(row)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') open(row);
              }}
            >
              {row.map((cell, i) => (
                <div key={i} role="cell" className={cell === null ? 'muted' : undefined} title={shown(cell)}>
                  {shown(cell)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
