// A legend drawn inside the chart's SVG, so exported figures keep it.
export interface LegendItem {
  label: string;
  color: string;
  /** "line" for a series, "dot" for a marker. */
  mark: 'line' | 'dot';
}

export const LEGEND_ROW = 16;

/** Width that fits the longest label (an estimate from the font size: SVG text is not measured). */
export function legendWidth(items: readonly LegendItem[], fontPx = 11): number {
  const longest = Math.max(0, ...items.map((i) => i.label.length));
  return Math.min(240, Math.ceil(longest * fontPx * 0.6) + 30);
}

export function SvgLegend({ items, x, y }: { items: readonly LegendItem[]; x: number; y: number }) {
  return (
    <g className="legend" data-testid="legend" transform={`translate(${x} ${y})`}>
      {items.map((it, i) => (
        <g key={it.label} transform={`translate(0 ${i * LEGEND_ROW})`} data-testid="legend-item">
          {it.mark === 'line' ? (
            <>
              <line x1={0} x2={18} y1={0} y2={0} stroke={it.color} strokeWidth={2} />
              <circle cx={9} cy={0} r={3} fill={it.color} />
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
