import { type CSSProperties, useEffect, useRef } from 'react';
import type { TrajectoryRow } from '../../../core/table/row';
import { plural } from '../../../core/plural';

/** Flag kinds the cell shows as chips; the rest are counted ("+2") and listed in the popover. */
export const FLAG_CHIPS = 2;

/** A row's flag cell: the first kinds as chips, a count of the rest; hover or focus lists them all. */
export function FlagCell({
  row,
  onShow,
  onHide,
  style,
  cls = 'td c-f',
}: {
  row: TrajectoryRow;
  onShow: (row: TrajectoryRow, anchor: HTMLElement, pinned: boolean) => void;
  onHide: () => void;
  /** The column's width and pin (table-columns.ts). */
  style?: CSSProperties;
  cls?: string;
}) {
  if (row.flags.length === 0) return <div className={cls} style={style} data-col="flags" />;
  const shown = row.flags.slice(0, FLAG_CHIPS);
  const more = row.flags.length - shown.length;
  return (
    <div className={cls} style={style} data-col="flags">
      <button
        type="button"
        className="flag-cell"
        data-testid="flag-cell"
        aria-label={`${plural(row.flagCount, 'flag')}: ${row.flags.join(', ')}. Show the evidence.`}
        aria-haspopup="dialog"
        onMouseEnter={(e) => onShow(row, e.currentTarget, false)}
        onMouseLeave={onHide}
        onFocus={(e) => onShow(row, e.currentTarget, false)}
        onBlur={onHide}
        onClick={(e) => {
          e.stopPropagation();
          onShow(row, e.currentTarget, true);
        }}
      >
        {shown.map((f) => (
          <span key={f} className={`flag flag-${f}`}>
            {f}
          </span>
        ))}
        {more > 0 && (
          <span className="flag flag-more" data-testid="flag-more">
            +{more}
          </span>
        )}
      </button>
    </div>
  );
}

/**
 * Every flag of a row with its evidence, beside the cell. Rendered outside the virtualized rows
 * (they are transformed, which would trap a fixed position). Pinned (click or `f`) it takes focus
 * and Esc closes it; otherwise it follows the pointer or focus.
 */
export function FlagPopover({
  row,
  anchor,
  pinned,
  onClose,
  onOpenStep,
  onKeep,
}: {
  row: TrajectoryRow;
  anchor: DOMRect;
  pinned: boolean;
  onClose: () => void;
  onOpenStep: (step: number | undefined) => void;
  onKeep: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pinned) ref.current?.querySelector<HTMLElement>('button')?.focus();
  }, [pinned]);
  useEffect(() => {
    // The anchor moves with the table: close on scroll; a pinned one also on a click elsewhere.
    const onScroll = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const onDown = (e: MouseEvent) => {
      if (pinned && !ref.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('mousedown', onDown, true);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('mousedown', onDown, true);
    };
  }, [pinned, onClose]);
  const below = anchor.bottom + 8 + 260 < window.innerHeight;
  const style = {
    left: Math.max(8, Math.min(anchor.left, window.innerWidth - 468)),
    ...(below ? { top: anchor.bottom + 4 } : { bottom: window.innerHeight - anchor.top + 4 }),
  };
  return (
    <div
      ref={ref}
      className="flag-popover"
      role="dialog"
      aria-label={`Flags of “${row.question.slice(0, 60)}”`}
      data-testid="flag-popover"
      style={style}
      onMouseEnter={onKeep}
      onMouseLeave={pinned ? undefined : onClose}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flag-popover-head">
        {plural(row.flagCount, 'flag')} <span className="muted">· candidates to confirm or reject</span>
      </div>
      <ol>
        {row.flagNotes.map((f, i) => (
          <li key={i}>
            <span className={`flag flag-${f.kind}`}>{f.kind}</span>{' '}
            <span className="evidence">{f.evidence}</span>{' '}
            <button type="button" className="link small" onClick={() => onOpenStep(f.step)}>
              {f.step !== undefined ? `open at step ${f.step}` : 'open'}
            </button>
          </li>
        ))}
      </ol>
      {row.flagCount > row.flagNotes.length && (
        <p className="muted small">
          and {plural(row.flagCount - row.flagNotes.length, 'more flag')} in the trajectory view
        </p>
      )}
      {pinned && <p className="muted tiny">Esc closes · Tab moves between flags</p>}
    </div>
  );
}
