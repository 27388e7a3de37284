import { describe, expect, it } from 'vitest';
import { placeLabels } from './scatter-labels';

const BOX = { left: 50, right: 330, top: 26, bottom: 190 };
const inside = (l: { x: number; y: number; anchor: string; text: string }) => {
  const w = l.text.length * 6.6;
  const x0 = l.anchor === 'start' ? l.x : l.x - w;
  return x0 >= BOX.left && x0 + w <= BOX.right && l.y <= BOX.bottom && l.y - 9 >= BOX.top;
};

describe('scatter labels', () => {
  it('puts a label right of its marker when it fits', () => {
    expect(placeLabels([{ text: 'direct', x: 70, y: 100, r: 4 }], BOX)).toEqual([
      { text: 'direct', x: 77, y: 104, anchor: 'start' },
    ]);
  });

  it('flips to the left near the right edge, so the text stays inside', () => {
    const [l] = placeLabels([{ text: 'when-to-search', x: 320, y: 100, r: 10 }], BOX);
    expect(l).toEqual({ text: 'when-to-search', x: 307, y: 104, anchor: 'end' });
  });

  it('keeps a label at accuracy 0 above the x axis', () => {
    const [l] = placeLabels([{ text: 'search-r1', x: 100, y: 188, r: 6 }], BOX);
    expect(inside(l!)).toBe(true);
  });

  it('does not write over a neighbouring marker', () => {
    // direct at RC 0 and standard-rag at RC 1, both at accuracy 0: direct's label must not cover
    // standard-rag's marker, 25 px to its right.
    const [direct] = placeLabels(
      [
        { text: 'direct', x: 70, y: 180, r: 4 },
        { text: 'standard-rag', x: 95, y: 180, r: 6 },
      ],
      BOX,
    );
    const x0 = direct!.anchor === 'start' ? direct!.x : direct!.x - 6 * 6.6;
    const coversMarker = x0 < 101 && x0 + 6 * 6.6 > 89 && direct!.y - 10 < 186 && direct!.y + 2 > 174;
    expect(coversMarker).toBe(false);
  });

  it('separates labels of points with equal scores, within the box', () => {
    const ls = placeLabels(
      ['ircot', 'qagent', 'apex'].map((text) => ({ text, x: 100, y: 188, r: 4 })),
      BOX,
    );
    expect(new Set(ls.map((l) => `${l.x},${l.y}`)).size).toBe(3);
    for (const l of ls) expect(inside(l)).toBe(true);
  });
});
