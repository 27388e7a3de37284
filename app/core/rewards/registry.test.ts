import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { AbortError, type Llm } from '../llm/types';
import type { Trajectory } from '../schema/trajectory';
import { computeRewards, REWARDS, rewardById } from './registry';
import { fakeEmbedder, fakeLlm, traj } from '../../testing/reward-fakes';

describe('reward registry', () => {
  it('lists each reward once, with a paper, its needs and its defaults', () => {
    const ids = REWARDS.map((r) => r.id);
    expect(ids).toEqual([
      'search-r1/em',
      'search-r1/format',
      'qagent/stage1',
      'qagent/stage2',
      'when-to-search/total',
      'apex/sepr',
      'exsearch/log-weight',
    ]);
    for (const r of REWARDS) expect(r.paper).not.toBe('');
    expect(rewardById('apex/sepr')?.needs).toEqual(['goldPlan', 'embedder']);
    expect(rewardById('when-to-search/total')?.defaults).toMatchObject({ beta: 0.3, stage: 1 });
  });

  it('computes a selection in order, with per-reward parameters, and rejects unknown ids', async () => {
    const t = traj([{ kind: 'answer', text: 'Paris' }], { gold: { answers: ['Paris'] }, answer: 'Paris' });
    const out = await computeRewards(t, {}, ['search-r1/format', 'search-r1/em'], {
      'search-r1/format': { structureFormatScore: 0.5 },
    });
    expect(out.map((r) => [r.id, r.value])).toEqual([
      ['search-r1/format', 0.5],
      ['search-r1/em', 1],
    ]);
    await expect(computeRewards(t, {}, ['nope'])).rejects.toThrow(/unknown reward "nope"/);
  });

  it('runs everything without models: model rewards come back null with a reason', async () => {
    const t = traj(
      [
        { kind: 'think', text: 't' },
        { kind: 'reflect', text: 'r' },
        { kind: 'answer', text: 'Paris' },
      ],
      {
        gold: { answers: ['Paris'] },
        answer: 'Paris',
      },
    );
    const out = await computeRewards(t);
    expect(Object.fromEntries(out.map((r) => [r.id, r.value]))).toEqual({
      'search-r1/em': 1,
      'search-r1/format': 0.8,
      'qagent/stage1': 1,
      'qagent/stage2': null,
      'when-to-search/total': 2,
      'apex/sepr': null,
      'exsearch/log-weight': null,
    });
    for (const r of out) if (r.value === null) expect(r.note).toBeTruthy();
  });

  it('turns an adapter failure into a null result but lets cancellation through', async () => {
    const t = traj([], { gold: { answers: ['x'] } });
    const broken: Llm = {
      ...fakeLlm(''),
      generate: async () => {
        throw new Error('server down');
      },
    };
    const [r] = await computeRewards(t, { llm: broken }, ['qagent/stage2']);
    expect(r).toMatchObject({ value: null, note: 'failed: server down' });
    const cancelled: Llm = {
      ...fakeLlm(''),
      generate: async () => {
        throw new AbortError();
      },
    };
    await expect(computeRewards(t, { llm: cancelled }, ['qagent/stage2'])).rejects.toThrow(AbortError);
    const controller = new AbortController();
    controller.abort();
    await expect(computeRewards(t, { signal: controller.signal })).rejects.toThrow(AbortError);
  });

  it('passes the embedder through (When-to-Search with two searches)', async () => {
    const t = traj(
      [
        { kind: 'think', text: 't' },
        { kind: 'search', queries: ['a'] },
        { kind: 'search', queries: ['b'] },
      ],
      { gold: { answers: ['y'] } },
    );
    const embedder = fakeEmbedder({ a: [1, 0], b: [0, 1] });
    const [r] = await computeRewards(t, { embedder }, ['when-to-search/total']);
    // No answer, so wrong; stage 1: r_a = −1 + 0.3·2 = −0.4; r_s = −cos 0 / 2 = 0; no answer: r_f = −1.
    expect(r?.value).toBeCloseTo(-1.4, 12);
  });
});

describe('Search-R1 rewards on a real FlashRAG run (Bamboogle, 125 questions)', () => {
  const FILE = 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json';
  let trajectories: Trajectory[] = [];
  beforeAll(async () => {
    const text = readFileSync(resolve('..', 'shared', 'data', 'trajectories', FILE), 'utf8');
    trajectories = (await importAll(stringChunks(text), { file: FILE })).trajectories;
  });

  it('mean Search-R1 EM equals the mean of the file’s own metric_score.em (0.344 = 43/125)', async () => {
    expect(trajectories).toHaveLength(125);
    const ems: number[] = [];
    for (const t of trajectories) {
      const [r] = await computeRewards(t, {}, ['search-r1/em']);
      ems.push(r?.value ?? Number.NaN);
      expect(r?.value).toBe(t.reported?.em);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(ems)).toBeCloseTo(mean(trajectories.map((t) => Number(t.reported?.em))), 12);
    expect(mean(ems)).toBeCloseTo(0.344, 12);
  });

  it('format variant: the instruct model writes no <think> tags, so every record is invalid: 0.8 or 0.1', async () => {
    let sum = 0;
    for (const t of trajectories) {
      const [r] = await computeRewards(t, {}, ['search-r1/format']);
      expect(r?.inputs.validFormat).toBe(false);
      sum += r?.value ?? Number.NaN;
    }
    // 43 correct × 0.8 + 82 wrong × 0.1 = 42.6, over 125 records.
    expect(sum / trajectories.length).toBeCloseTo(42.6 / 125, 12);
  });
});
