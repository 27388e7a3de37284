import { describe, expect, it } from 'vitest';
import { apex } from './apex';
import { paperById, PAPERS } from './papers';
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

  it('gives every departure from a paper what the paper does, what Hopscope does and why', () => {
    for (const p of PAPERS)
      for (const d of p.departures)
        for (const field of ['topic', 'paper', 'hopscope', 'reason'] as const)
          expect(d[field].trim(), `${p.id}: ${d.topic}: ${field}`).not.toBe('');
  });

  it('lists APEX’s departures: the step limit read from the code, and v2’s continuation decision after retrieval', () => {
    const departures = paperById('apex')?.departures ?? [];
    expect(departures.length).toBeGreaterThanOrEqual(10);
    const topic = (t: string) => departures.find((d) => d.topic === t);
    expect(topic('Plan step limit')?.hopscope).toContain(`planStepLimit = ${apex.defaults.planStepLimit}`);
    expect(topic('Where the continuation decision sits')?.paper).toMatch(
      /v2 §2\.4\.2 moves the decision after/,
    );
    expect(topic('Reading the decisions')?.hopscope).toMatch(/unclear reply retrieves or continues/);
  });
});
