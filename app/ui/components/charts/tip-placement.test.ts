import { describe, expect, it } from 'vitest';
import { TIP_MAX_WIDTH, tipPlacement } from './tip-placement';

/** The read-out's widest extent across, for a placement. */
const extent = (p: ReturnType<typeof tipPlacement>) =>
  p.flip ? [p.x - p.maxWidth, p.x] : [p.x, p.x + p.maxWidth];

describe('tipPlacement', () => {
  it('keeps the read-out inside the plot wherever the cursor is, so a legend right of it stays clear', () => {
    // StepChart's narrowest plot (300 px from x 50, a wide legend after it) and a wide one.
    for (const [l, r] of [
      [50, 350],
      [50, 584],
    ] as const)
      for (let x = l; x <= r; x += 5) {
        const [a, b] = extent(tipPlacement(x, l, r));
        expect(a).toBeGreaterThanOrEqual(l);
        expect(b).toBeLessThanOrEqual(r);
      }
  });

  it('sits right of the cursor at full width where there is room, else flips to its left', () => {
    expect(tipPlacement(60, 50, 584)).toEqual({ x: 70, flip: false, maxWidth: TIP_MAX_WIDTH });
    expect(tipPlacement(580, 50, 584)).toEqual({ x: 570, flip: true, maxWidth: TIP_MAX_WIDTH });
    // A narrow plot: the side with more room, narrowed to it.
    expect(tipPlacement(250, 50, 350)).toEqual({ x: 240, flip: true, maxWidth: 190 });
  });
});
