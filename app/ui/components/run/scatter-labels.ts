// Where the scatter's point labels go: beside their marker, flipped to the left where the text
// would leave the plot area, inside it vertically, and moved down (or up, at the bottom) until
// none overlaps another. Text width is estimated from the font size (SVG text is not measured
// before it is drawn).

export interface LabelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface PlacedLabel {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

const CHAR_PX = 6.6;
const LINE_PX = 13;

export function placeLabels(
  points: ReadonlyArray<{ text: string; x: number; y: number; r: number }>,
  box: LabelBox,
): PlacedLabel[] {
  const placed: Array<PlacedLabel & { x0: number; x1: number }> = [];
  const clampY = (v: number) => Math.min(box.bottom, Math.max(box.top, v));
  for (const p of [...points].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const w = p.text.length * CHAR_PX;
    const right = p.x + p.r + 3 + w <= box.right;
    const x = right ? p.x + p.r + 3 : Math.max(box.left + w, p.x - p.r - 3);
    const x0 = right ? x : x - w;
    const x1 = right ? x + w : x;
    const hits = (y: number) => placed.some((q) => Math.abs(q.y - y) < LINE_PX && x0 < q.x1 && q.x0 < x1);
    let y = clampY(p.y + 4);
    // Down first; at the bottom edge, up instead.
    let step = LINE_PX;
    for (let i = 0; hits(y) && i < 40; i++) {
      if (y + step > box.bottom && step > 0) {
        step = -LINE_PX;
        y = clampY(p.y + 4);
      }
      y += step;
      if (y < box.top) break;
    }
    placed.push({ text: p.text, x, y: clampY(y), anchor: right ? 'start' : 'end', x0, x1 });
  }
  return placed.map(({ text, x, y, anchor }) => ({ text, x, y, anchor }));
}
