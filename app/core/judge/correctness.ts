// The correctness signal: which judgment says an answer is right, for every reward and category
// that depends on it (the When-to-Search answer reward and four categories, QAgent stage 1, the
// batch comparison's categories). EM is the default; "Learning When to Search" decides with an LLM
// judge (§4.1, appendix B.4), because EM calls `16 June 1874` wrong against `June 16, 1874`.
import { normalizeText } from '../metrics/normalize';
import {
  finalAnswerText,
  goldAnswers,
  type TrajectoryMetrics,
  trajectoryMetrics,
} from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';

export const CORRECTNESS_SIGNALS = ['em', 'acc', 'log-judge', 'llm-judge'] as const;
export type CorrectnessSignal = (typeof CORRECTNESS_SIGNALS)[number];

/** The name shown next to every number that used the signal. */
export const SIGNAL_NAMES: Record<CorrectnessSignal, string> = {
  em: 'EM',
  // QAgent §4.1's name for Hopscope's acc (cover-EM).
  acc: 'non-strict EM (acc)',
  'log-judge': "log's judge",
  'llm-judge': 'LLM judge',
};

export const SIGNAL_HINTS: Record<CorrectnessSignal, string> = {
  em: 'normalized exact match against any gold answer',
  acc: 'a normalized gold answer inside the prediction (cover-EM; QAgent §4.1 "non-strict EM")',
  'log-judge': "the verdict the imported log carries (R1-Searcher's gpt4o_output); none on other logs",
  'llm-judge':
    'the configured model judges the answer against the gold (Learning When to Search, appendix B.4); cached',
};

export interface Correctness {
  signal: CorrectnessSignal;
  /** For 'llm-judge': the cached verdict on `t`'s final answer, undefined when not judged yet. */
  llmVerdict?: (t: Trajectory) => boolean | undefined;
  /** The judge model, for labels ("LLM judge · qwen3"). */
  judgeModel?: string;
}

export const EM_CORRECTNESS: Correctness = { signal: 'em' };

/** "EM", or "LLM judge · <model>": what a number that used `c` is labelled with. */
export function correctnessLabel(c: Correctness): string {
  const name = SIGNAL_NAMES[c.signal];
  return c.signal === 'llm-judge' && c.judgeModel ? `${name} · ${c.judgeModel}` : name;
}

/**
 * Whether `t`'s final answer is correct under `c`: null without gold, or when the signal has no
 * verdict on it (a log without judge verdicts, an answer the LLM judge has not seen). A missing
 * answer is wrong under every signal (there is nothing to judge).
 */
export function answerCorrect(
  t: Trajectory,
  c: Correctness = EM_CORRECTNESS,
  m: TrajectoryMetrics = trajectoryMetrics(t),
): boolean | null {
  if (m.em === null) return null;
  if (finalAnswerText(t) === undefined) return false;
  switch (c.signal) {
    case 'em':
      return m.em === 1;
    case 'acc':
      return m.acc === 1;
    case 'log-judge':
      return m.judge === null ? null : m.judge === 1;
    case 'llm-judge':
      return c.llmVerdict?.(t) ?? null;
  }
}

export interface JudgeKeyParts {
  question: string;
  answer: string;
  golds: readonly string[];
  /** The judge model ("<server>|<model>" or an in-browser model id). */
  model: string;
  /** The judge prompt template; a pasted prompt must not reuse the default's verdicts. */
  prompt: string;
}

/** FNV-1a, enough to tell prompt templates apart in a cache key. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The cache key of one verdict: (question, answer, gold, judge model), plus the prompt's hash. */
export function judgeKey(p: JudgeKeyParts): string {
  return JSON.stringify([normalizeText(p.question), p.answer.trim(), [...p.golds], p.model, fnv1a(p.prompt)]);
}

/** The key of `t`'s final answer for a judge, or null when there is nothing to judge. */
export function trajectoryJudgeKey(
  t: Trajectory,
  judge: Pick<JudgeKeyParts, 'model' | 'prompt'>,
): string | null {
  const answer = finalAnswerText(t);
  const golds = goldAnswers(t);
  if (answer === undefined || golds.length === 0) return null;
  return judgeKey({ question: t.question, answer, golds, ...judge });
}

/**
 * An 'llm-judge' Correctness over verdicts already read from the cache (key → verdict); `label`
 * names the judge model in labels (default: `judge.model`).
 */
export function llmJudgeCorrectness(
  verdicts: ReadonlyMap<string, boolean>,
  judge: Pick<JudgeKeyParts, 'model' | 'prompt'>,
  label: string = judge.model,
): Correctness {
  return {
    signal: 'llm-judge',
    judgeModel: label,
    llmVerdict: (t) => {
      const k = trajectoryJudgeKey(t, judge);
      return k === null ? undefined : verdicts.get(k);
    },
  };
}
