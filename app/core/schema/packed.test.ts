import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { generateStep } from '../../testing/training-run-generator';
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

/** A step or document packed the way it was before (one entry-pair copy per span), the reference. */
function withSpanBefore<T extends object>(o: T, key: string, span: [number, number]): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k === key ? `${key}At` : k] = k === key ? span : v;
  return out as T;
}

describe('packTrajectory stores what it stored', () => {
  it('the same spans in the same key positions as one copy per span did', async () => {
    const step = generateStep(3, 2, { steps: 40, samplesPerStep: 64, seed: 7, malformedRate: 0 });
    const list = [
      ...(await importAll(stringChunks(step.lines.join('\n')), { file: 'run/3.jsonl' })).trajectories,
      ...(await load('r1searcher_bamboogle_qwen.jsonl')),
    ];
    for (const t of list) {
      const packed = packTrajectory(t) as Trajectory & { steps: Array<Record<string, unknown>> };
      // Rebuild each packed step from the plain one with the old copy, span by span.
      const expected = t.steps.map((s, i) => {
        const p = packed.steps[i] as Record<string, unknown>;
        let out: object = s;
        if (p.rawAt) out = withSpanBefore(out, 'raw', p.rawAt as [number, number]);
        if (p.textAt) out = withSpanBefore(out, 'text', p.textAt as [number, number]);
        const docs = p.docs as Array<Record<string, unknown>> | undefined;
        if (docs?.some((d) => d.textAt))
          out = {
            ...out,
            docs: s.docs?.map((d, j) =>
              docs[j]?.textAt ? withSpanBefore(d, 'text', docs[j].textAt as [number, number]) : d,
            ),
          };
        return out;
      });
      expect(JSON.stringify(packed.steps)).toBe(JSON.stringify(expected));
    }
  });
});
