import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll } from '../importers/pipeline';
import { stringChunks } from '../importers/pipeline';
import { type TrajectoryChunk, TrajectoryAssembler, trajectoryChunks } from './trajectory-chunks';
import type { Trajectory } from './trajectory';

/** Parts through structured cloning (what a worker's postMessage does), then reassembled. */
function roundTrip(t: Trajectory, budget?: number): { back: Trajectory; sizes: number[]; kinds: string[] } {
  const parts = [...trajectoryChunks(t, budget)].map((p) => structuredClone(p));
  // Measured before assembling: the assembler appends to the arrays it receives.
  const sizes = parts.map((p) => (p.kind === 'plan' && p.nodes.length === 1 ? 0 : sized(p)));
  const kinds = parts.map((p) => p.kind);
  const a = new TrajectoryAssembler();
  for (const p of parts) a.add(p);
  return { back: a.result(), sizes, kinds };
}

const sized = (p: TrajectoryChunk): number =>
  p.kind === 'head'
    ? 0
    : p.kind === 'docs'
      ? p.docs.length
      : p.kind === 'plan'
        ? p.nodes.reduce((n, x) => n + 1 + x.dependsOn.length, 0)
        : p.steps.reduce((n, s) => n + 1 + (s.queries?.length ?? 0) + (s.docs?.length ?? 0), 0);

function hostile(): Trajectory {
  return {
    schema: 'hopscope.trajectory/1',
    id: 'hostile',
    question: 'How big?',
    source: { kind: 'import', format: 'hopscope' },
    agent: { strategy: 'apex', params: {} },
    plan: [
      ...Array.from({ length: 12_000 }, (_, i) => ({
        id: `n${i}`,
        text: `leaf ${i}`,
        dependsOn: [],
        status: 'done' as const,
      })),
      {
        id: 'hub',
        text: 'all',
        dependsOn: Array.from({ length: 12_000 }, (_, i) => `n${i}`),
        status: 'pending' as const,
      },
    ],
    steps: [
      ...Array.from({ length: 7_001 }, (_, i) => ({
        id: `s${i}`,
        index: i,
        kind: 'search' as const,
        queries: [`q${i}`, `r${i}`],
      })),
      {
        id: 'wide',
        index: 7_001,
        kind: 'retrieve',
        docs: Array.from({ length: 12_345 }, (_, i) => ({ id: `d${i}`, text: `passage ${i}`, rank: i + 1 })),
      },
      { id: 'end', index: 7_002, kind: 'answer', text: 'big' },
    ],
    answer: { text: 'big' },
  };
}

describe('trajectory parts', () => {
  it('puts a huge trajectory back exactly, each part within its budget (a single outsized plan node aside)', () => {
    const t = hostile();
    const { back, sizes, kinds } = roundTrip(t, 1_000);
    expect(back).toEqual(t);
    expect(kinds[0]).toBe('head');
    expect(kinds.filter((k) => k === 'docs')).toHaveLength(12);
    // A step alone with its first documents counts one more than the budget.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_001);
    // The original is not changed by cutting it.
    expect(t.steps[7_001]!.docs).toHaveLength(12_345);
  });

  it('keeps a trajectory without plan or steps as it was', () => {
    const t: Trajectory = { ...hostile(), plan: undefined, steps: [] };
    delete t.plan;
    const { back, kinds } = roundTrip(t);
    expect(kinds).toEqual(['head']);
    expect(back).toEqual(t);
    expect('plan' in back).toBe(false);
  });

  it('round-trips every trajectory of a real log', async () => {
    const file = resolve(__dirname, '../../../../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl');
    const { trajectories } = await importAll(stringChunks(readFileSync(file, 'utf8')), { file: 'r1.jsonl' });
    expect(trajectories.length).toBeGreaterThan(10);
    for (const t of trajectories) expect(roundTrip(t, 7).back).toEqual(t);
  });

  it('refuses parts that arrive before the head', () => {
    expect(() => new TrajectoryAssembler().add({ kind: 'steps', steps: [] })).toThrow(/before the head/);
    expect(() => new TrajectoryAssembler().result()).toThrow(/no trajectory head/);
  });
});
