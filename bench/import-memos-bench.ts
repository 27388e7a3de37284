// `npm run bench -- import-memos [--json] [--steps 4] [--per-step 512] [--rounds 5] [--baseline DIR]`:
// the per-sample CPU of an import's two halves, with core/memo.ts's memos (normalized texts, titles,
// haystacks, canonical answers; warm, as in a long import) against the same work with every memo
// bypassed (withoutMemos), and with `--baseline DIR` against the code of another checkout (DIR/app,
// e.g. a worktree of main, loaded into this process as its own modules), alternating rounds, best
// of each. Conversion is importAll over the
// training bench's generated step files; derivation is toRow with the demo world's question set
// joined, each record a structured copy, as a row worker receives it.
import { flag, note, round } from './util';

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const steps = Number(flag(args, 'steps') ?? 4);
  const perStep = Number(flag(args, 'per-step') ?? 512);
  const rounds = Number(flag(args, 'rounds') ?? 5);
  const { z } = await import('zod');
  // As the page runs zod (its CSP forbids eval); set before any schema is made.
  z.config({ jitless: true });
  const { generateStep } = await import('../app/testing/training-run-generator');
  const { importAll, stringChunks } = await import('../app/core/importers/pipeline');
  const { withoutMemos } = await import('../app/core/memo');
  const { toRow } = await import('../app/core/table/row');
  const { buildQuestionIndex } = await import('../app/core/corpus/gold-join');
  const { loadDataset } = await import('../app/core/corpus/registry');
  const { renderWorldFiles, WORLD_FILES } = await import('../app/demo/world/write-world');
  type Trajectory = import('../app/core/schema/trajectory').Trajectory;

  const files = Array.from({ length: steps }, (_, i) => ({
    file: `run/${i + 1}.jsonl`,
    text: `${generateStep(i + 1, i, { steps, samplesPerStep: perStep, seed: 7, malformedRate: 0 }).lines.join('\n')}\n`,
  }));
  const set = loadDataset(renderWorldFiles()[WORLD_FILES.questions] ?? '', 'questions.jsonl').questions;
  const index = buildQuestionIndex([{ name: 'world', questions: set?.questions ?? [] }]);
  const convert = async (): Promise<Trajectory[]> => {
    const out: Trajectory[] = [];
    for (const f of files)
      out.push(...(await importAll(stringChunks(f.text), { file: f.file })).trajectories);
    return out;
  };
  const baseDir = flag(args, 'baseline');
  type Side = { convert: () => Promise<Trajectory[]>; rows: (l: Trajectory[]) => unknown };
  let base: Side | null = null;
  if (baseDir) {
    const from = (m: string) => import(`${baseDir}/app/${m}`);
    const bImport = await from('core/importers/pipeline.ts');
    const bRow = await from('core/table/row.ts');
    const bJoin = await from('core/corpus/gold-join.ts');
    const bReg = await from('core/corpus/registry.ts');
    const bSet = bReg.loadDataset(
      renderWorldFiles()[WORLD_FILES.questions] ?? '',
      'questions.jsonl',
    ).questions;
    const bIndex = bJoin.buildQuestionIndex([{ name: 'world', questions: bSet?.questions ?? [] }]);
    base = {
      convert: async () => {
        const out: Trajectory[] = [];
        for (const f of files)
          out.push(...(await bImport.importAll(bImport.stringChunks(f.text), { file: f.file })).trajectories);
        return out;
      },
      rows: (l) => l.map((t) => bRow.toRow(t, bIndex)),
    };
  }
  const samples = steps * perStep;
  note(`${samples} samples; warming the memos…`);
  const list = await convert();
  for (const t of list) toRow(structuredClone(t), index);
  if (base) base.rows((await base.convert()).map((t) => structuredClone(t)));

  const time = async (fn: () => unknown): Promise<number> => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const best = {
    convert: Infinity,
    convertBare: Infinity,
    rows: Infinity,
    rowsBare: Infinity,
    convertBase: Infinity,
    rowsBase: Infinity,
  };
  for (let r = 0; r < rounds; r++) {
    if (base) {
      const b = base;
      best.convertBase = Math.min(best.convertBase, await time(b.convert));
      const c = list.map((t) => structuredClone(t));
      best.rowsBase = Math.min(best.rowsBase, await time(() => b.rows(c)));
    }
    best.convertBare = Math.min(best.convertBare, await time(() => withoutMemos(convert)));
    best.convert = Math.min(best.convert, await time(convert));
    const a = list.map((t) => structuredClone(t));
    const b = list.map((t) => structuredClone(t));
    best.rowsBare = Math.min(
      best.rowsBare,
      await time(() => withoutMemos(() => b.map((t) => toRow(t, index)))),
    );
    best.rows = Math.min(best.rows, await time(() => a.map((t) => toRow(t, index))));
    note(`round ${r + 1}: ${JSON.stringify(best)}`);
  }
  const us = (ms: number) => round((ms * 1000) / samples, 0);
  const out = {
    samples,
    rounds,
    convert_us_per_sample: { memos: us(best.convert), none: us(best.convertBare) },
    rows_us_per_sample: { memos: us(best.rows), none: us(best.rowsBare) },
    convert_none_over_memos: round(best.convertBare / best.convert, 2),
    rows_none_over_memos: round(best.rowsBare / best.rows, 2),
    ...(base
      ? {
          baseline: baseDir,
          convert_us_per_sample_baseline: us(best.convertBase),
          rows_us_per_sample_baseline: us(best.rowsBase),
          convert_baseline_over_this: round(best.convertBase / best.convert, 2),
          rows_baseline_over_this: round(best.rowsBase / best.rows, 2),
        }
      : {}),
  };
  if (!json)
    console.log(
      `conversion ${out.convert_us_per_sample.memos} µs/sample with memos, ${out.convert_us_per_sample.none} without (${out.convert_none_over_memos}×); ` +
        `rows ${out.rows_us_per_sample.memos} µs/sample with memos, ${out.rows_us_per_sample.none} without (${out.rows_none_over_memos}×)`,
    );
  console.log(JSON.stringify(out));
}
