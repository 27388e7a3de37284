// The import worker's per-record functions that branch import-cost rewrote, each against the code it
// replaced (bench/import-convert-before.ts) on the same records in one process, alternating rounds:
// the line trim, the storage check, and the schema check (zod as
// the page runs it: its CSP forbids eval, so zod is jitless there; set here before the schema
// loads). Records: `--steps` × `--per-step` generated veRL samples (the training bench's run).
import { z } from 'zod';
import { checkStorableBefore, stripBefore } from './import-convert-before';
import { flag, note, round } from './util';

interface Pair {
  name: string;
  before: () => unknown;
  after: () => unknown;
}

/** Best of `rounds` alternating timings of each side, in ms. */
function timePair(
  p: Pair,
  rounds: number,
): { before_ms: number; after_ms: number; before_over_after: number } {
  let before = Infinity;
  let after = Infinity;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    p.before();
    before = Math.min(before, performance.now() - t);
    t = performance.now();
    p.after();
    after = Math.min(after, performance.now() - t);
  }
  return {
    before_ms: round(before, 1),
    after_ms: round(after, 1),
    before_over_after: round(before / after, 2),
  };
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const steps = Number(flag(args, 'steps') ?? 4);
  const perStep = Number(flag(args, 'per-step') ?? 512);
  const rounds = Number(flag(args, 'rounds') ?? 7);
  // Before any schema is built: zod decides JIT or not when a schema is made.
  z.config({ jitless: true });
  const { generateStep } = await import('../app/testing/training-run-generator');
  const { importAll, stringChunks } = await import('../app/core/importers/pipeline');
  const { strip } = await import('../app/core/io/record-container');
  const { checkStorable } = await import('../app/core/io/canonical');
  const { TrajectorySchema } = await import('../app/core/schema/trajectory');
  const { parseUsualTrajectory } = await import('../app/core/schema/trajectory-fast');
  const lines: string[] = [];
  for (let i = 0; i < steps; i++)
    lines.push(
      ...generateStep(i + 1, i, { steps, samplesPerStep: perStep, seed: 7, malformedRate: 0 }).lines,
    );
  note(`${lines.length} records; converting once for the built trajectories…`);
  const t0 = performance.now();
  const { trajectories } = await importAll(stringChunks(`${lines.join('\n')}\n`), { file: 'run/1.jsonl' });
  const importMs = performance.now() - t0;
  const sink: unknown[] = [];
  const each =
    <T>(list: readonly T[], fn: (x: T) => unknown) =>
    () => {
      for (const x of list) sink.push(fn(x));
      sink.length = 0;
    };
  const pairs: Pair[] = [
    { name: 'strip (each line)', before: each(lines, stripBefore), after: each(lines, strip) },
    {
      name: 'checkStorable (each trajectory)',
      before: each(trajectories, checkStorableBefore),
      after: each(trajectories, checkStorable),
    },
    {
      name: 'schema check (each trajectory; zod jitless as in the page)',
      before: each(trajectories, (t) => TrajectorySchema.safeParse(t)),
      after: each(trajectories, parseUsualTrajectory),
    },
  ];
  const results = pairs.map((p) => ({ name: p.name, ...timePair(p, rounds) }));
  for (const r of results)
    console.log(
      `${r.name}: before ${r.before_ms} ms, after ${r.after_ms} ms (${r.before_over_after}× faster)`,
    );
  const out = {
    records: lines.length,
    rounds,
    import_all_ms_once: round(importMs, 0),
    pairs: results,
  };
  console.log(json ? JSON.stringify(out) : JSON.stringify(out));
}
