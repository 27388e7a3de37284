// QAgent's two training rewards: Jiang et al., 2025, "QAgent: A modular Search Agent with
// Interactive Query Understanding" (arXiv 2510.08383; code OpenStellarTeam/QAgent).
//  - Stage 1 (end-to-end RL, §3.3 Eq. 7): r₁ = EM(a_pred, a_gold) × format.
//  - Stage 2 (generalized RL, §3.4 Eq. 8–10): a frozen generator answers from the passages the
//    agent collected, r₂ = EM(A*, Ã) + 0.5 × Hit(τ, A*), with EM relaxed to non-strict EM (the
//    gold answer inside the generator's answer: Hopscope's acc / cover-EM) and Hit = the entire
//    trajectory τ contains the gold answer, so the agent is paid for what it retrieves rather than
//    for how it uses it.
import type { ChatMessage, GenerateOptions, Llm } from '../llm/types';
import { coverEM } from '../metrics/answer';
import { containsAnyAnswer } from '../metrics/normalize';
import { finalAnswerText, goldAnswers } from '../metrics/trajectory-metrics';
import { stepNumber } from '../schema/step-number';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { rewardCorrectness } from './correct';
import { NO_GOLD } from './search-r1';
import { collectedPassages, showGold } from './steps';
import { type RewardDef, type RewardMeta, type RewardResult, type RewardStep, unavailable } from './types';

export const QAGENT_PAPER = 'QAgent (Jiang et al., 2025)';

export interface QAgentFormatCheck {
  valid: boolean;
  reasons: string[];
  /** One entry per checked step: 1 when it satisfies its rule, 0 when it breaks it. */
  steps: RewardStep[];
}

/**
 * QAgent's format: every search directly preceded by a plan, every information block directly
 * followed by a reflection, and an answer. A step the importer marked `invalid` (a `<search>`
 * without `<query>`, more than 3 queries, a turn with no action) also breaks it: the turn did not
 * follow the protocol at all.
 */
export function qagentFormat(steps: readonly Step[]): QAgentFormatCheck {
  const reasons: string[] = [];
  const out: RewardStep[] = [];
  steps.forEach((s, i) => {
    const prev = steps[i - 1];
    const next = steps[i + 1];
    if (s.kind === 'search') {
      const ok = prev?.kind === 'plan';
      out.push({
        stepId: s.id,
        value: ok ? 1 : 0,
        detail: ok
          ? 'directly preceded by <plan>'
          : `not directly preceded by <plan> (previous: ${prev?.kind ?? 'none'})`,
      });
      if (!ok) reasons.push(`search ${s.id} is not directly preceded by a plan`);
    } else if (s.kind === 'retrieve') {
      const ok = next?.kind === 'reflect';
      out.push({
        stepId: s.id,
        value: ok ? 1 : 0,
        detail: ok
          ? 'directly followed by <reflection>'
          : `not directly followed by <reflection> (next: ${next?.kind ?? 'none'})`,
      });
      if (!ok) reasons.push(`information ${s.id} is not directly followed by a reflection`);
    } else if (s.kind === 'invalid') {
      out.push({ stepId: s.id, value: 0, detail: s.error ?? 'invalid action' });
      reasons.push(`invalid step ${stepNumber(s)}${s.error ? `: ${s.error}` : ''}`);
    }
  });
  if (!steps.some((s) => s.kind === 'answer')) reasons.push('no answer');
  return { valid: reasons.length === 0, reasons, steps: out };
}

const STAGE1_META: RewardMeta = {
  id: 'qagent/stage1',
  label: 'QAgent stage 1 (correct × format)',
  paper: QAGENT_PAPER,
};
/** Stage 1's formula; `signal` names the correctness signal (the paper's is strict EM). */
const stage1Formula = (signal: string) =>
  `r₁ = correct(a_pred, a_gold) × format  (correct by ${signal}; the paper uses strict normalized EM; ` +
  'format = every search directly after a plan, every information block directly before a ' +
  'reflection, an answer, no invalid step)';

export const qagentStage1: RewardDef = {
  ...STAGE1_META,
  needs: ['gold'],
  defaults: {},
  compute: async (t, ctx) => {
    const judged = rewardCorrectness(t, ctx);
    const formula = stage1Formula(judged.signal);
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(STAGE1_META, formula, NO_GOLD);
    const pred = finalAnswerText(t);
    if (judged.correct === null)
      return unavailable(STAGE1_META, formula, judged.missing, {
        answer: pred ?? null,
        correctness: judged.signal,
      });
    const correct = judged.correct ? 1 : 0;
    const format = qagentFormat(t.steps);
    return {
      ...STAGE1_META,
      formula,
      value: correct * (format.valid ? 1 : 0),
      inputs: {
        answer: pred ?? null,
        gold: showGold(gold),
        correct,
        correctness: judged.signal,
        format: format.valid,
        formatProblems: format.reasons.join('; ') || null,
      },
      steps: format.steps,
    };
  },
};

// ---- Stage 2 ----------------------------------------------------------------------------------

/**
 * The frozen generator's prompt: FlashRAG's default generation prompt (flashrag/prompt/
 * base_prompt.py: system "Answer the question based on the given document. Only give me the answer
 * and do not output any other words.\nThe following are given documents.\n\n{reference}", user
 * "Question: {question}", references as `Doc i(Title: t) text`). QAgent's paper names a frozen
 * generator but this file does not know its exact template; a fixed, plain RAG prompt is the point.
 */
export function qagentGeneratorPrompt(
  question: string,
  passages: readonly Doc[],
): { messages: ChatMessage[] } {
  const reference = passages.map((d, i) => `Doc ${i + 1}(Title: ${d.title ?? ''}) ${d.text}`).join('\n');
  return {
    messages: [
      {
        role: 'system',
        content:
          'Answer the question based on the given document. Only give me the answer and do not output any ' +
          `other words.\nThe following are given documents.\n\n${reference}`,
      },
      { role: 'user', content: `Question: ${question}` },
    ],
  };
}

/** The generator's answer: its first non-empty line, trimmed (it was told to answer in a few words). */
export function generatorAnswer(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  );
}

/** Everything a step holds that was part of the rollout: its source text, text, queries and docs. */
function stepText(s: Step): string {
  const parts = [s.raw, s.text, ...(s.queries ?? [])];
  for (const d of s.docs ?? []) parts.push(`${d.title ?? ''} ${d.text}`);
  return parts.filter((x): x is string => x !== undefined && x !== '').join('\n');
}

/**
 * Hit(τ, A*) of Eq. 10: whether the entire trajectory τ — what the agent wrote (plans, queries,
 * reflections, its own answer) and what it was shown (the information blocks) — contains a gold
 * answer, as whole normalized words. The prompt is not part of τ, and neither is the frozen
 * generator's answer Ã (a step marked `frozen-generator`), which Eq. 10 scores separately.
 * Returns the first step that holds the answer.
 */
export function trajectoryHit(t: Trajectory, gold: readonly string[]): { hit: 0 | 1; step?: Step } {
  for (const s of t.steps) {
    if (s.decision === 'frozen-generator') continue;
    if (containsAnyAnswer(stepText(s), gold)) return { hit: 1, step: s };
  }
  return { hit: 0 };
}

export interface QAgentStage2Params {
  /** Weight of Hit (the paper's 0.5). */
  hitWeight: number;
  /** Token budget for the generator's short answer (greedy decoding). */
  maxTokens: number;
}

const STAGE2_META: RewardMeta = {
  id: 'qagent/stage2',
  label: 'QAgent stage 2 (frozen generator)',
  paper: QAGENT_PAPER,
};
const STAGE2_DEFAULTS: QAgentStage2Params = { hitWeight: 0.5, maxTokens: 32 };

export const qagentStage2: RewardDef<QAgentStage2Params> = {
  ...STAGE2_META,
  needs: ['gold', 'llm'],
  defaults: STAGE2_DEFAULTS,
  compute: async (t, ctx, params) => {
    const p = { ...STAGE2_DEFAULTS, ...params };
    const formula =
      `r₂ = non-strict EM(A*, G(q, P)) + ${p.hitWeight} × Hit(τ, A*)  (Eq. 10; G: the configured ` +
      'generator, greedy, answering from the de-duplicated passages P the trajectory collected; ' +
      'non-strict EM = a gold answer inside its answer (§4.1); Hit = 1 when the entire trajectory τ ' +
      'contains a gold answer as whole normalized words)';
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(STAGE2_META, formula, NO_GOLD);
    const passages = collectedPassages(t);
    const { hit, step: hitStep } = trajectoryHit(t, gold);
    const llm: Llm | undefined = ctx.llm;
    if (!llm)
      return unavailable(
        STAGE2_META,
        formula,
        'needs the configured generator (an Llm) to answer from the passages',
        {
          hit,
          passages: passages.length,
        },
      );
    const opts: GenerateOptions = { temperature: 0, maxTokens: p.maxTokens };
    if (ctx.signal) opts.signal = ctx.signal;
    const out = await llm.generate(qagentGeneratorPrompt(t.question, passages), opts);
    const answer = generatorAnswer(out.text);
    const cover = coverEM(answer, gold);
    const result: RewardResult = {
      ...STAGE2_META,
      formula,
      value: cover + p.hitWeight * hit,
      inputs: {
        generator: llm.model,
        generatorAnswer: answer,
        gold: showGold(gold),
        coverEM: cover,
        hit,
        passages: passages.length,
        ...p,
      },
    };
    if (hitStep)
      result.steps = [
        {
          stepId: hitStep.id,
          value: p.hitWeight,
          detail: `first step of the trajectory holding a gold answer (${hitStep.kind})`,
        },
      ];
    return result;
  },
};
