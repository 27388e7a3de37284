import { describe, expect, it } from 'vitest';
import { batchQuestion, finishedRun } from '../../testing/batch-runs';
import { apex } from '../agents/apex/apex';
import { STRATEGIES } from '../agents/registry';
import { whenToSearch } from '../agents/when-to-search';
import { batchJobs, jobKey, pendingJobs } from './plan';
import {
  gridSize,
  MAX_GRID_POINTS,
  numericParams,
  parseValues,
  type SweepSpec,
  sweepProblem,
  sweepVariants,
} from './sweep-grid';
import { SWEEP_PRESETS } from './sweep-presets';
import { sweepPoints, sweepSeries, sweepTable } from './sweep-series';

const SPEC: SweepSpec = {
  strategy: 'apex',
  params: [
    { name: 'docsPerRetrieval', values: [1, 3] },
    { name: 'maxHops', values: [2, 4, 5] },
  ],
};

function sweepBatch(spec: SweepSpec = SPEC) {
  return {
    id: 'b9',
    questions: [batchQuestion('1'), batchQuestion('2')],
    strategies: sweepVariants(spec).map((v) => v.key),
    sweep: spec,
  };
}

describe('sweep grid', () => {
  it('expands the cartesian product, first parameter slowest', () => {
    const vs = sweepVariants(SPEC);
    expect(gridSize(SPEC)).toBe(6);
    expect(vs.map((v) => v.params)).toEqual([
      { docsPerRetrieval: 1, maxHops: 2 },
      { docsPerRetrieval: 1, maxHops: 4 },
      { docsPerRetrieval: 1, maxHops: 5 },
      { docsPerRetrieval: 3, maxHops: 2 },
      { docsPerRetrieval: 3, maxHops: 4 },
      { docsPerRetrieval: 3, maxHops: 5 },
    ]);
    expect(vs[4]!.key).toBe('apex(docsPerRetrieval=3, maxHops=4)');
    expect(sweepVariants({ strategy: 'apex', params: [] })).toEqual([]);
  });

  it('offers the numeric parameters only', () => {
    expect(numericParams(apex.defaults)).toEqual([
      'docsPerRetrieval',
      'maxHops',
      'planStepLimit',
      'maxPlanSteps',
      'maxTokens',
      'queryMaxTokens',
      'planMaxTokens',
      'temperature',
    ]);
  });

  it('validates value lists with a message naming the entry', () => {
    expect(parseValues('topK', '1, 3,5 ,10', 5)).toEqual({ values: [1, 3, 5, 10] });
    expect(parseValues('temperature', '0, 0.5, 1', 0)).toEqual({ values: [0, 0.5, 1] });
    expect(parseValues('topK', '1, x', 5)).toEqual({ error: 'topK: “x” is not a number' });
    expect(parseValues('topK', '1, 2.5', 5)).toEqual({
      error: 'topK: “2.5” must be a whole number of at least 1',
    });
    expect(parseValues('topK', '0', 5)).toEqual({ error: 'topK: “0” must be a whole number of at least 1' });
    expect(parseValues('temperature', '-1', 0)).toEqual({ error: 'temperature: “-1” must not be negative' });
    expect(parseValues('topK', '3, 3', 5)).toEqual({ error: 'topK: 3 is listed twice' });
    expect(parseValues('topK', ' , ', 5)).toEqual({ error: 'topK: list at least one value (e.g. 1, 3, 5)' });
  });

  it('caps the grid size with a clear message', () => {
    const big: SweepSpec = {
      strategy: 'apex',
      params: [
        { name: 'docsPerRetrieval', values: [1, 2, 3, 4, 5, 6, 7] },
        { name: 'maxHops', values: [1, 2, 3, 4, 5, 6, 7] },
      ],
    };
    expect(sweepProblem(big, apex.defaults)).toBe(
      `The grid has 49 points (7 × 7); at most ${MAX_GRID_POINTS} are allowed. Drop values or a parameter.`,
    );
    expect(sweepProblem(SPEC, apex.defaults)).toBeNull();
    expect(sweepProblem({ strategy: 'apex', params: [{ name: 'topK', values: [1] }] }, apex.defaults)).toBe(
      'apex has no numeric parameter “topK”.',
    );
    expect(sweepProblem({ strategy: 'apex', params: [] }, apex.defaults)).toBe(
      'Pick at least one parameter to sweep.',
    );
  });

  it('has presets that are valid sweeps of real parameters', () => {
    expect(SWEEP_PRESETS.map((p) => p.id)).toEqual(['apex-docs', 'apex-hops', 'wts-topk']);
    for (const p of SWEEP_PRESETS) {
      const def = STRATEGIES.find((s) => s.id === p.spec.strategy)!;
      expect(sweepProblem(p.spec, def.defaults)).toBeNull();
    }
    expect(SWEEP_PRESETS[2]!.spec.params[0]!.values).toContain(whenToSearch.defaults.topK);
  });
});

describe('a sweep as a batch', () => {
  it('runs every grid point on every question with its own params, key and trajectory id', () => {
    const jobs = batchJobs(sweepBatch());
    expect(jobs).toHaveLength(12);
    expect(jobs.every((j) => j.strategy === 'apex')).toBe(true);
    expect(jobs[1]!.params).toEqual({ docsPerRetrieval: 1, maxHops: 4 });
    expect(jobs[1]!.key).toBe(jobKey('apex(docsPerRetrieval=1, maxHops=4)', '1'));
    expect(new Set(jobs.map((j) => j.key)).size).toBe(12);
    expect(new Set(jobs.map((j) => j.trajectoryId)).size).toBe(12);
    // Deterministic: the same spec gives the same ids after a reload.
    expect(batchJobs(sweepBatch()).map((j) => j.trajectoryId)).toEqual(jobs.map((j) => j.trajectoryId));
    // Question by question, as batches are.
    expect(jobs.slice(0, 6).every((j) => j.question.qid === '1')).toBe(true);
  });

  it('keeps a plain batch’s ids as they were', () => {
    const [job] = batchJobs({ id: 'b1', questions: [batchQuestion('1')], strategies: ['direct'] });
    expect(job).toMatchObject({ strategy: 'direct', variant: 'direct', params: {} });
    expect(job!.trajectoryId).toMatch(/^b1_direct_[0-9a-z]+$/);
  });

  it('skips finished grid points on resume', () => {
    const spec = sweepBatch();
    const all = batchJobs(spec);
    const done = new Set(all.slice(0, 7).map((j) => j.key));
    const left = pendingJobs(spec, done);
    expect(left.map((j) => j.key)).toEqual(all.slice(7).map((j) => j.key));
    expect(left[0]!.params).toEqual({ docsPerRetrieval: 1, maxHops: 4 });
    expect(left[0]!.question.qid).toBe('2');
  });

  it('refuses a variant that is not in its sweep', () => {
    expect(() => batchJobs({ ...sweepBatch(), strategies: ['apex(maxHops=9)'] })).toThrow(/not a grid point/);
  });
});

describe('sweep results', () => {
  const spec: SweepSpec = { strategy: 'when-to-search', params: [{ name: 'topK', values: [1, 3, 5] }] };
  const ts = [
    finishedRun('when-to-search', { topK: 1, maxTurns: 5 }, 'rome', 1),
    finishedRun('when-to-search', { topK: 1, maxTurns: 5 }, 'paris', 1),
    finishedRun('when-to-search', { topK: 3, maxTurns: 5 }, 'paris', 2),
    finishedRun('when-to-search', { topK: 3, maxTurns: 5 }, 'in paris', 2),
    // Another strategy with the same parameter value belongs to no grid point.
    finishedRun('search-r1', { topK: 3 }, 'rome', 4),
  ];

  it('summarizes each grid point from the params its runs recorded', () => {
    const pts = sweepPoints(spec, ts);
    expect(
      pts.map((p) => [p.variant.params.topK, p.summary.n, p.summary.em, p.summary.acc, p.summary.meanRc]),
    ).toEqual([
      [1, 2, 0.5, 0.5, 1],
      [3, 2, 0.5, 1, 2],
      [5, 0, null, null, 0],
    ]);
  });

  it('gives a series per metric, leaving out points with no runs', () => {
    const series = sweepSeries(sweepPoints(spec, ts), 'topK', ['em', 'acc', 'meanRc']);
    expect(series.map((s) => [s.label, s.points.map((p) => [p.x, p.y])])).toEqual([
      [
        'EM',
        [
          [1, 0.5],
          [3, 0.5],
        ],
      ],
      [
        'acc',
        [
          [1, 0.5],
          [3, 1],
        ],
      ],
      [
        'mean RC',
        [
          [1, 1],
          [3, 2],
        ],
      ],
    ]);
  });

  it('holds the other parameters fixed along each line', () => {
    const two: SweepSpec = {
      strategy: 'apex',
      params: [
        { name: 'docsPerRetrieval', values: [1, 3] },
        { name: 'maxHops', values: [1, 5] },
      ],
    };
    const runs = [
      finishedRun('apex', { docsPerRetrieval: 1, maxHops: 1 }, 'paris', 1),
      finishedRun('apex', { docsPerRetrieval: 3, maxHops: 1 }, 'rome', 1),
      finishedRun('apex', { docsPerRetrieval: 1, maxHops: 5 }, 'paris', 3),
      finishedRun('apex', { docsPerRetrieval: 3, maxHops: 5 }, 'paris', 5),
    ];
    const series = sweepSeries(sweepPoints(two, runs), 'docsPerRetrieval', ['em']);
    expect(series.map((s) => [s.label, s.fixed, s.points.map((p) => [p.x, p.y])])).toEqual([
      [
        'EM · maxHops=1',
        { maxHops: 1 },
        [
          [1, 1],
          [3, 0],
        ],
      ],
      [
        'EM · maxHops=5',
        { maxHops: 5 },
        [
          [1, 1],
          [3, 1],
        ],
      ],
    ]);
  });

  it('tables the grid points with the swept parameters first', () => {
    const { header, rows } = sweepTable(spec, sweepPoints(spec, ts));
    expect(header).toEqual(['topK', 'runs', 'em', 'f1', 'acc', 'mean_rc', 'mean_queries', 'mean_ms']);
    expect(rows).toHaveLength(3);
    // F1 of "in paris" against "paris" is 2/3, so the point's mean F1 is (1 + 2/3) / 2.
    const [topK, runs, em, f1, acc, rc] = rows[1]!;
    expect([topK, runs, em, acc, rc]).toEqual([3, 2, 0.5, 1, 2]);
    expect(f1).toBeCloseTo(5 / 6, 12);
  });
});
