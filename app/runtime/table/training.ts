// The table worker's answers about training runs (registered in ./api.ts): the over-steps summaries
// and one question's samples across steps, computed where the rows live, so 100,000 rollouts never
// cross to the page or load its main thread. Only the summaries (one small object per step) do.
import {
  type StepChanges,
  type StepSummaries,
  type StepSummary,
  summarizeSteps,
} from '../../core/training/step-summary';
import type { TrajectoryRow } from '../../core/table/row';
import {
  type QuestionIndex,
  QUESTIONS_SHOWN,
  scanQuestions,
  type TrainingQuestion,
} from '../../core/training/question-index';

export { QUESTIONS_SHOWN, type TrainingQuestion };

/** One sample of a question at one step, as the question-through-training view lists it. */
export interface QuestionSample {
  id: string;
  step: number;
  score: number | null;
  acc: number | null;
  searches: number;
  formatError: boolean;
  answer: string;
}

/**
 * `stepSummaries`: the summaries kept up to date as rows change (the table worker's StepSummaries,
 * which re-summarizes only the steps a batch touched, and tells a reader only the steps changed
 * since the version it holds); without it, summarizeSteps once per version of the rows array (it
 * is replaced on every load), and every answer of `trainingSummaryChanges` is full. `questions`: the questions kept up to date the
 * same way (the picker asks on every refresh of an import); without it, a pass over the rows.
 */
export function createTrainingApi(
  currentRows: () => readonly TrajectoryRow[],
  stepSummaries?: StepSummaries,
  questions?: QuestionIndex,
) {
  let memo: { rows: readonly TrajectoryRow[]; steps: StepSummary[] } | null = null;
  let versions = 0;
  const summaries = (): StepSummary[] => {
    if (stepSummaries) return stepSummaries.summaries();
    const rows = currentRows();
    if (memo?.rows !== rows) memo = { rows, steps: summarizeSteps(rows) };
    return memo.steps;
  };
  return {
    /** One summary per (run, step) of the training samples held (summarizeSteps). */
    trainingSummary(): StepSummary[] {
      return summaries();
    },
    /**
     * The summaries of the steps changed since `version` of `epoch` (what the page holds), and the
     * steps gone: a refresh during an import sends what it changed, not every step again (with
     * 5,000 steps, cloning every summary on every refresh grew the import's cost per file).
     */
    trainingSummaryChanges(epoch: string | null, version: number): StepChanges {
      if (stepSummaries) return stepSummaries.since(epoch, version);
      return { epoch: 'rows', version: ++versions, full: true, changed: summaries(), gone: [] };
    },
    /** Questions of `run` whose text holds every word of `text`, most sampled first. */
    trainingQuestions(run: string, text: string): TrainingQuestion[] {
      return questions ? questions.questions(run, text) : scanQuestions(currentRows(), run, text);
    },
    /**
     * Every sample of `question` in `run`, by step, then the order of the step's dump; and the
     * question's own summary per step (summarizeSteps over its samples only).
     */
    questionSamples(run: string, question: string): { samples: QuestionSample[]; steps: StepSummary[] } {
      const rows = currentRows().filter(
        (r): r is TrajectoryRow & { trainStep: number } =>
          r.run === run && r.trainStep !== null && r.question === question,
      );
      const out: Array<QuestionSample & { line: number }> = [];
      for (const r of rows)
        out.push({
          id: r.id,
          step: r.trainStep,
          score: r.score,
          acc: r.acc,
          searches: r.rc,
          formatError: r.formatError,
          answer: r.answer.slice(0, 120),
          line: r.line,
        });
      const samples = out
        .sort((a, b) => a.step - b.step || a.line - b.line || a.id.localeCompare(b.id))
        .map(({ line: _line, ...s }) => s);
      return { samples, steps: summarizeSteps(rows) };
    },
    /** The run and question of training sample `id` (a link to its question through training). */
    trainingSampleOf(id: string): { run: string; question: string } | null {
      const r = currentRows().find((x) => x.id === id);
      return r && r.trainStep !== null ? { run: r.run, question: r.question } : null;
    },
  };
}
