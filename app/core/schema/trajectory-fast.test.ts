import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { importAll, stringChunks } from '../importers/pipeline';
import { generateStep } from '../../testing/training-run-generator';
import { fixture } from '../../testing/importer-fixture-files';
import {
  DocSchema,
  GoldSchema,
  PlanNodeSchema,
  SourceSchema,
  StepSchema,
  TrainingSchema,
  TrajectorySchema,
} from './trajectory';
import { parseUsualTrajectory, usualKeys } from './trajectory-fast';

// Every object the converter builds and checks, captured on its way to the check.
const built: unknown[] = [];
vi.mock('./trajectory-fast', async (original) => {
  const m = await original<typeof import('./trajectory-fast')>();
  return {
    ...m,
    parseTrajectoryFast: (data: unknown) => {
      built.push(data);
      return m.parseTrajectoryFast(data);
    },
  };
});

const LOGS = resolve(__dirname, '../../../../shared/data/trajectories');
const logs = [
  'r1searcher_bamboogle_qwen.jsonl',
  'r1searcher_hotpotqa_llama_30.jsonl',
  'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
];
const fixtures = [
  'apex.jsonl',
  'apex-plan.txt',
  'exsearch.jsonl',
  'phoenix-spans.jsonl',
  'qagent.jsonl',
  'qagent.txt',
];

async function builtObjects(): Promise<unknown[]> {
  built.length = 0;
  for (const f of logs) await importAll(stringChunks(readFileSync(resolve(LOGS, f), 'utf8')), { file: f });
  for (const f of fixtures) await importAll(stringChunks(fixture(f)), { file: f });
  const step = generateStep(3, 2, { steps: 40, samplesPerStep: 128, seed: 7, malformedRate: 0 });
  await importAll(stringChunks(step.lines.join('\n')), { file: 'run/3.jsonl' });
  return [...built];
}

/** Zod's answer beside the fast one: equal objects, keys in the same order, or the fast one unsure. */
function agree(v: unknown): 'fast' | 'zod' {
  const fast = parseUsualTrajectory(v);
  const z = TrajectorySchema.safeParse(v);
  if (fast === null) return 'zod';
  expect(z.success).toBe(true);
  expect(fast).toStrictEqual(z.data);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(z.data));
  return 'fast';
}

describe('parseUsualTrajectory answers as the schema does', () => {
  it('copies the keys each schema object has, in its order', () => {
    const keys = usualKeys();
    const shape = (s: { shape: object }) => Object.keys(s.shape);
    expect(keys.trajectory).toEqual(shape(TrajectorySchema));
    expect(keys.step).toEqual(shape(StepSchema));
    expect(keys.doc).toEqual(shape(DocSchema));
    expect(keys.planNode).toEqual(shape(PlanNodeSchema));
    expect(keys.gold).toEqual(shape(GoldSchema));
    expect(keys.source).toEqual(shape(SourceSchema));
    expect(keys.training).toEqual(shape(TrainingSchema));
    expect(keys.agent).toEqual(shape(TrajectorySchema.shape.agent));
    expect(keys.answer).toEqual(shape(TrajectorySchema.shape.answer.unwrap()));
    expect(keys.timing).toEqual(shape(TrajectorySchema.shape.timing.unwrap()));
    expect(keys.goldPlan).toEqual(shape(GoldSchema.shape.plan.unwrap().element));
    expect(keys.goldSupporting).toEqual(shape(GoldSchema.shape.supporting.unwrap().element));
  });

  it('on every record the importers build (real logs, every fixture format, a training step)', async () => {
    const list = await builtObjects();
    expect(list.length).toBeGreaterThan(400);
    // All of these are usual records: zod is not needed for any.
    expect(list.map(agree).filter((w) => w === 'zod')).toEqual([]);
  });

  it('on the same records broken at random: never accepts what zod rejects, never answers otherwise', async () => {
    const list = (await builtObjects()).filter((_, i) => i % 7 === 0);
    const odd: unknown[] = [
      undefined,
      null,
      NaN,
      Infinity,
      -1,
      1.5,
      2 ** 60,
      '',
      'x',
      true,
      [],
      {},
      [1],
      { a: 1 },
      Object.create({ id: 'x' }) as unknown,
      new Date(0),
    ];
    // mulberry32: a fixed sequence, so a failure replays.
    let seed = 11;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
      return ((r ^ (r >>> 14)) >>> 0) % n;
    };
    const counts = { fast: 0, zod: 0 };
    for (let round = 0; round < 3000; round++) {
      const v = structuredClone(list[next(list.length)]) as Record<string, unknown>;
      // Walk to a random object inside, and break one of its fields.
      let at: Record<string, unknown> = v;
      for (let depth = next(5); depth > 0; depth--) {
        const kids = Object.values(at).filter((x) => x !== null && typeof x === 'object');
        if (!kids.length) break;
        at = kids[next(kids.length)] as Record<string, unknown>;
      }
      const keys = Object.keys(at);
      const k = keys.length && next(4) > 0 ? (keys[next(keys.length)] as string) : `extra${next(3)}`;
      const how = next(4);
      if (how === 0) delete at[k];
      else if (how === 1) at[k] = odd[next(odd.length)];
      else if (how === 2) Object.defineProperty(at, Symbol('s'), { value: 1, enumerable: true });
      else at[k] = odd[next(odd.length)];
      counts[agree(v)]++;
    }
    // Both paths were taken: the breaks reached zod and left some records usual.
    expect(counts.fast).toBeGreaterThan(100);
    expect(counts.zod).toBeGreaterThan(100);
  });

  it('hands a lineage, a key present as undefined and a __proto__ key to zod', () => {
    const t = parseUsualTrajectory({
      schema: 'hopscope.trajectory/1',
      id: 't',
      question: 'q',
      source: { kind: 'live' },
      agent: { strategy: 's', params: { a: [1] } },
      steps: [],
    });
    expect(t).not.toBeNull();
    expect(parseUsualTrajectory({ ...t, answer: undefined })).toBeNull();
    expect(
      parseUsualTrajectory({
        ...t,
        lineage: {
          parentId: 'p',
          stepIndex: 0,
          change: { kind: 'answer_now' },
          replayed: 0,
          reconstruction: 'exact',
        },
      }),
    ).toBeNull();
    const params = JSON.parse('{"__proto__": 1}') as unknown;
    expect(parseUsualTrajectory({ ...t, agent: { strategy: 's', params } })).toBeNull();
  });
});
