import { describe, expect, it } from 'vitest';
import { PAPERS } from './papers';
import { STRATEGIES } from './registry';

describe('PAPERS', () => {
  it('covers every registered strategy in exactly one paper entry', () => {
    for (const s of STRATEGIES) {
      const owners = PAPERS.filter((p) => p.strategies.includes(s));
      expect(
        owners.map((p) => p.id),
        s.id,
      ).toHaveLength(1);
    }
    const listed = PAPERS.flatMap((p) => p.strategies);
    for (const s of listed) expect(STRATEGIES).toContain(s);
  });

  it('names only parameters that exist in the strategy defaults, with a value other than the default', () => {
    for (const p of PAPERS)
      for (const d of p.differences) {
        if (!d.select) continue;
        const defaults = d.select.strategy.defaults as Record<string, unknown>;
        expect(Object.keys(defaults), `${p.id}: ${d.topic}`).toContain(d.select.param);
        expect(d.select.value, `${p.id}: ${d.topic}`).not.toEqual(defaults[d.select.param]);
        expect(typeof d.select.value).toBe(typeof defaults[d.select.param]);
        expect(p.strategies).toContain(d.select.strategy);
      }
  });

  it('points at paper files that exist, with unique ids', async () => {
    const { existsSync } = await import('node:fs');
    expect(new Set(PAPERS.map((p) => p.id)).size).toBe(PAPERS.length);
    for (const p of PAPERS) if (p.file) expect(existsSync(`../shared/papers/${p.file}`), p.file).toBe(true);
  });
});
