// Gold from a loaded question set, joined onto a trajectory that lacks it. Agent logs often carry
// only the gold answer (or nothing); the benchmark's question set knows the gold plan and the
// supporting passages, which gold-passage recall, the gold marks on documents and APEX's plan
// reward need. The join is by the source's question id, else by the normalized question text.
// It never overrides gold the log itself carries, and the stored trajectory is not changed.
import { normalizeText } from '../metrics/normalize';
import { finalizeTrajectory } from '../schema/builder';
import type { Gold, Trajectory } from '../schema/trajectory';
import type { Question } from './types';
import { rewriteSubQuestion } from './plan-rewrite';

export interface GoldMatch {
  setName: string;
  question: Question;
  /** How the trajectory was matched to the question. */
  by: 'qid' | 'question';
}

export interface QuestionIndex {
  byId: Map<string, GoldMatch>;
  byText: Map<string, GoldMatch>;
}

const key = (q: string) => normalizeText(q);

/** Indexes question sets; with duplicates, the first set loaded wins. */
export function buildQuestionIndex(
  sets: ReadonlyArray<{ name: string; questions: readonly Question[] }>,
): QuestionIndex {
  const byId = new Map<string, GoldMatch>();
  const byText = new Map<string, GoldMatch>();
  for (const s of sets)
    for (const q of s.questions) {
      if (!byId.has(q.id)) byId.set(q.id, { setName: s.name, question: q, by: 'qid' });
      const k = key(q.question);
      if (k && !byText.has(k)) byText.set(k, { setName: s.name, question: q, by: 'question' });
    }
  return { byId, byText };
}

export function findQuestion(t: Trajectory, index: QuestionIndex): GoldMatch | null {
  return findQuestionBy(t.source.qid, t.question, index);
}

/** The question a (source id, question text) pair matches, as findQuestion. */
export function findQuestionBy(
  qid: string | undefined,
  question: string,
  index: QuestionIndex,
): GoldMatch | null {
  const byId = qid ? index.byId.get(qid) : undefined;
  // An id alone can collide across benchmarks ("test_0"): it must agree with the question text.
  if (byId && key(byId.question.question) === key(question)) return byId;
  return index.byText.get(key(question)) ?? null;
}

/**
 * The trajectory as every view derives it: with the loaded question sets' gold joined in (and
 * the set it came from), or unchanged. The table rows, the trajectory view, batches and the CLI
 * all go through this one function, so they show the same numbers.
 */
export function joinGold(
  t: Trajectory,
  index: QuestionIndex | null,
): { trajectory: Trajectory; from: string | null } {
  const m = index ? findQuestion(t, index) : null;
  const joined = m ? withQuestionGold(t, m) : null;
  return joined && m ? { trajectory: joined, from: m.setName } : { trajectory: t, from: null };
}

/**
 * A question's gold as a trajectory carries it: answers, the plan as written (`text`, `#n`
 * references kept) beside its natural-language rewrite (`question`, which APEX's plan reward
 * compares with), and the supporting passages by id and, where known, title.
 */
export function questionGold(q: Question): Gold {
  const gold: Gold = { answers: [...q.answers] };
  if (q.plan?.length)
    gold.plan = q.plan.map((s) => ({
      text: s.question,
      question: rewriteSubQuestion(s.question).question,
      ...(s.answer ? { answer: s.answer } : {}),
    }));
  if (q.supports?.length)
    gold.supporting = q.supports.map((docId, i) => {
      const title = q.supportTitles?.[i];
      return title ? { docId, title } : { docId };
    });
  return gold;
}

/** What the question set adds to the trajectory's gold; null when it adds nothing. */
export function goldFromQuestion(t: Trajectory, q: Question): Gold | null {
  const set = questionGold(q);
  const gold: Gold = { answers: t.gold?.answers?.length ? t.gold.answers : set.answers };
  let added = !t.gold?.answers?.length && set.answers.length > 0;
  if (t.gold?.plan?.length) gold.plan = t.gold.plan;
  else if (set.plan) {
    gold.plan = set.plan;
    added = true;
  }
  if (t.gold?.supporting?.length) gold.supporting = t.gold.supporting;
  else if (set.supporting) {
    gold.supporting = set.supporting;
    added = true;
  }
  return added ? gold : null;
}

/** The trajectory with the question set's gold filled in, and its documents' gold marks redone. */
export function withQuestionGold(t: Trajectory, match: GoldMatch): Trajectory | null {
  const gold = goldFromQuestion(t, match.question);
  if (!gold) return null;
  const answersChanged = !t.gold?.answers?.length && gold.answers.length > 0;
  const supportChanged = !t.gold?.supporting?.length && (gold.supporting?.length ?? 0) > 0;
  // Derived marks are recomputed from the new gold by the builder's own finalize.
  const steps = t.steps.map((s) =>
    s.docs
      ? {
          ...s,
          docs: s.docs.map((d) => {
            const out = { ...d };
            if (supportChanged) delete out.gold;
            if (answersChanged) delete out.containsAnswer;
            return out;
          }),
        }
      : s,
  );
  return finalizeTrajectory({ ...t, gold, steps });
}

/**
 * Names each question's supporting passages by title from the corpus they were loaded with, so
 * documents another retriever returned (other ids) are still recognised as gold by title.
 */
export function withSupportTitles(
  questions: Question[],
  passages: ReadonlyArray<{ id: string; title?: string }>,
): void {
  const titles = new Map(passages.map((p) => [p.id, p.title ?? '']));
  for (const q of questions)
    if (q.supports?.length) q.supportTitles = q.supports.map((id) => titles.get(id) ?? '');
}
