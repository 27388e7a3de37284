// ExSearch's importance weight (docs/architecture.md §5): Shi et al., 2025, "Iterative Self-Incentivization
// Empowers Large Language Models as Agentic Searchers" (arXiv 2505.20128; code mangopy/SearchLM).
// In the E-step a trajectory z is weighted by w(z) = p(y | x, z): the probability that the model,
// teacher-forced after the question x and the trajectory z, writes the gold answer y. We report
// log w = Σ log p(y_t | x, z, y_<t) = llm.score(prefix, y). Weights of trajectories of the same
// question are then normalized (`normalizeImportanceWeights`).
//
// Gold aliases: ExSearch's data has one gold answer string per question (`example['answer']`) and
// src/_entropy.py teacher-forces that one label, so by default y is the first gold alias. The
// 'logsumexp' option instead scores every alias and reports log Σ_a p(a | x, z), the probability of
// writing any listed alias (the aliases are distinct strings, so their probabilities add).
// Note: _entropy.py reports the *mean* token cross-entropy; the paper's w is the product of token
// probabilities, which is what `value` is. The per-token mean is reported alongside.
import { EXSEARCH_PROMPTS } from '../agents/exsearch/exsearch';
import { fillTemplate } from '../agents/template';
import type { ChatMessage, Llm, ScoreResult } from '../llm/types';
import { goldAnswers } from '../metrics/trajectory-metrics';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { NO_GOLD } from './search-r1';
import { type RewardDef, type RewardMeta, unavailable } from './types';

// src/instruction.py's markers.
const THINK = '<QUERY>';
const SEARCH = '<SEARCH>';
const FACT = '<FACT>';
const FINAL = '<FINAL>';

/**
 * The system prompt with the question after `<USER QUERY>`: the strategy's default, which is
 * instruction.py's PROMPT with step (2) the main method's search (appendix F.1; see agents/exsearch.ts),
 * so a live run's weight is scored after the prompt the model saw.
 */
export function exsearchPrompt(question: string): string {
  return fillTemplate(EXSEARCH_PROMPTS.system, { question });
}

/** instruction.py's FINAL_SENTENCE. */
export function exsearchFinalSentence(question: string): string {
  return `please give the final answer to the input question: ${question}`;
}

/**
 * How the `[k]` labels of `<SEARCH> [k, …]` are read. A live ExSearch run labels each doc by its
 * 1-based position in the candidate list (agents/exsearch.ts), so a corpus id must not be printed
 * there; an imported ExSearch log's doc ranks are the labels its messages showed (trajectories
 * imported before doc ids became content hashes have the label as the id).
 */
function labeller(t: Trajectory): (d: Doc, position: number) => number {
  const imported = t.source.kind === 'import' && t.source.format === 'exsearch';
  return (d, position) => (imported ? (/^\d+$/.test(d.id) ? Number(d.id) : d.rank) : position);
}

/** Ranked docs kept for the model: the run's `rankKeep` (0 or absent: every selected one, as logs). */
function rankKeep(t: Trajectory): number {
  const k = t.agent.params.rankKeep;
  return typeof k === 'number' && Number.isInteger(k) && k > 0 ? k : Infinity;
}

/** The docs the model kept: the next rank step's order (before the next search), else all of them. */
function selected(steps: readonly Step[], at: number, docs: readonly Doc[], keep: number): Doc[] {
  for (let k = at + 1; k < steps.length; k++) {
    const s = steps[k];
    if (!s || s.kind === 'search') break;
    if (s.kind === 'rank' && s.ranking && s.ranking.length > 0) {
      const byId = new Map(docs.map((d) => [d.id, d]));
      const kept = s.ranking.map((id) => byId.get(id)).filter((d): d is Doc => d !== undefined);
      if (kept.length > 0) return kept.slice(0, keep);
    }
  }
  return [...docs];
}

/**
 * The trajectory as ExSearch's chat transcript (src/_inference.py), which is the prefix the gold
 * answer is scored after:
 *   user:      PROMPT(question)
 *   assistant: `<QUERY> q1`                               (a search step; `think` steps repeat it)
 *   user:      `<SEARCH> [2, 1] Title: t. Content: c\n…`  (a retrieval step: the selected docs,
 *                                                           in the model's rank order when known,
 *                                                           the first `rankKeep` of them when the
 *                                                           run kept fewer; labels as shown)
 *   assistant: `<FACT> f1\n<QUERY> q2`                    (record steps since the last search)
 *   …
 *   assistant: `<FACT> fn\n<FINAL>`                       (when the trajectory finished)
 *   user:      FINAL_SENTENCE(question)
 * The final assistant turn stops at `<FINAL>`: the model's own prediction is left out so the
 * weight measures how well the *evidence* supports the gold answer, not agreement with the
 * prediction. Steps of other kinds (plan, reflect, …) have no ExSearch action and are skipped;
 * a multi-query search is written as one `<QUERY>` with the queries joined by "; ".
 */
export function exsearchMessages(t: Trajectory): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: exsearchPrompt(t.question) }];
  const label = labeller(t);
  const keep = rankKeep(t);
  let facts: string[] = [];
  const factLines = () => facts.map((f) => `${FACT} ${f}`);
  t.steps.forEach((s, i) => {
    if (s.kind === 'record' && s.text) facts.push(s.text.trim());
    else if (s.kind === 'search') {
      const q = (s.queries && s.queries.length > 0 ? s.queries : [s.text ?? '']).join('; ').trim();
      messages.push({ role: 'assistant', content: [...factLines(), `${THINK} ${q}`].join('\n') });
      facts = [];
    } else if (s.kind === 'retrieve' && s.docs && s.docs.length > 0) {
      const all = s.docs;
      const docs = selected(t.steps, i, all, keep);
      const body = docs.map((d) => `Title: ${d.title ?? ''}. Content: ${d.text}`).join('\n');
      const labels = docs.map((d) => label(d, all.indexOf(d) + 1));
      messages.push({ role: 'user', content: `${SEARCH} [${labels.join(', ')}] ${body}` });
    }
  });
  const finished = t.steps.some((s) => s.kind === 'answer') || t.answer !== undefined;
  if (finished || facts.length > 0)
    messages.push({ role: 'assistant', content: [...factLines(), FINAL].join('\n') });
  const last = messages.at(-1);
  // _inference.py appends FINAL_SENTENCE to the last user turn when the loop ran out.
  if (last?.role === 'user') last.content = `${last.content}\n${exsearchFinalSentence(t.question)}`;
  else messages.push({ role: 'user', content: exsearchFinalSentence(t.question) });
  return messages;
}

/**
 * Softmax of log-weights: w_i / Σ_j w_j computed as exp(l_i − max) / Σ exp(l_j − max), so large
 * negative log-probabilities do not underflow to 0/0. A trajectory with log w = −∞ gets 0; when
 * every weight is 0 there is no preference and each gets 1/n.
 */
export function normalizeImportanceWeights(logws: readonly number[]): number[] {
  if (logws.some((l) => Number.isNaN(l) || l === Infinity))
    throw new RangeError('log-weights must be finite or −∞');
  if (logws.length === 0) return [];
  const max = Math.max(...logws);
  if (max === -Infinity) return logws.map(() => 1 / logws.length);
  const exps = logws.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

function logSumExp(xs: readonly number[]): number {
  const max = Math.max(...xs);
  if (max === -Infinity) return -Infinity;
  return max + Math.log(xs.reduce((a, x) => a + Math.exp(x - max), 0));
}

export interface ExSearchWeightParams {
  /** 'first': score the first gold alias (ExSearch's single label); 'logsumexp': any alias. */
  aliases: 'first' | 'logsumexp';
}

const META: RewardMeta = {
  id: 'exsearch/log-weight',
  label: 'ExSearch importance weight (log w)',
  paper: 'ExSearch (Shi et al., 2025)',
};
const DEFAULTS: ExSearchWeightParams = { aliases: 'first' };

export const exsearchLogWeight: RewardDef<ExSearchWeightParams> = {
  ...META,
  needs: ['gold', 'llm'],
  defaults: DEFAULTS,
  compute: async (t, ctx, params) => {
    const p = { ...DEFAULTS, ...params };
    const formula =
      p.aliases === 'first'
        ? 'log w(z) = log p(y | x, z) = Σ_t log p(y_t | x, z, y_<t)  (y: the first gold alias, teacher-forced after ExSearch’s transcript of z)'
        : 'log w(z) = log Σ_a p(a | x, z) over the gold aliases a  (each teacher-forced after ExSearch’s transcript of z)';
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(META, formula, NO_GOLD);
    const llm: Llm | undefined = ctx.llm;
    if (!llm?.score)
      return unavailable(
        META,
        formula,
        'needs an Llm that can score a continuation (teacher-forced log-probability)',
      );
    const prefix = { messages: exsearchMessages(t) };
    const targets = p.aliases === 'first' ? gold.slice(0, 1) : gold;
    const scores: ScoreResult[] = [];
    for (const y of targets) scores.push(await llm.score(prefix, y));
    const logw =
      p.aliases === 'first' ? (scores[0]?.logprob ?? -Infinity) : logSumExp(scores.map((s) => s.logprob));
    const tokens = scores[0]?.tokens ?? 0;
    const inputs: Record<string, number | string | boolean | null> = {
      model: llm.model,
      goldAnswer: targets[0] ?? null,
      aliases: p.aliases,
      tokens,
      w: Math.exp(logw),
      meanLogprobPerToken: p.aliases === 'first' && tokens > 0 ? logw / tokens : null,
      prefixMessages: prefix.messages.length,
    };
    if (p.aliases === 'logsumexp')
      targets.forEach((y, k) => {
        inputs[`logp(${y})`] = scores[k]?.logprob ?? null;
      });
    return { ...META, formula, value: logw, inputs };
  },
};
