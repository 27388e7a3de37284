import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { packTrajectory, unpackTrajectory } from './packed';
import type { Trajectory } from './trajectory';

const LOGS = resolve(__dirname, '../../../../shared/data/trajectories');

async function load(file: string): Promise<Trajectory[]> {
  const text = readFileSync(resolve(LOGS, file), 'utf8');
  return (await importAll(stringChunks(text), { file })).trajectories;
}

/** A hand-made trajectory's fields besides its raw text and steps. */
const header = (id: string) => ({
  schema: 'hopscope.trajectory/1' as const,
  id,
  question: 'q?',
  source: { kind: 'import' as const, format: 'hopscope' },
  agent: { strategy: 'search-r1', params: {} },
});

/** Stored (structured-cloned, as IndexedDB does) and read back. */
const stored = (t: Trajectory) => unpackTrajectory(structuredClone(packTrajectory(t)));

describe('packed trajectories', () => {
  it.each([
    'r1searcher_bamboogle_qwen.jsonl',
    'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
  ])('stores %s as spans into raw and reads every trajectory back identical, keys in order', async (file) => {
    const list = await load(file);
    expect(list.length).toBeGreaterThan(100);
    let before = 0;
    let after = 0;
    for (const t of list) {
      const back = stored(t);
      expect(back).toStrictEqual(t);
      expect(JSON.stringify(back)).toBe(JSON.stringify(t));
      before += JSON.stringify(t).length;
      after += JSON.stringify(packTrajectory(t)).length;
    }
    // Measured: 2.89 MB -> 1.2 MB (R1-Searcher), 1.88 MB -> 1.1 MB (FlashRAG).
    expect(after / before).toBeLessThan(0.65);
  });

  it('keeps strings that are not in raw, and trajectories without raw, as they are', () => {
    const t: Trajectory = {
      ...header('t'),
      raw: '<search> a query that is long enough </search> and then a passage that is in the raw text',
      steps: [
        {
          id: 's0',
          index: 0,
          kind: 'search',
          queries: ['x'],
          raw: '<search> a query that is long enough </search>',
        },
        {
          id: 's1',
          index: 1,
          kind: 'retrieve',
          docs: [
            { id: 'd1', text: 'a passage that is in the raw text', rank: 1 },
            { id: 'd2', text: 'a passage found nowhere in the record', rank: 2 },
            { id: 'd3', text: 'short', rank: 3 },
          ],
        },
      ],
    };
    const p = packTrajectory(t) as unknown as { packed: 1; steps: Array<Record<string, unknown>> };
    expect(p.packed).toBe(1);
    expect(p.steps[0]).toMatchObject({ rawAt: [0, 46] });
    expect((p.steps[1]!.docs as Array<Record<string, unknown>>).map((d) => Object.keys(d))).toEqual([
      ['id', 'textAt', 'rank'],
      ['id', 'text', 'rank'],
      ['id', 'text', 'rank'],
    ]);
    expect(stored(t)).toStrictEqual(t);
    const noRaw = { ...t, raw: undefined };
    delete noRaw.raw;
    expect(packTrajectory(noRaw)).toBe(noRaw);
  });

  it('stops searching past its budget on a huge record whose steps are not in raw', () => {
    const t: Trajectory = {
      ...header('huge'),
      raw: 'r'.repeat(200_000),
      steps: Array.from({ length: 30_000 }, (_, i) => ({
        id: `s${i}`,
        index: i,
        kind: 'think' as const,
        text: `a thought that is not in the raw text at all ${i}`,
      })),
    };
    expect(stored(t)).toStrictEqual(t);
  });
});
