import { describe, expect, it } from 'vitest';
import { placeLabels } from './scatter-labels';

const BOX = { left: 50, right: 330, top: 26, bottom: 190 };

describe('scatter labels', () => {
  it('puts a label right of its marker when it fits', () => {
    expect(placeLabels([{ text: 'direct', x: 70, y: 100, r: 4 }], BOX)).toEqual([
      { text: 'direct', x: 77, y: 104, anchor: 'start' },
    ]);
  });

  it('flips to the left near the right edge, so the text stays inside', () => {
    const [l] = placeLabels([{ text: 'when-to-search', x: 320, y: 100, r: 10 }], BOX);
    expect(l!.anchor).toBe('end');
    expect(l!.x).toBe(307);
  });

  it('keeps a label at accuracy 0 above the x axis', () => {
    const [l] = placeLabels([{ text: 'search-r1', x: 100, y: 200, r: 6 }], BOX);
    expect(l!.y).toBeLessThanOrEqual(BOX.bottom);
  });

  it('separates labels of points with equal scores, within the box', () => {
    const ls = placeLabels(
      [
        { text: 'ircot', x: 100, y: 188, r: 4 },
        { text: 'qagent', x: 100, y: 188, r: 4 },
        { text: 'apex', x: 100, y: 188, r: 4 },
      ],
      BOX,
    );
    const ys = ls.map((l) => l.y);
    expect(new Set(ys).size).toBe(3);
    for (const y of ys) expect(y).toBeLessThanOrEqual(BOX.bottom);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(BOX.top);
  });
});
