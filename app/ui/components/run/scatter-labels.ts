// Where the scatter's point labels go: beside their marker, right or left, then a line above or
// below, and farther, taking the first spot that stays inside the plot area and covers neither
// another label nor another marker. Text width is estimated from the font size (SVG text is not
// measured before it is drawn). When every spot is taken the label keeps its first spot.

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

interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const CHAR_PX = 6.6;
const LINE_PX = 13;
/** Baseline offsets tried, in order: level with the marker, then above and below, farther out. */
const ROWS = [0, -1, 1, -2, 2, -3, 3, -4, 4];

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export function placeLabels(
  points: ReadonlyArray<{ text: string; x: number; y: number; r: number }>,
  box: LabelBox,
): PlacedLabel[] {
  const markers: Rect[] = points.map((p) => ({ x0: p.x - p.r, x1: p.x + p.r, y0: p.y - p.r, y1: p.y + p.r }));
  const taken: Rect[] = [];
  const out: PlacedLabel[] = [];
  for (const [i, p] of points.entries()) {
    const w = p.text.length * CHAR_PX;
    const spots: Array<PlacedLabel & { rect: Rect }> = [];
    for (const row of ROWS)
      for (const anchor of ['start', 'end'] as const) {
        const y = p.y + 4 + row * LINE_PX;
        const x = anchor === 'start' ? p.x + p.r + 3 : p.x - p.r - 3;
        const rect = {
          x0: anchor === 'start' ? x : x - w,
          x1: anchor === 'start' ? x + w : x,
          y0: y - 10,
          y1: y + 2,
        };
        if (rect.x0 < box.left || rect.x1 > box.right || y - 9 < box.top || y > box.bottom) continue;
        spots.push({ text: p.text, x, y, anchor, rect });
      }
    const free = spots.find(
      (s) =>
        !taken.some((t) => overlaps(s.rect, t)) && !markers.some((m, j) => j !== i && overlaps(s.rect, m)),
    );
    const chosen = free ?? spots[0] ?? fallback(p, w, box);
    taken.push(chosen.rect);
    out.push({ text: chosen.text, x: chosen.x, y: chosen.y, anchor: chosen.anchor });
  }
  return out;
}

/** A label too long for any spot: inside the box, on the marker's row. */
function fallback(p: { text: string; x: number; y: number }, w: number, box: LabelBox) {
  const x = Math.max(box.left, Math.min(p.x, box.right - w));
  const y = Math.min(box.bottom, Math.max(box.top + 9, p.y + 4));
  return { text: p.text, x, y, anchor: 'start' as const, rect: { x0: x, x1: x + w, y0: y - 10, y1: y + 2 } };
}
