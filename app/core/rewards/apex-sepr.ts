// APEX-Searcher's plan reward SEPR (APEX-Searcher v1 §3.3.3, "Augmenting LLMs' Search
// Capabilities through Agentic Planning and Execution"): embed every generated sub-question
// and every gold one, cost = 1 − cosine, one-to-one Hungarian assignment of minimum total cost,
// keep the assigned pairs with cosine > τ (0.8); P = matched / |generated|, R = matched / |gold|,
// reward = F1 = 2PR / (P + R), 0 when nothing matches. Gold plans come from MuSiQue's
// question_decomposition, rewritten into natural language as the paper's gold sub-questions are
// (v1 §4.1.1, v2 appendix C.1, where a model, DeepSeek-V3, wrote them). Each step's question is the
// configured model's rewrite when one is cached (ctx.goldPlanRewrites), else the deterministic
// template (`gold.plan[i].question` where stored, else the rewrite of `text`, corpus/plan-rewrite.ts:
// `#1 >> capital` → `What is the capital of #1?`), the offline fallback. Scores near τ depend on
// the wording, so the result says which source each score used (`goldPlanSource`). The raw
// operator forms sit far from any generated question, which put SEPR near 0.
// `#n` references stay unresolved on both sides: the generated node's `text` (never its
// `resolvedText`, which carries answers found at run time) against the rewritten gold question
// ("Who designed #1?"). SEPR scores the plan's structure, not the answers that filled it in.
import { goldStepQuestion } from '../corpus/plan-rewrite';
import { hungarian } from './hungarian';
import {
  type GoldPlanRewrites,
  type RewardDef,
  type RewardMeta,
  type RewardPair,
  unavailable,
} from './types';
import { cosine, embedAll, round } from './vectors';

export interface SeprParams {
  /** τ: an assigned pair counts only when its cosine is strictly above it. */
  tau: number;
}

export interface SeprScore {
  precision: number;
  recall: number;
  f1: number;
  matched: number;
  /** The Hungarian pairs, kept or not. */
  pairs: RewardPair[];
}

/** SEPR from the two lists' embeddings (pure; the reward wraps it with the Embedder). */
export function seprFromVectors(
  generated: ReadonlyArray<{ text: string; vec: ArrayLike<number> }>,
  gold: ReadonlyArray<{ text: string; vec: ArrayLike<number> }>,
  tau: number,
): SeprScore {
  const sims = generated.map((g) => gold.map((r) => cosine(g.vec, r.vec)));
  const { pairs: assigned } = hungarian(sims.map((row) => row.map((c) => 1 - c)));
  const pairs: RewardPair[] = assigned.map(([i, j]) => {
    const score = sims[i]?.[j] ?? 0;
    return { left: generated[i]?.text ?? '', right: gold[j]?.text ?? '', score, kept: score > tau };
  });
  const matched = pairs.filter((p) => p.kept).length;
  const precision = generated.length === 0 ? 0 : matched / generated.length;
  const recall = gold.length === 0 ? 0 : matched / gold.length;
  const f1 = matched === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, matched, pairs };
}

const TEMPLATE_SOURCE = 'template (deterministic rewrite)';

/** SEPR's gold sub-questions, each the cached model rewrite or else the template, and which was used. */
export function seprGoldQuestions(
  plan: ReadonlyArray<{ text: string; question?: string }>,
  rewrites: GoldPlanRewrites | undefined,
): { questions: string[]; source: string } {
  let byModel = 0;
  const questions = plan.map((step) => {
    const q = rewrites?.questions.get(step.text);
    if (q === undefined) return goldStepQuestion(step);
    byModel += 1;
    return q;
  });
  const model = `model rewrite · ${rewrites?.model ?? ''} (cached)`;
  const source =
    byModel === 0
      ? TEMPLATE_SOURCE
      : byModel === plan.length
        ? model
        : `${model} for ${byModel} of ${plan.length} steps, ${TEMPLATE_SOURCE} for the rest`;
  return { questions, source };
}

const META: RewardMeta = { id: 'apex/sepr', label: 'APEX SEPR (plan F1)', paper: 'APEX-Searcher (2025)' };
const DEFAULTS: SeprParams = { tau: 0.8 };

export const apexSepr: RewardDef<SeprParams> = {
  ...META,
  needs: ['goldPlan', 'embedder'],
  defaults: DEFAULTS,
  compute: async (t, ctx, params) => {
    const p = { ...DEFAULTS, ...params };
    // See the header: the generated `text` (not `resolvedText`), the gold step in natural language.
    const gen = (t.plan ?? []).map((n) => n.text);
    const { questions: gold, source } = seprGoldQuestions(t.gold?.plan ?? [], ctx.goldPlanRewrites);
    const formula =
      `SEPR = F1 = 2PR/(P+R), P = matched/|generated|, R = matched/|gold|; matched = Hungarian pairs ` +
      `(cost 1 − cos of sub-question embeddings, gold sub-questions in natural language: ${source}) with ` +
      `cos > τ = ${p.tau}; 0 when nothing matches`;
    if (gold.length === 0) return unavailable(META, formula, 'the trajectory has no gold plan');
    if (gen.length === 0) return unavailable(META, formula, 'the trajectory has no plan');
    if (!ctx.embedder) return unavailable(META, formula, 'needs an embedder for the sub-questions');
    const vecs = await embedAll(ctx.embedder, [...gen, ...gold]);
    const item = (text: string, k: number) => ({ text, vec: vecs[k] ?? new Float32Array() });
    const s = seprFromVectors(
      gen.map((text, i) => item(text, i)),
      gold.map((text, j) => item(text, gen.length + j)),
      p.tau,
    );
    return {
      ...META,
      formula,
      value: s.f1,
      inputs: {
        generated: gen.length,
        gold: gold.length,
        matched: s.matched,
        precision: s.precision,
        recall: s.recall,
        tau: p.tau,
        goldPlanSource: source,
        matchedPairs:
          s.pairs
            .filter((x) => x.kept)
            .map((x) => `"${x.left}" ↔ "${x.right}" (cos ${round(x.score, 3)})`)
            .join('; ') || null,
      },
      pairs: s.pairs,
    };
  },
};
