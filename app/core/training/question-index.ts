// The questions of each training run with how many samples each has at how many steps, kept up to
// date from what a read changed (an import batch), so the Training page's question picker answers
// from the questions, never from a pass over every row on each refresh.
import type { TrajectoryRow } from '../table/row';

/** A question of a run: how many samples it has, at how many steps. */
export interface TrainingQuestion {
  question: string;
  samples: number;
  steps: number;
}

/** Most questions one search returns (the picker lists them). */
export const QUESTIONS_SHOWN = 40;

type QuestionRow = Pick<TrajectoryRow, 'run' | 'question' | 'trainStep'>;

interface Entry {
  lower: string;
  samples: number;
  // Samples per step: a step leaves the count when its last sample goes.
  steps: Map<number, number>;
}

/** Most sampled across most steps first, then by text (the picker's order). */
function ranked(qs: TrainingQuestion[]): TrainingQuestion[] {
  return qs
    .sort((a, b) => b.steps - a.steps || b.samples - a.samples || a.question.localeCompare(b.question))
    .slice(0, QUESTIONS_SHOWN);
}

/** Lower-cased words of the picker's text; a question matches when it holds every one. */
function termsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Questions of `run` in `rows` whose text holds every word of `text` (one pass over the rows). */
export function scanQuestions(rows: readonly QuestionRow[], run: string, text: string): TrainingQuestion[] {
  const terms = termsOf(text);
  const by = new Map<string, { samples: number; steps: Set<number> }>();
  for (const r of rows) {
    if (r.run !== run || r.trainStep === null) continue;
    let q = by.get(r.question);
    if (!q) {
      const hay = r.question.toLowerCase();
      if (!terms.every((t) => hay.includes(t))) continue;
      by.set(r.question, (q = { samples: 0, steps: new Set() }));
    }
    q.samples++;
    q.steps.add(r.trainStep);
  }
  return ranked([...by].map(([question, q]) => ({ question, samples: q.samples, steps: q.steps.size })));
}

/** scanQuestions' answers, from counts kept per (run, question) as rows come and go. */
export class QuestionIndex {
  private runs = new Map<string, Map<string, Entry>>();

  /** Counts every row afresh (after a full read). */
  reset(rows: readonly QuestionRow[]): void {
    this.runs = new Map();
    for (const r of rows) this.add(r, 1);
  }

  /** Takes out the rows replaced or dropped, and counts the rows that replaced them or were added. */
  change(before: readonly QuestionRow[], after: readonly QuestionRow[]): void {
    for (const r of before) this.add(r, -1);
    for (const r of after) this.add(r, 1);
  }

  /** Questions of `run` whose text holds every word of `text`, most sampled first. */
  questions(run: string, text: string): TrainingQuestion[] {
    const terms = termsOf(text);
    const out: TrainingQuestion[] = [];
    for (const [question, e] of this.runs.get(run) ?? [])
      if (terms.every((t) => e.lower.includes(t)))
        out.push({ question, samples: e.samples, steps: e.steps.size });
    return ranked(out);
  }

  private add(r: QuestionRow, sign: 1 | -1): void {
    if (r.trainStep === null) return;
    let qs = this.runs.get(r.run);
    if (!qs) this.runs.set(r.run, (qs = new Map()));
    let e = qs.get(r.question);
    if (!e) qs.set(r.question, (e = { lower: r.question.toLowerCase(), samples: 0, steps: new Map() }));
    e.samples += sign;
    const n = (e.steps.get(r.trainStep) ?? 0) + sign;
    if (n > 0) e.steps.set(r.trainStep, n);
    else e.steps.delete(r.trainStep);
    if (e.samples <= 0) qs.delete(r.question);
    if (qs.size === 0) this.runs.delete(r.run);
  }
}
