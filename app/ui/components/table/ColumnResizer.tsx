// A column header's right edge: drag it (or focus it and press ← / →) to set the column's width,
// kept in the table's layout (and so in the link and the saved view).
import { useRef } from 'react';
import { type ColumnKey, MAX_WIDTH, MIN_WIDTH } from '../../../core/table/columns';
import { useUi } from '../../state/ui-store';

function setWidth(column: ColumnKey, px: number): void {
  const ui = useUi.getState();
  const w = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
  ui.setLayout({ ...ui.layout, widths: { ...ui.layout.widths, [column]: w } });
}

export function ColumnResizer({ column, title, width }: { column: ColumnKey; title: string; width: number }) {
  const drag = useRef<{ x: number; w: number } | null>(null);
  return (
    <div
      className="col-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${title}`}
      aria-valuenow={width}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      data-testid={`resize-${column}`}
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        // The drawn width: a column that grew into spare room starts from what is on screen.
        const cell = e.currentTarget.parentElement;
        drag.current = { x: e.clientX, w: cell ? cell.getBoundingClientRect().width : width };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (drag.current) setWidth(column, drag.current.w + e.clientX - drag.current.x);
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        e.stopPropagation();
        setWidth(column, width + (e.key === 'ArrowRight' ? 10 : -10));
      }}
    />
  );
}
