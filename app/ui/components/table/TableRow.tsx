// One row of the trajectory table. Memoized: an import refreshes the table after every batch, and
// re-rendering every visible row each time (same content, new objects from the worker) cost
// frames while the import ran. The page's items keep a row's object while its content is the
// same (app/ui/data/table-view.ts), so an unchanged row skips rendering.
import { memo } from 'react';
import type { TrajectoryRow } from '../../../core/table/row';
import { isNearMiss } from '../../../core/table/query';
import { CompareSelectCell } from '../compare/TableSelection';
import { FlagCell } from './FlagCell';

function fmt(v: number | null): string {
  return v === null ? '–' : v.toFixed(2).replace(/\.00$/, '');
}

/** A number cell; `verdict` colours a 1 / 0 correctness value. */
function NumCell({
  col,
  v,
  verdict = false,
  wide = false,
}: {
  col: string;
  v: number | null;
  verdict?: boolean;
  wide?: boolean;
}) {
  const mark = verdict && v === 1 ? ' good' : verdict && v === 0 ? ' bad' : '';
  return (
    <div className={`td c-n${wide ? ' c-wide' : ''}${mark}`} data-col={col}>
      {fmt(v)}
    </div>
  );
}

export const TableRow = memo(function TableRow({
  row: r,
  index,
  start,
  size,
  selected,
  status: st,
  compare,
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
  compare: boolean;
  onActivate: (index: number, row: TrajectoryRow) => void;
  onShowFlags: (row: TrajectoryRow, anchor: HTMLElement, pinned: boolean) => void;
  onHideFlags: () => void;
}) {
  return (
    <div
      role="row"
      className={`tr${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${start}px)`, height: size }}
      data-testid="trajectory-row"
      data-row-id={r.id}
      onClick={() => onActivate(index, r)}
    >
      {compare && <CompareSelectCell id={r.id} />}
      <div className="td c-q" title={r.question}>
        {r.question}
        <div className="sub">{r.file ? `${r.file}${r.line ? `:${r.line}` : ''}` : r.id}</div>
      </div>
      <div className="td c-s">
        {r.strategy}
        {r.system && r.system !== r.strategy && <div className="sub">{r.system}</div>}
      </div>
      <div className="td c-a" title={`answer: ${r.answer}\ngold: ${r.gold}`}>
        {r.answer || <span className="muted">no answer</span>}
        <div className="sub">gold: {r.gold || '–'}</div>
      </div>
      <NumCell col="em" v={r.em} verdict />
      <NumCell col="f1" v={r.f1} />
      <NumCell col="acc" v={r.acc} />
      <NumCell col="judge" v={r.judge} verdict />
      <NumCell col="recall" v={r.recall} />
      <NumCell col="answerInDocs" v={r.answerInDocs} wide />
      {(['r3', 'r5', 'p3', 'p5'] as const).map((k) => (
        <NumCell key={k} col={k} v={r[k]} />
      ))}
      <div className="td c-n" data-col="rc">
        {r.rc}
      </div>
      <div className="td c-n">{r.queries}</div>
      <div className="td c-n">{r.steps}</div>
      <div className="td c-n" data-col="nearMiss">
        {isNearMiss(r) ? <span className="flag flag-near-miss">near</span> : ''}
      </div>
      <FlagCell row={r} onShow={onShowFlags} onHide={onHideFlags} />
      <div className="td c-l">
        <span className={`status status-${st}`}>
          {st === 'none' ? '–' : st === 'partial' ? 'steps' : 'verdict'}
        </span>
      </div>
    </div>
  );
});
