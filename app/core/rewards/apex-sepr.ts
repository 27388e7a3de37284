// APEX-Searcher's plan reward SEPR (APEX-Searcher v1 §3.3.3, "Augmenting LLMs' Search
// Capabilities through Agentic Planning and Execution"): embed every generated sub-question
// and every gold one, cost = 1 − cosine, one-to-one Hungarian assignment of minimum total cost,
// keep the assigned pairs with cosine > τ (0.8); P = matched / |generated|, R = matched / |gold|,
// reward = F1 = 2PR / (P + R), 0 when nothing matches. Gold plans come from MuSiQue's
// question_decomposition, rewritten into natural language as the paper's gold sub-questions are
// (v1 §4.1.1, v2 appendix C.1): `gold.plan[i].question` where stored, else the deterministic
// rewrite of `text` (corpus/plan-rewrite.ts: `#1 >> capital` → `What is the capital of #1?`).
// The raw operator forms sit far from any generated question, which put SEPR near 0.
// `#n` references stay unresolved on both sides: the generated node's `text` (never its
// `resolvedText`, which carries answers found at run time) against the rewritten gold question
// ("Who designed #1?"). SEPR scores the plan's structure, not the answers that filled it in.
import { goldStepQuestion } from '../corpus/plan-rewrite';
import { hungarian } from './hungarian';
import { type RewardDef, type RewardMeta, type RewardPair, unavailable } from './types';
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

const META: RewardMeta = { id: 'apex/sepr', label: 'APEX SEPR (plan F1)', paper: 'APEX-Searcher (2025)' };
const DEFAULTS: SeprParams = { tau: 0.8 };

export const apexSepr: RewardDef<SeprParams> = {
  ...META,
  needs: ['goldPlan', 'embedder'],
  defaults: DEFAULTS,
  compute: async (t, ctx, params) => {
    const p = { ...DEFAULTS, ...params };
    const formula =
      `SEPR = F1 = 2PR/(P+R), P = matched/|generated|, R = matched/|gold|; matched = Hungarian pairs ` +
      `(cost 1 − cos of sub-question embeddings, gold sub-questions in natural language) with ` +
      `cos > τ = ${p.tau}; 0 when nothing matches`;
    // See the header: the generated `text` (not `resolvedText`), the gold step in natural language.
    const gen = (t.plan ?? []).map((n) => n.text);
    const gold = (t.gold?.plan ?? []).map(goldStepQuestion);
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
