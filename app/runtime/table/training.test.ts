import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import { toRow, type TrajectoryRow } from '../../core/table/row';
import { QuestionIndex, scanQuestions } from '../../core/training/question-index';
import { StepSummaries, summarizeSteps } from '../../core/training/step-summary';
import { generateTrainingRun } from '../../testing/training-run-generator';
import { createTrainingApi } from './training';

/** Rows of a generated run, imported as the app imports them (`run/{step}.jsonl`). */
async function runRows(run: string, seed: number): Promise<TrajectoryRow[]> {
  const rows: TrajectoryRow[] = [];
  for (const s of generateTrainingRun({
    steps: 6,
    samplesPerStep: 40,
    groupSize: 2,
    seed,
    malformedRate: 0,
  })) {
    const r = await importAll(stringChunks(s.lines.join('\n')), { file: `${run}/${s.file}` });
    rows.push(...r.trajectories.map((t) => toRow(t)));
  }
  return rows;
}

describe('the table worker’s training answers', () => {
  it('summarizes the rows it holds with summarizeSteps, once per read of the rows', async () => {
    const rows = [...(await runRows('grpo-a', 1)), ...(await runRows('grpo-b', 2))];
    let held = rows;
    const api = createTrainingApi(() => held);
    const steps = api.trainingSummary();
    expect(steps).toEqual(summarizeSteps(rows));
    expect(steps.map((s) => s.run)).toEqual([...Array(6).fill('grpo-a'), ...Array(6).fill('grpo-b')]);
    expect(api.trainingSummary()).toBe(steps);
    held = rows.slice(0, 40);
    expect(api.trainingSummary()).toHaveLength(1);
  });

  it('keeps the summaries up to date from what changed: equal to a full pass, re-summarizing only touched steps', async () => {
    const rows = [...(await runRows('grpo-a', 1)), ...(await runRows('grpo-b', 2))];
    const idOrder = (list: TrajectoryRow[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    const held = new StepSummaries();
    // Step files arrive one at a time (grpo-a's first), as the Training page's import stores them.
    held.reset(rows.slice(0, 40));
    for (let i = 40; i < rows.length; i += 40) {
      const before = held.summaries();
      held.change([], rows.slice(i, i + 40));
      const after = held.summaries();
      // The steps the batch did not touch keep their summary objects: nothing re-scanned them.
      expect(after.filter((s) => before.includes(s))).toHaveLength(before.length);
    }
    expect(held.summaries()).toEqual(summarizeSteps(idOrder(rows)));
    // A re-imported sample replaced (its score changed) and a step's samples deleted.
    const old = rows[45]!;
    const replaced = { ...old, score: (old.score ?? 0) + 1 };
    const gone = rows.slice(80, 120);
    held.change([old, ...gone], [replaced]);
    const now = rows.filter((r) => r !== old && !gone.includes(r)).concat(replaced);
    expect(held.summaries()).toEqual(summarizeSteps(idOrder(now)));
    expect(held.summaries().map((s) => `${s.run}:${s.step}`)).not.toContain(
      `${gone[0]!.run}:${gone[0]!.trainStep}`,
    );
  });

  it('lists a run’s questions by how many steps asked them, and one question’s samples by step', async () => {
    const rows = [...(await runRows('grpo-a', 1)), ...(await runRows('grpo-b', 2))];
    const api = createTrainingApi(() => rows);
    const questions = api.trainingQuestions('grpo-a', '');
    expect(questions.length).toBeGreaterThan(0);
    const top = questions[0]!;
    expect(top.steps).toBeGreaterThanOrEqual(questions.at(-1)!.steps);
    const { samples, steps } = api.questionSamples('grpo-a', top.question);
    expect(samples).toHaveLength(top.samples);
    expect(new Set(samples.map((s) => s.step)).size).toBe(top.steps);
    expect(samples.map((s) => s.step)).toEqual([...samples.map((s) => s.step)].sort((a, b) => a - b));
    const mine = rows.filter((r) => r.run === 'grpo-a' && r.question === top.question);
    expect(steps).toEqual(summarizeSteps(mine));
    // Another run's samples of the same question stay out.
    expect(samples.every((s) => rows.find((r) => r.id === s.id)!.run === 'grpo-a')).toBe(true);
    // A search narrows the list; a sample's id leads back to its run and question.
    const word = top.question.split(/\s+/).find((w) => w.length > 5)!;
    expect(api.trainingQuestions('grpo-a', word.toUpperCase()).map((q) => q.question)).toContain(
      top.question,
    );
    expect(api.trainingSampleOf(samples[0]!.id)).toEqual({ run: 'grpo-a', question: top.question });
    expect(api.trainingSampleOf('no-such-id')).toBeNull();
  });

  it('answers the question picker on every refresh of an import without a pass over the rows, equal to one', async () => {
    const rows = [...(await runRows('grpo-a', 1)), ...(await runRows('grpo-b', 2))];
    let held: TrajectoryRow[] = [];
    let reads = 0;
    const index = new QuestionIndex();
    const api = createTrainingApi(() => (reads++, held), new StepSummaries(), index);
    index.reset(held);
    const word = rows[0]!.question.split(/\s+/).find((w) => w.length > 5)!;
    // One step file a refresh, as the Training page's import stores them; the picker asks each time.
    for (let i = 0; i < rows.length; i += 40) {
      const batch = rows.slice(i, i + 40);
      held = held.concat(batch);
      index.change([], batch);
      for (const [run, text] of [
        ['grpo-a', ''],
        ['grpo-b', word],
      ] as const)
        expect(api.trainingQuestions(run, text)).toEqual(scanQuestions(held, run, text));
    }
    expect(reads).toBe(0);
    // A re-imported sample moved to another step, and a step's samples gone.
    const old = rows[45]!;
    const moved = { ...old, trainStep: (old.trainStep ?? 0) + 100 };
    const gone = rows.slice(80, 120);
    index.change([old, ...gone], [moved]);
    held = held.filter((r) => r !== old && !gone.includes(r)).concat(moved);
    expect(api.trainingQuestions('grpo-a', '')).toEqual(scanQuestions(held, 'grpo-a', ''));
    expect(api.trainingQuestions('no-such-run', '')).toEqual([]);
  });
});
