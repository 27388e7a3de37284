// When-to-Search's multi-stage reward ("Learning When to Search": format, search and answer
// rewards, summed; docs/architecture.md §5): R = r_a + r_s + r_f.
//  - r_f (§3.3, Eq. 6) = +1 when the output "fully matches" one of the two structures §3.3 defines,
//    else −1: without retrieval "think, reflect, answer"; with retrieval "multiple iterations of
//    think, search, information, reflect, answer". An iteration after the first may open with a
//    think or go straight to the revised search (appendix B.4 rule 5; the paper's own Table 9
//    example does). think → answer matches neither structure.
//  - r_s: RC = 0 → 0; RC = 1 → 0 for a concise query, −1 otherwise; RC > 1 →
//    −(Σ_{i<j} cos(e_i, e_j)) / (N(N−1)) over the N query embeddings (the paper divides the sum over
//    unordered pairs by N(N−1), i.e. −½ × the mean pairwise cosine).
//  - r_a with β = 0.3: stage 1: correct 1, wrong −1 + β·RC; stage 2: correct 1 − β·RC, wrong −1.
//    "Correct" is the paper's LLM judge (§4.1, appendix B.4, see app/core/judge) when one is
//    configured and the user chose no signal, else the user's signal (EM by default); the result
//    names the signal it used.
import type { Embedder } from '../llm/types';
import { finalAnswerText, goldAnswers, stepQueries } from '../metrics/trajectory-metrics';
import type { Step, Trajectory } from '../schema/trajectory';
import { rewardCorrectness } from './correct';
import { checkConcise, DEFAULT_WORD_LISTS, type WordLists } from './query-concise';
import { NO_GOLD, type SequenceCheck } from './search-r1';
import { closedElement, showGold } from './steps';
import { type RewardDef, type RewardMeta, type RewardStep, unavailable } from './types';
import { cosine, embedAll, round } from './vectors';

export const WHEN_TO_SEARCH_PAPER = 'When-to-Search (multi-stage reward)';

type State = 'start' | 'thought' | 'direct' | 'searched' | 'informed' | 'reflected' | 'rethought' | 'end';

const TAGS: Partial<Record<Step['kind'], readonly string[]>> = {
  think: ['think'],
  search: ['search'],
  retrieve: ['information'],
  reflect: ['reflect', 'reflection'],
  answer: ['answer'],
};

/** Which kind may follow in each state, and where it leads (§3.3's two structures). */
const NEXT: Record<State, Partial<Record<Step['kind'], State>>> = {
  start: { think: 'thought' },
  thought: { search: 'searched', reflect: 'direct' },
  direct: { answer: 'end' },
  searched: { retrieve: 'informed' },
  informed: { reflect: 'reflected' },
  reflected: { think: 'rethought', search: 'searched', answer: 'end' },
  rethought: { search: 'searched' },
  end: {},
};

/** Where the sequence stands, as reasons name it. */
const PLACE: Record<State, string> = {
  start: 'at the start',
  thought: 'after think',
  direct: 'after the direct reflect',
  searched: 'after search',
  informed: 'after information',
  reflected: 'after a reflect',
  rethought: 'after a think that opens an iteration',
  end: 'after the answer',
};

export const WHEN_TO_SEARCH_FORMAT =
  'think → reflect → answer, or think → search → information → reflect → ([think →] search → information → reflect)* → answer';

/** The format r_f checks (§3.3, Eq. 6): see the file header and WHEN_TO_SEARCH_FORMAT. */
export function whenToSearchSequence(steps: readonly Step[]): SequenceCheck {
  let state: State = 'start';
  for (const s of steps) {
    const bad = (reason: string): SequenceCheck => ({ valid: false, reason, stepId: s.id });
    const tags = TAGS[s.kind];
    if (!tags) return bad(`a ${s.kind} step has no place in think/search/information/reflect/answer`);
    if (!tags.some((tag) => closedElement(s, tag)))
      return bad(
        s.kind === 'think' && !s.raw?.includes('<think>')
          ? 'text outside any tag'
          : `<${tags[0]}> not closed`,
      );
    const next: State | undefined = NEXT[state][s.kind];
    if (!next) return bad(`unexpected ${s.kind} ${PLACE[state]}`);
    state = next;
  }
  if (state !== 'end') return { valid: false, reason: `no answer (ended ${PLACE[state]})` };
  return { valid: true, reason: `follows ${WHEN_TO_SEARCH_FORMAT}` };
}

export interface WhenToSearchParams {
  /** β, the per-search weight in the answer reward. */
  beta: number;
  /** Training stage: 1 rewards searching when wrong, 2 charges searches when right. */
  stage: 1 | 2;
  formatReward: number;
  formatPenalty: number;
  correctReward: number;
  wrongReward: number;
  /** r_s for a single search whose query is not concise. */
  verboseQueryPenalty: number;
  /** Words that make a single query not concise. */
  wordLists: WordLists;
}

export const WHEN_TO_SEARCH_DEFAULTS: WhenToSearchParams = {
  beta: 0.3,
  stage: 1,
  formatReward: 1,
  formatPenalty: -1,
  correctReward: 1,
  wrongReward: -1,
  verboseQueryPenalty: -1,
  wordLists: DEFAULT_WORD_LISTS,
};

/** r_a (see the file header); rc is the retrieval count. */
export function whenToSearchAnswerReward(
  correct: boolean,
  rc: number,
  p: Pick<WhenToSearchParams, 'beta' | 'stage' | 'correctReward' | 'wrongReward'> = WHEN_TO_SEARCH_DEFAULTS,
): number {
  if (p.stage === 1) return correct ? p.correctReward : p.wrongReward + p.beta * rc;
  return correct ? p.correctReward - p.beta * rc : p.wrongReward;
}

export interface SearchRewardResult {
  /** null when RC > 1 and no embedder was given. */
  value: number | null;
  rc: number;
  /** Queries over all searches (N). */
  queries: number;
  /** Each search step's share; the shares sum to `value`. */
  steps: RewardStep[];
  detail: string;
}

/** r_s (see the file header). */
export async function whenToSearchSearchReward(
  t: Trajectory,
  embedder: Embedder | undefined,
  p: Pick<WhenToSearchParams, 'verboseQueryPenalty' | 'wordLists'> = WHEN_TO_SEARCH_DEFAULTS,
): Promise<SearchRewardResult> {
  const searches = t.steps.filter((s) => s.kind === 'search');
  const rc = searches.length;
  const qs = searches.flatMap((s) => stepQueries(s).map((query) => ({ stepId: s.id, query })));
  const n = qs.length;
  if (rc === 0) return { value: 0, rc, queries: n, steps: [], detail: 'no search' };
  if (rc === 1) {
    const step = searches[0];
    const offending = [...new Set(qs.flatMap((q) => checkConcise(q.query, p.wordLists).offending))];
    const value = offending.length === 0 ? 0 : p.verboseQueryPenalty;
    const detail =
      offending.length === 0
        ? 'one concise query'
        : `query not concise: ${offending.map((w) => `"${w}"`).join(', ')}`;
    return { value, rc, queries: n, steps: step ? [{ stepId: step.id, value, detail }] : [], detail };
  }
  if (!embedder) return { value: null, rc, queries: n, steps: [], detail: 'needs an embedder for RC > 1' };
  const vecs = await embedAll(
    embedder,
    qs.map((q) => q.query),
  );
  const denom = n * (n - 1);
  let sum = 0;
  const shares = new Map<string, number>();
  const add = (id: string, x: number) => shares.set(id, (shares.get(id) ?? 0) + x);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = vecs[i];
      const b = vecs[j];
      const qi = qs[i];
      const qj = qs[j];
      if (!a || !b || !qi || !qj) continue;
      const c = cosine(a, b);
      sum += c;
      // Each pair's term −c/(N(N−1)) is split evenly between the two queries' search steps.
      add(qi.stepId, -c / denom / 2);
      add(qj.stepId, -c / denom / 2);
    }
  }
  const value = -sum / denom;
  const steps = searches.map((s) => {
    const share = shares.get(s.id) ?? 0;
    return {
      stepId: s.id,
      value: share,
      detail: `share of −Σcos/(N(N−1)) with N = ${n}: ${round(share)} (its queries: ${stepQueries(s).join(' · ')})`,
    };
  });
  return { value, rc, queries: n, steps, detail: `Σ_{i<j} cos = ${round(sum)} over N = ${n} queries` };
}

const META: RewardMeta = {
  id: 'when-to-search/total',
  label: 'When-to-Search reward (r_a + r_s + r_f)',
  paper: WHEN_TO_SEARCH_PAPER,
};

export const whenToSearchReward: RewardDef<WhenToSearchParams> = {
  ...META,
  needs: ['gold', 'embedder'],
  defaults: WHEN_TO_SEARCH_DEFAULTS,
  compute: async (t, ctx, params) => {
    const p = { ...WHEN_TO_SEARCH_DEFAULTS, ...params };
    const judged = rewardCorrectness(t, ctx, true);
    const ok = `correct by ${judged.signal}`;
    const ra =
      p.stage === 1
        ? `stage 1: r_a = ${p.correctReward} if ${ok} else ${p.wrongReward} + β·RC`
        : `stage 2: r_a = ${p.correctReward} − β·RC if ${ok} else ${p.wrongReward}`;
    const formula =
      `R = r_a + r_s + r_f;  ${ra} (β = ${p.beta});  ` +
      `r_s = 0 if RC = 0; 0 if the one query is concise else ${p.verboseQueryPenalty} if RC = 1; ` +
      `−Σ_{i<j} cos(e_i, e_j) / (N(N−1)) over the N query embeddings if RC > 1;  ` +
      `r_f = ${p.formatReward} if ${WHEN_TO_SEARCH_FORMAT} else ${p.formatPenalty}`;
    const gold = goldAnswers(t);
    if (gold.length === 0) return unavailable(META, formula, NO_GOLD);
    const pred = finalAnswerText(t);
    const papers = judged.notPapers ? { notPapersJudge: judged.notPapers } : {};
    if (judged.correct === null)
      return {
        ...unavailable(META, formula, judged.missing, { answer: pred ?? null, correctness: judged.signal }),
        ...papers,
      };
    const correct = judged.correct;
    const seq = whenToSearchSequence(t.steps);
    const rf = seq.valid ? p.formatReward : p.formatPenalty;
    const search = await whenToSearchSearchReward(t, ctx.embedder, p);
    const rA = whenToSearchAnswerReward(correct, search.rc, p);
    const inputs = {
      answer: pred ?? null,
      gold: showGold(gold),
      correct,
      correctness: judged.signal,
      stage: p.stage,
      beta: p.beta,
      RC: search.rc,
      N: search.queries,
      r_a: rA,
      r_s: search.value,
      r_f: rf,
      format: seq.reason,
      formatInvalidAt: seq.stepId ?? null,
      searchDetail: search.detail,
    };
    if (search.value === null)
      return {
        ...unavailable(
          META,
          formula,
          `r_s needs an embedder: the trajectory searched ${search.rc} times`,
          inputs,
        ),
        ...papers,
      };
    return { ...META, formula, value: rA + search.value + rf, inputs, steps: search.steps, ...papers };
  },
};
