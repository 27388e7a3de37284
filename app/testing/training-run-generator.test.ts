import { describe, expect, it } from 'vitest';
import { generateStep, generateTrainingRun } from './training-run-generator';

describe('training run generator', () => {
  it('is deterministic by seed', () => {
    const opts = { steps: 5, samplesPerStep: 16, seed: 3 };
    expect(generateStep(2, 1, opts).lines).toEqual(generateStep(2, 1, opts).lines);
    expect(generateStep(2, 1, { ...opts, seed: 4 }).lines).not.toEqual(generateStep(2, 1, opts).lines);
  });

  it("writes veRL's sample shape, and the malformed lines where its manifest says", () => {
    const steps = [...generateTrainingRun({ steps: 4, samplesPerStep: 50, seed: 9, malformedRate: 0.1 })];
    expect(steps.map((s) => s.file)).toEqual(['1.jsonl', '2.jsonl', '3.jsonl', '4.jsonl']);
    for (const s of steps) {
      const bad = new Set(s.malformed.map((m) => m.line));
      s.lines.forEach((line, i) => {
        if (bad.has(i + 1)) return;
        const o = JSON.parse(line) as Record<string, unknown>;
        expect(Object.keys(o)).toEqual(
          expect.arrayContaining(['input', 'output', 'score', 'step', 'gts', 'acc', 'format_reward']),
        );
        expect(o.step).toBe(s.step);
        expect(typeof o.score).toBe('number');
      });
      for (const m of s.malformed) {
        const line = s.lines[m.line - 1] ?? '';
        if (m.kind === 'cut-off-line') expect(() => JSON.parse(line)).toThrow();
        else if (m.kind === 'missing-output') expect(JSON.parse(line)).not.toHaveProperty('output');
        else expect(JSON.parse(line).score).toBe('nan');
      }
    }
    expect(steps.reduce((n, s) => n + s.malformed.length, 0)).toBeGreaterThan(5);
  });
});
