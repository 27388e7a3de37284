// Real logs: R1-Searcher and Search-R1 (FlashRAG) on the same Bamboogle questions, in different
// formats and orders. The aligned view must pair their hops and name where they part.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { normalizeText } from '../metrics/normalize';
import { stepQueries } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import { alignRuns } from './align';

const DATA = resolve(__dirname, '../../../../shared/data/trajectories');
let r1: Trajectory[] = [];
let fr: Trajectory[] = [];

async function load(name: string): Promise<Trajectory[]> {
  const r = await importAll(stringChunks(readFileSync(resolve(DATA, name), 'utf8')), { file: name });
  return r.trajectories;
}

beforeAll(async () => {
  r1 = await load('r1searcher_bamboogle_qwen.jsonl');
  fr = await load('searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json');
});

const pairOf = (needle: string): [Trajectory, Trajectory] => {
  const a = r1.find((t) => t.question.includes(needle));
  const b = fr.find((t) => t.question.includes(needle));
  if (!a || !b) throw new Error(`no pair for ${needle}`);
  return [a, b];
};

describe('aligning real R1-Searcher and Search-R1 runs', () => {
  it('parts the Citibank runs at hop 1 by query, then shares documents at hop 2', () => {
    const al = alignRuns(pairOf('Citibank was founded'));
    expect(al.divergence).toMatchObject({ row: 0, kind: 'query' });
    const hop2 = al.rows[1];
    expect(hop2?.label).toBe('hop 2');
    expect(hop2?.sides.map((c) => c?.queries)).toEqual([
      ['president of the United States in 1812'],
      ['president of the United States in 1812'],
    ]);
    expect(hop2?.docs.some((d) => d.shared === 2)).toBe(true);
  });

  it('on every paired question: a query divergence at hop 1 whenever the first queries differ, and every step placed once', () => {
    for (const a of r1) {
      const b = fr.find((t) => normalizeText(t.question) === normalizeText(a.question));
      if (!b) continue;
      const al = alignRuns([a, b]);
      const first = (t: Trajectory) => {
        const s = t.steps.find((x) => x.kind === 'search');
        return s
          ? stepQueries(s)
              .map((q) => normalizeText(q))
              .sort()
              .join('|')
          : null;
      };
      const fa = first(a);
      const fb = first(b);
      if (fa !== null && fb !== null && fa !== fb)
        expect(al.divergence).toMatchObject({ row: 0, kind: 'query' });
      // Every step of both runs lands in exactly one row.
      for (const [side, t] of [a, b].entries()) {
        const placed = al.rows.flatMap((r) => r.sides[side]?.steps ?? []).map((s) => s.id);
        expect(placed.sort()).toEqual(t.steps.map((s) => s.id).sort());
      }
    }
  });
});
