import { describe, expect, it } from 'vitest';
import { batchQuestion, finishedRun } from '../../testing/batch-runs';
import { STRATEGIES } from '../agents/registry';
import { ABLATION_PRESETS, ablationArms, ablationResults, ablationTable } from './ablation-presets';
import { batchJobs, jobParams } from './plan';

const preset = (id: string) => ABLATION_PRESETS.find((p) => p.id === id)!;

describe('ablation presets', () => {
  it('name switches the strategies really have, and every arm sets every switch of its preset', () => {
    for (const p of ABLATION_PRESETS) {
      const def = STRATEGIES.find((s) => s.id === p.spec.strategy)!;
      const switches = new Set(p.spec.arms.flatMap((a) => Object.keys(a.params)));
      for (const arm of p.spec.arms) {
        expect(Object.keys(arm.params).sort()).toEqual([...switches].sort());
        for (const k of switches) expect(typeof (def.defaults as Record<string, unknown>)[k]).toBe('boolean');
      }
      // The full arm is the strategy's defaults (the paper's main method).
      expect(p.spec.arms[0]!.label).toBe('full');
      for (const [k, v] of Object.entries(p.spec.arms[0]!.params))
        expect((def.defaults as Record<string, unknown>)[k]).toBe(v);
      // Arms are distinct runs.
      expect(new Set(ablationArms(p.spec).map((a) => a.key)).size).toBe(p.spec.arms.length);
    }
  });

  it('runs each arm on each question, its switches over the Live run tab’s', () => {
    const spec = preset('exsearch-actions').spec;
    const b = {
      id: 'b1',
      questions: [batchQuestion('1'), batchQuestion('2')],
      strategies: ablationArms(spec).map((a) => a.key),
      ablation: spec,
    };
    const jobs = batchJobs(b);
    // Table 3's arms in its order: full, w/o thinking, w/o search, w/o recording (§5.2).
    expect(jobs.map((j) => [j.question.qid, j.variant])).toEqual([
      ['1', 'exsearch(thinking=true, search=true, recording=true, rank=false)'],
      ['1', 'exsearch(thinking=false, search=true, recording=true, rank=false)'],
      ['1', 'exsearch(thinking=true, search=false, recording=true, rank=false)'],
      ['1', 'exsearch(thinking=true, search=true, recording=false, rank=false)'],
      ['2', 'exsearch(thinking=true, search=true, recording=true, rank=false)'],
      ['2', 'exsearch(thinking=false, search=true, recording=true, rank=false)'],
      ['2', 'exsearch(thinking=true, search=false, recording=true, rank=false)'],
      ['2', 'exsearch(thinking=true, search=true, recording=false, rank=false)'],
    ]);
    expect(new Set(jobs.map((j) => j.trajectoryId)).size).toBe(8);
    // "w/o thinking" set on the Live run tab does not leak into the full arm; topK still applies.
    // Nor does ExSearch-Zoo's rank action (appendix E.2): Table 3's arms are the main method,
    // think → search → record (§2.1), so every arm pins it off.
    const tab = { exsearch: { thinking: false, search: false, rank: true, topK: 3 } };
    const on = { search: true, rank: false, topK: 3 };
    expect(jobParams(tab, jobs[0]!)).toEqual({ thinking: true, recording: true, ...on });
    expect(jobParams(tab, jobs[1]!)).toEqual({ thinking: false, recording: true, ...on });
    expect(jobParams(tab, jobs[2]!)).toEqual({ thinking: true, recording: true, ...on, search: false });
    expect(jobParams(tab, jobs[3]!)).toEqual({ thinking: true, recording: false, ...on });
  });

  it('rejects an entry that is not an arm', () => {
    const spec = preset('apex-plan').spec;
    expect(() =>
      batchJobs({
        id: 'b',
        questions: [batchQuestion('1')],
        strategies: ['apex(planning=maybe)'],
        ablation: spec,
      }),
    ).toThrow(/not an arm of its ablation/);
  });

  it('reports accuracy and retrieval count per arm, from the switches each run recorded', () => {
    const spec = preset('apex-plan').spec;
    const ts = [
      finishedRun('apex', { planning: true, maxHops: 5 }, 'Paris', 3),
      finishedRun('apex', { planning: true, maxHops: 5 }, 'Lyon', 1),
      finishedRun('apex', { planning: false, maxHops: 5 }, 'Lyon', 1),
      finishedRun('exsearch', { planning: false }, 'Paris', 9), // another strategy: in no arm
    ];
    const rs = ablationResults(spec, ts);
    expect(rs.map((r) => [r.label, r.summary.n, r.summary.em, r.summary.acc, r.summary.meanRc])).toEqual([
      ['full', 2, 0.5, 0.5, 2],
      ['w/o Plan', 1, 0, 0, 1],
    ]);
    const table = ablationTable(rs);
    expect(table.header.slice(0, 2)).toEqual(['arm', 'runs']);
    expect(table.rows.map((r) => r.slice(0, 2))).toEqual([
      ['full', 2],
      ['w/o Plan', 1],
    ]);
  });
});
