// A legend drawn inside the chart's SVG, so exported figures keep it; and the point markers it
// shares with the plots (shapes differ per series, so lines that coincide stay distinguishable).
export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export const SHAPES: readonly MarkerShape[] = ['circle', 'square', 'triangle', 'diamond'];

export interface LegendItem {
  label: string;
  color: string;
  /** "line" for a series (with its marker shape), "dot" for a scatter marker. */
  mark: 'line' | 'dot';
  shape?: MarkerShape;
  dash?: string;
}

/** Dash patterns per series, so a line drawn over an equal one lets it show through. */
export const DASHES: readonly string[] = ['', '6 4', '2 3', '8 3 2 3'];

export const LEGEND_ROW = 16;

/** Width that fits the longest label (an estimate from the font size: SVG text is not measured). */
export function legendWidth(items: readonly LegendItem[], fontPx = 11): number {
  const longest = Math.max(0, ...items.map((i) => i.label.length));
  return Math.min(260, Math.max(70, Math.ceil(longest * fontPx * 0.64) + 34));
}

/** A point marker of about `r` radius centred on (x, y). */
export function Marker({
  shape = 'circle',
  x,
  y,
  r,
  color,
  testId,
  children,
}: {
  shape?: MarkerShape | undefined;
  x: number;
  y: number;
  r: number;
  color: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  const common = { fill: color, 'data-testid': testId };
  if (shape === 'square')
    return (
      <rect x={x - r * 0.9} y={y - r * 0.9} width={r * 1.8} height={r * 1.8} {...common}>
        {children}
      </rect>
    );
  if (shape === 'triangle' || shape === 'diamond') {
    const k = r * 1.25;
    const d =
      shape === 'triangle'
        ? `M${x},${y - k}L${x + k},${y + k * 0.8}L${x - k},${y + k * 0.8}Z`
        : `M${x},${y - k}L${x + k},${y}L${x},${y + k}L${x - k},${y}Z`;
    return (
      <path d={d} {...common}>
        {children}
      </path>
    );
  }
  return (
    <circle cx={x} cy={y} r={r} {...common}>
      {children}
    </circle>
  );
}

export function SvgLegend({ items, x, y }: { items: readonly LegendItem[]; x: number; y: number }) {
  return (
    <g className="legend" data-testid="legend" transform={`translate(${x} ${y})`}>
      {items.map((it, i) => (
        <g key={it.label} transform={`translate(0 ${i * LEGEND_ROW})`} data-testid="legend-item">
          {it.mark === 'line' ? (
            <>
              <line
                x1={0}
                x2={18}
                y1={0}
                y2={0}
                stroke={it.color}
                strokeWidth={2}
                strokeDasharray={it.dash || undefined}
              />
              <Marker shape={it.shape} x={9} y={0} r={3.5} color={it.color} />
            </>
          ) : (
            <circle cx={9} cy={0} r={5} fill={it.color} fillOpacity={0.35} stroke={it.color} />
          )}
          <text x={24} y={4} className="legend-label">
            {it.label}
          </text>
        </g>
      ))}
    </g>
  );
}
