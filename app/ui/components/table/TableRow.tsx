// One row of the trajectory table. Memoized: an import refreshes the table after every batch, and
// re-rendering every visible row each time (same content, new objects from the worker) cost
// frames while the import ran. The page's items keep a row's object while its content is the
// same (app/ui/data/table-view.ts), so an unchanged row skips rendering. Its cells are the shown
// columns in the layout's order (pages/table-columns.ts), each with the column's width and pin.
import { memo, type ReactNode } from 'react';
import type { TrajectoryRow } from '../../../core/table/row';
import { isNearMiss } from '../../../core/table/query';
import type { UnsureJudgement } from '../../../core/table/unsure-judge';
import type { ColumnSpec } from '../../pages/table-columns';
import { CompareSelectCell } from '../compare/TableSelection';
import { judgeUnsureContent, judgeUnsureTitle, sureContent, sureTitle } from './confidence-cells';
import { FlagCell } from './FlagCell';

function fmt(v: number | null): string {
  return v === null ? '–' : v.toFixed(2).replace(/\.00$/, '');
}

/** Metrics coloured as a 1 / 0 correctness verdict. */
const VERDICT = new Set(['em', 'judge']);

function cellContent(
  r: TrajectoryRow,
  key: ColumnSpec['col']['key'],
  st: 'none' | 'partial' | 'done',
  judged: UnsureJudgement | undefined,
): ReactNode {
  switch (key) {
    case 'sure':
      return sureContent(r);
    case 'judgeUnsure':
      return judgeUnsureContent(r, judged);
    case 'question':
      return (
        <>
          {r.question}
          <div className="sub">{r.file ? `${r.file}${r.line ? `:${r.line}` : ''}` : r.id}</div>
        </>
      );
    case 'strategy':
      return (
        <>
          {r.strategy}
          {r.system && r.system !== r.strategy && <div className="sub">{r.system}</div>}
        </>
      );
    case 'answer':
      return (
        <>
          {r.answer || <span className="muted">no answer</span>}
          <div className="sub">gold: {r.gold || '–'}</div>
        </>
      );
    case 'nearMiss':
      return isNearMiss(r) ? <span className="flag flag-near-miss">near</span> : '';
    case 'status':
      return (
        <span className={`status status-${st}`}>
          {st === 'none' ? '–' : st === 'partial' ? 'steps' : 'verdict'}
        </span>
      );
    case 'rc':
    case 'queries':
    case 'steps':
      return r[key];
    case 'flags':
      return null;
    default:
      return fmt(r[key]);
  }
}

function cellTitle(
  r: TrajectoryRow,
  key: ColumnSpec['col']['key'],
  judged: UnsureJudgement | undefined,
): string | undefined {
  if (key === 'question') return r.question;
  if (key === 'sure') return sureTitle(r);
  if (key === 'judgeUnsure') return judgeUnsureTitle(r, judged);
  if (key === 'answer') return `answer: ${r.answer}\ngold: ${r.gold}`;
  return undefined;
}

export const TableRow = memo(function TableRow({
  row: r,
  index,
  start,
  size,
  selected,
  status: st,
  judged,
  compare,
  columns,
  width,
  onActivate,
  onShowFlags,
  onHideFlags,
}: {
  row: TrajectoryRow;
  /** The row's item index in the view (for the cursor). */
  index: number;
  start: number;
  size: number;
  selected: boolean;
  status: 'none' | 'partial' | 'done';
  /** The model judge on the row's unsure verdicts, when it judged them. */
  judged?: UnsureJudgement | undefined;
  compare: boolean;
  /** The shown columns, in order, with their styles. */
  columns: readonly ColumnSpec[];
  /** The row's least width (the columns' widths summed). */
  width: number;
  onActivate: (index: number, row: TrajectoryRow) => void;
  onShowFlags: (row: TrajectoryRow, anchor: HTMLElement, pinned: boolean) => void;
  onHideFlags: () => void;
}) {
  return (
    <div
      role="row"
      className={`tr${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${start}px)`, height: size, minWidth: width }}
      data-testid="trajectory-row"
      data-row-id={r.id}
      onClick={() => onActivate(index, r)}
    >
      {compare && <CompareSelectCell id={r.id} pinned={columns[0]?.pinned} />}
      {columns.map(({ col, style, pinned }) => {
        const cls = `td ${col.cls}${pinned ? ' pinned' : ''}`;
        if (col.key === 'flags')
          return (
            <FlagCell key="flags" row={r} onShow={onShowFlags} onHide={onHideFlags} style={style} cls={cls} />
          );
        const mark =
          VERDICT.has(col.key) && r[col.key as 'em'] === 1
            ? ' good'
            : VERDICT.has(col.key) && r[col.key as 'em'] === 0
              ? ' bad'
              : '';
        return (
          <div
            key={col.key}
            className={cls + mark}
            style={style}
            data-col={col.key}
            title={cellTitle(r, col.key, judged)}
          >
            {cellContent(r, col.key, st, judged)}
          </div>
        );
      })}
    </div>
  );
});
