// Where a chart's hover read-out goes: beside the cursor and inside the plot, so it never covers
// the legend drawn to the right of the plot (SvgLegend, as LinePlot and StepChart place it).

/** The read-out's widest, in px (it wraps below that). */
export const TIP_MAX_WIDTH = 240;
/** Gap between the cursor's line and the read-out. */
const GAP = 10;

export interface TipPlacement {
  /** The read-out's left edge, or with `flip` its right edge, in the chart's px. */
  x: number;
  /** Drawn to the left of the cursor: `x` is its right edge. */
  flip: boolean;
  /** What the read-out may take across without leaving the plot. */
  maxWidth: number;
}

/**
 * The read-out for a cursor at `x` in a plot spanning `plotLeft`–`plotRight`: right of the cursor
 * where there is room for TIP_MAX_WIDTH, else on whichever side has more, narrowed to that room.
 */
export function tipPlacement(x: number, plotLeft: number, plotRight: number): TipPlacement {
  const right = plotRight - (x + GAP);
  const left = x - GAP - plotLeft;
  if (right >= TIP_MAX_WIDTH || right >= left)
    return { x: x + GAP, flip: false, maxWidth: Math.min(TIP_MAX_WIDTH, right) };
  return { x: x - GAP, flip: true, maxWidth: Math.min(TIP_MAX_WIDTH, left) };
}
