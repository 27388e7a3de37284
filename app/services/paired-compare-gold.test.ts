// Compare logs scores a pair as the table scores its rows: two logs without gold of their own,
// and the benchmark's question set loaded, are paired on the gold that set brings.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparePaired } from '../core/compare/paired';
import { loadDataset } from '../core/corpus/registry';
import { importAll, stringChunks } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';
import { trajectoryView } from '../core/view/trajectory-view';
import { putQuestionSet } from '../db/corpus-store';
import { currentQuestionIndex } from '../db/question-index';
import { putTrajectories } from '../db/store';
import { freshDbPerTest } from '../testing/fresh-db';
import { comparePairedGroups, listRunGroups } from './compare/paired-compare';

const DATA = resolve(__dirname, '../../../shared/data');
const R1 = resolve(DATA, 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');
const FLASHRAG = resolve(
  DATA,
  'trajectories',
  'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json',
);
const withoutGold = async (file: string): Promise<Trajectory[]> =>
  (await importAll(stringChunks(readFileSync(file, 'utf8')), { file: basename(file) })).trajectories.map(
    ({ gold: _, ...t }) => t as Trajectory,
  );

freshDbPerTest();

describe('paired comparison with gold from a question set', () => {
  it("pairs stored logs on the loaded question set's gold, as their rows have it", async () => {
    const [a, b] = [await withoutGold(R1), await withoutGold(FLASHRAG)];
    await putTrajectories([...a, ...b]);
    const set = loadDataset(readFileSync(resolve(DATA, 'bamboogle', 'dev_subset.json'), 'utf8'), 'bamboogle');
    await putQuestionSet({
      name: 'bamboogle',
      source: 'dev_subset.json',
      questions: set.questions?.questions ?? [],
    });
    const { index } = await currentQuestionIndex();
    const joined = (ts: Trajectory[]) => ts.map((t) => trajectoryView(t, { questions: index }).trajectory);

    const groups = await listRunGroups();
    const ga = groups.find((g) => g.label === basename(R1))!;
    const gb = groups.find((g) => g.label === basename(FLASHRAG))!;
    const got = (await comparePairedGroups(ga.id, gb.id, 'em'))!.report;
    // Without the set no pair has gold; with it, pairs are scored on its gold.
    expect(comparePaired(a, b, 'em').undefinedPairs).toBe(125);
    expect(got.undefinedPairs).toBeLessThan(125);
    expect(got).toEqual(comparePaired(joined(a), joined(b), 'em'));
  }, 60_000);
});
