import { useEffect, useRef } from 'react';
import type { Flip } from '../../../core/compare/paired';
import { isTyping } from '../../keyboard';
import { compareHash } from '../../state/router';

const open = (f: Flip) => {
  location.hash = compareHash([f.aId, f.bId]);
};

/** Questions one side got right and the other wrong; j/k move, Enter opens the aligned comparison. */
export function FlipList({
  flips,
  cursor,
  setCursor,
}: {
  flips: readonly Flip[];
  cursor: number;
  setCursor: (i: number) => void;
}) {
  const listRef = useRef<HTMLTableSectionElement>(null);
  const current = Math.min(cursor, Math.max(0, flips.length - 1));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey || flips.length === 0) return;
      if (e.key === 'j' || e.key === 'ArrowDown') setCursor(Math.min(flips.length - 1, current + 1));
      else if (e.key === 'k' || e.key === 'ArrowUp') setCursor(Math.max(0, current - 1));
      else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
        const f = flips[current];
        if (f) open(f);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flips, current, setCursor]);
  useEffect(() => {
    const row = listRef.current?.querySelector<HTMLElement>('tr.selected');
    row?.scrollIntoView({ block: 'nearest' });
    // Focus follows j/k inside the list, so Tab and Enter act on the row the user sees selected.
    if (row && listRef.current?.contains(document.activeElement)) row.focus();
  }, [current]);

  if (flips.length === 0) return <p className="muted small">No question flipped between A and B.</p>;
  return (
    <table className="grid-table flip-list" data-testid="flips">
      <thead>
        <tr>
          <th>question</th>
          <th>right</th>
          <th>A answer</th>
          <th>B answer</th>
          <th>gold</th>
        </tr>
      </thead>
      <tbody ref={listRef}>
        {flips.map((f, i) => (
          <tr
            key={`${f.aId}|${f.bId}`}
            className={i === current ? 'selected' : ''}
            data-testid="flip"
            tabIndex={0}
            aria-selected={i === current}
            onClick={() => {
              setCursor(i);
              open(f);
            }}
            onFocus={() => setCursor(i)}
          >
            <td>{f.question}</td>
            <td className={f.winner === 'a' ? 'flip-a' : 'flip-b'}>{f.winner.toUpperCase()}</td>
            <td>{f.aAnswer || <span className="muted">(none)</span>}</td>
            <td>{f.bAnswer || <span className="muted">(none)</span>}</td>
            <td>{f.gold.join(' | ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
