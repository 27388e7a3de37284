// Search-R1's outcome rewards (docs/architecture.md §5).
//  - EM: Jin et al., 2025, "Search-R1: Training LLMs to Reason and Leverage Search Engines with
//    Reinforcement Learning" (arXiv 2503.09516): r = EM(a_pred, a_gold).
//  - Format variant: Jin et al., 2025b, "An Empirical Study on Reinforcement Learning for
//    Reasoning-Search Interleaved LLM Agents" (arXiv 2505.15117); followed here as the public code
//    writes it, PeterGriffinJin/Search-R1 verl/utils/reward_score/qa_em_format.py
//    (`compute_score_em`, `is_valid_sequence`, `is_retrieval_correct`), with the defaults of its
//    train_grpo_format.sh: structure_format_score 0.2, final_format_score 0.1, retrieval_score 0.
import { exactMatch } from '../metrics/answer';
import { normalizeAnswer } from '../metrics/normalize';
import { finalAnswerText, goldAnswers } from '../metrics/trajectory-metrics';
import type { Step, Trajectory } from '../schema/trajectory';
import { closedElement, informationBlocks, showGold } from './steps';
import { type RewardDef, type RewardMeta, type RewardResult, unavailable } from './types';

export const SEARCH_R1_PAPER = 'Search-R1 (Jin et al., 2025)';
const FORMAT_PAPER = 'Search-R1 format reward (Jin et al., 2025b, empirical study)';

export interface SequenceCheck {
  valid: boolean;
  reason: string;
  /** The first step that breaks the format. */
  stepId?: string;
}

type State = 'start' | 'after_think' | 'after_search' | 'information' | 'end';

/** Tag of each step kind Search-R1's format knows; other kinds have no place in it. */
const SEARCH_R1_TAGS: Partial<Record<Step['kind'], string>> = {
  think: 'think',
  search: 'search',
  retrieve: 'information',
  answer: 'answer',
};

/**
 * `is_valid_sequence` on steps. The code's state machine over tags is
 *   start ─<think>→ after_think ─<search>→ after_search ─<information>→ information ─<think>→ …
 *   after_think ─<answer>→ end
 * with only whitespace allowed between elements and balanced tags. On steps: think / search /
 * retrieve (an information block) / answer must follow that order; a step of any other kind (an
 * `invalid` turn, whose "My previous action is invalid" notice is text outside tags; reflect;
 * plan; …) breaks it; so does a step whose raw is free text or an unclosed element (see
 * `closedElement`), and anything after the answer. Known gap: the transcript parser drops an empty
 * `<think></think>`, which the code would accept as the think before an answer.
 */
export function searchR1Sequence(steps: readonly Step[]): SequenceCheck {
  let state: State = 'start';
  for (const s of steps) {
    const bad = (reason: string): SequenceCheck => ({ valid: false, reason, stepId: s.id });
    const tag = SEARCH_R1_TAGS[s.kind];
    if (!tag) return bad(`a ${s.kind} step has no place in <think>/<search>/<information>/<answer>`);
    if (!closedElement(s, tag))
      return bad(
        s.kind === 'think' && !s.raw?.includes('<think>')
          ? 'text outside any tag'
          : `<${tag}> is not closed by </${tag}>`,
      );
    if (state === 'end') return bad(`<${tag}> after the answer`);
    if (s.kind === 'think' && (state === 'start' || state === 'information')) state = 'after_think';
    else if (s.kind === 'search' && state === 'after_think') state = 'after_search';
    else if (s.kind === 'retrieve' && state === 'after_search') state = 'information';
    else if (s.kind === 'answer' && state === 'after_think') state = 'end';
    else return bad(`unexpected <${tag}> in state ${state}`);
  }
  if (state !== 'end') return { valid: false, reason: `incomplete sequence, ended in state ${state}` };
  return { valid: true, reason: 'valid sequence format' };
}

/**
 * `is_retrieval_correct`: some information block contains a gold alias, as a substring of the
 * normalized block (the code's `normalize_answer(golden) in normalize_answer(seq)`; not FlashRAG's
 * whole-word test). Aliases that normalize to "" are skipped (`"" in s` is always true).
 */
export function searchR1RetrievalHit(t: Trajectory): { hit: boolean; stepId?: string } {
  const golds = goldAnswers(t)
    .map((g) => normalizeAnswer(g))
    .filter((g) => g !== '');
  for (const b of informationBlocks(t)) {
    const text = normalizeAnswer(b.text);
    if (golds.some((g) => text.includes(g))) return { hit: true, stepId: b.step.id };
  }
  return { hit: false };
}

export const NO_GOLD = 'the trajectory has no gold answers';

const EM_META: RewardMeta = { id: 'search-r1/em', label: 'Search-R1 EM', paper: SEARCH_R1_PAPER };

export const searchR1Em: RewardDef = {
  ...EM_META,
  needs: ['gold'],
  defaults: {},
  compute: async (t) => {
    const formula = 'r = EM(a_pred, a_gold)  (normalized exact match, max over gold aliases; no answer → 0)';
    const base = { ...EM_META, formula };
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(EM_META, formula, NO_GOLD);
    const pred = finalAnswerText(t);
    const em = pred === undefined ? 0 : exactMatch(pred, gold);
    return { ...base, value: em, inputs: { answer: pred ?? null, gold: showGold(gold), em } };
  },
};

export interface SearchR1FormatParams {
  /** Reward of a correct answer in a valid sequence (`score`). */
  correctScore: number;
  /** λ_f, `structure_format_score`: paid for a valid sequence, withheld from a correct invalid one. */
  structureFormatScore: number;
  /** `final_format_score`: a wrong answer in an invalid sequence. */
  finalFormatScore: number;
  /** λ_r, `retrieval_score`: bonus for a valid, wrong trajectory whose information holds a gold answer. */
  retrievalScore: number;
}

const FORMAT_META: RewardMeta = {
  id: 'search-r1/format',
  label: 'Search-R1 EM + format',
  paper: FORMAT_PAPER,
};
const FORMAT_DEFAULTS: SearchR1FormatParams = {
  correctScore: 1,
  structureFormatScore: 0.2,
  finalFormatScore: 0.1,
  retrievalScore: 0,
};

export const searchR1Format: RewardDef<SearchR1FormatParams> = {
  ...FORMAT_META,
  needs: ['gold'],
  defaults: FORMAT_DEFAULTS,
  compute: async (t, _ctx, params) => {
    const p = { ...FORMAT_DEFAULTS, ...params };
    const base = {
      ...FORMAT_META,
      formula:
        `r = ${p.correctScore} if EM ∧ valid; ${p.correctScore} − λ_f if EM ∧ ¬valid; ` +
        `λ_f (+ λ_r if a gold answer is in an information block) if ¬EM ∧ valid; ` +
        `${p.finalFormatScore} if ¬EM ∧ ¬valid with an answer; 0 with neither  ` +
        `(λ_f = ${p.structureFormatScore}, λ_r = ${p.retrievalScore}; EM = normalized exact match)`,
    };
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(FORMAT_META, base.formula, NO_GOLD);
    const pred = finalAnswerText(t);
    const em = pred === undefined ? 0 : exactMatch(pred, gold);
    const seq = searchR1Sequence(t.steps);
    const retrieval = searchR1RetrievalHit(t);
    // compute_score_em: the retrieval bonus is only looked for in a valid sequence.
    const bonus = seq.valid && retrieval.hit ? p.retrievalScore : 0;
    let value: number;
    if (pred === undefined) value = seq.valid ? p.structureFormatScore + bonus : 0;
    else if (em === 1) value = seq.valid ? p.correctScore : p.correctScore - p.structureFormatScore;
    else value = seq.valid ? p.structureFormatScore + bonus : p.finalFormatScore;
    const result: RewardResult = {
      ...base,
      value,
      inputs: {
        answer: pred ?? null,
        gold: showGold(gold),
        em,
        validFormat: seq.valid,
        formatReason: seq.reason,
        invalidAtStep: seq.stepId ?? null,
        retrievalHit: retrieval.hit,
        ...p,
      },
    };
    if (retrieval.stepId !== undefined)
      result.steps = [
        {
          stepId: retrieval.stepId,
          value: bonus,
          detail: `first information block holding a gold answer (bonus ${bonus}${seq.valid ? '' : ': format invalid, not paid'})`,
        },
      ];
    return result;
  },
};
