// What Hopscope implements of each paper, for the Papers page (issue 10). One entry per paper;
// each names its strategies by reference, so defaults shown are read from the strategy defs and
// never copied. Facts summarize the strategy files' header comments, which cite the sections.
import { apex } from './apex';
import { direct } from './direct';
import { exsearch } from './exsearch';
import { ircot } from './ircot';
import { qagent } from './qagent';
import { searchR1 } from './search-r1';
import { standardRag } from './standard-rag';
import type { AnyStrategyDef } from './types';
import { whenToSearch } from './when-to-search';

/** One place where a paper and its public code (or two paper versions) differ. */
export interface PaperDifference {
  topic: string;
  paper: string;
  code: string;
  /** Which one Hopscope's default follows. */
  follows: 'paper' | 'code';
  /** How to select the other: a parameter of `strategy`'s defaults, or null when not selectable. */
  select: { strategy: AnyStrategyDef; param: string; value: unknown } | null;
}

/** One place where Hopscope's strategy departs from the paper it implements, and why. */
export interface PaperDeparture {
  topic: string;
  /** What the paper does (cited by section). */
  paper: string;
  /** What Hopscope does instead. */
  hopscope: string;
  reason: string;
}

export interface PaperEntry {
  id: string;
  title: string;
  citation: string;
  /** The file in ../shared/papers, or null when cited from public code only. */
  file: string | null;
  strategies: readonly AnyStrategyDef[];
  /** Rewards, metrics and importers Hopscope implements from this paper. */
  implements: readonly string[];
  differences: readonly PaperDifference[];
  /** Every remaining departure of Hopscope's strategy from the paper, with its reason. */
  departures: readonly PaperDeparture[];
}

export const PAPERS: readonly PaperEntry[] = [
  {
    id: 'search-r1',
    title: 'Search-R1: Training LLMs to Reason and Leverage Search Engines with Reinforcement Learning',
    citation: 'Jin et al. 2025, arXiv:2503.09516; code github.com/PeterGriffinJin/Search-R1',
    file: null,
    strategies: [searchR1],
    implements: [
      'Strategy: the <think>/<search>/<information>/<answer> loop of search_r1/llm_agent/generation.py',
      'Rewards: the outcome reward r = EM (arXiv:2503.09516) and the format variant as qa_em_format.py writes it',
      'Importer: search-r1 (tagged transcripts, also R1-Searcher and When-to-Search logs)',
    ],
    differences: [
      {
        topic: 'Prompt and loop',
        paper: 'Not in ../shared/papers: Hopscope cites Search-R1 from its public code only',
        code: 'Prompt from scripts/data_process/nq_search.py; top-k 3, max turns 4',
        follows: 'code',
        select: null,
      },
    ],
    departures: [],
  },
  {
    id: 'qagent',
    title: 'QAgent: A modular Search Agent with Interactive Query Understanding',
    citation: 'Jiang et al. 2025, arXiv:2510.08383; code github.com/OpenStellarTeam/QAgent',
    file: 'qagent.txt',
    strategies: [qagent],
    implements: [
      'Strategy: Algorithm 1 (§3.4), prompt of Table 5 in our words; submodule mode (§3.3, Eq. 8–9)',
      'Rewards: stage-1 and stage-2 rewards (§3.3, Eq. 10: Hit over the whole trajectory)',
      'Metric: "non-strict EM" (§4.1), Hopscope’s acc',
      'Importer: qagent (<reflection> and <reflect>)',
    ],
    differences: [
      {
        topic: 'More than 3 queries in one <search>',
        paper: 'Algorithm 1 (lines 10–14) retrieves for every <query>, no cap, no retry',
        code: 'Table 5’s prompt asks for no more than 3 queries',
        follows: 'paper',
        select: { strategy: qagent, param: 'enforceQueryLimit', value: true },
      },
    ],
    departures: [],
  },
  {
    id: 'exsearch',
    title: 'Iterative Self-Incentivization Empowers Large Language Models as Agentic Searchers (ExSearch)',
    citation: 'Shi et al. 2025, arXiv:2505.20128; code github.com/mangopy/SearchLM',
    file: 'exsearch.txt',
    strategies: [exsearch],
    implements: [
      'Strategy: think → search → record (§2.1, §4); ranking as the ExSearch-Zoo option (appendix E.2)',
      'Reward: ExSearch log-weight (importance weight of the E-step)',
      'Ablations (§5.2, Table 3): thinking off (retrieve-then-generate) and recording off as strategy switches; w/o search is Direct; w/o w is a training ablation, not an inference switch',
      'Metrics: R@3/R@5 and P@3/P@5 of retrieved documents (Tables 3 and 7), in the table, aggregates, comparison and CLI',
      'Importer: exsearch (<QUERY>/<SEARCH>/<FACT>/<FINAL>)',
    ],
    differences: [
      {
        topic: 'Ranking the retrieved documents',
        paper: 'Main method: think → search → record over the top-5 documents (§4)',
        code: 'src/_inference.py ranks candidates first (ExSearch-Zoo, appendix E.2)',
        follows: 'paper',
        select: { strategy: exsearch, param: 'rank', value: true },
      },
      {
        topic: 'Documents per search',
        paper: '5 for the method and all agentic baselines (§4)',
        code: 'k 20',
        follows: 'paper',
        select: { strategy: exsearch, param: 'topK', value: 20 },
      },
      {
        topic: 'Decoding',
        paper: 'Greedy',
        code: 'Samples at temperature 0.8',
        follows: 'paper',
        select: { strategy: exsearch, param: 'temperature', value: 0.8 },
      },
    ],
    departures: [],
  },
  {
    id: 'when-to-search',
    title:
      'Learning When to Search: Multi-Stage Reward Design for Efficient Agentic RAG with Reasoning Language Models',
    citation: 'OpenReview XVtORJ0AXN (no public code found)',
    file: 'learning-when-to-search.txt',
    strategies: [whenToSearch],
    implements: [
      'Strategy: the trained model’s instruction (appendix B.4, six rules) on Search-R1’s rollout',
      'Rewards: multi-stage reward (β = 0.3) and the four categories',
      'Correctness: an LLM judge (appendix B.4 instructions in our words, or the pasted verbatim prompt) on the configured model, cached; the signal (EM, non-strict EM, the log’s judge, LLM judge) drives the multi-stage answer reward, the four categories and QAgent stage 1',
    ],
    differences: [],
    departures: [],
  },
  {
    id: 'apex',
    title: 'APEX-Searcher: Augmenting LLM’s Search Capability through Agentic Planning and Exploration',
    citation:
      'Chen et al. 2026, arXiv:2603.13853 (v1; v2 “Refining Credit Assignment with Subgoaling”); no public code found',
    file: 'apex-searcher-v1.txt',
    strategies: [apex],
    implements: [
      'Strategy: plan (§3.2.1), per-sub-question retrieval (§3.2.2, Algorithm 2), synthesis (§3.2.3)',
      'Reward: SEPR with Hungarian assignment against gold plans rewritten into questions (v1 §4.1.1)',
      'Ablation: planning off (“w/o Plan”, v1 §4.4 / v2 §3.4, Table 2) as a strategy switch',
      'Importer: apex (numbered plans with #n dependencies)',
    ],
    // No public code was found, so there is nothing to differ from.
    differences: [],
    departures: [],
  },
  {
    id: 'baselines',
    title: 'Baselines: Direct, Standard RAG, IRCoT',
    citation:
      'FlashRAG templates (github.com/RUC-NLPIR/FlashRAG); IRCoT: Trivedi et al. 2023, arXiv:2212.10509',
    file: null,
    strategies: [direct, standardRag, ircot],
    implements: ['Strategies: the reference baselines every paper above reports'],
    differences: [],
    departures: [],
  },
];

/** The paper with this id, or undefined. */
export function paperById(id: string): PaperEntry | undefined {
  return PAPERS.find((p) => p.id === id);
}
