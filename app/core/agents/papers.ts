// What Hopscope implements of each paper, for the Papers page (issue 10). One entry per paper;
// each names its strategies by reference, so defaults shown are read from the strategy defs and
// never copied. Facts summarize the strategy files' header comments, which cite the sections.
import { apex } from './apex/apex';
import { direct } from './direct';
import { exsearch } from './exsearch/exsearch';
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
    strategies: [searchR1],
    implements: [
      'Strategy: the <think>/<search>/<information>/<answer> loop of search_r1/llm_agent/generation.py',
      'Rewards: the outcome reward r = EM (arXiv:2503.09516) and the format variant as qa_em_format.py writes it',
      'Importer: search-r1 (tagged transcripts, also R1-Searcher and When-to-Search logs)',
    ],
    differences: [
      {
        topic: 'Prompt and loop',
        paper:
          'Hopscope cites Search-R1 from its public code only; the paper’s own prompt is not compared here',
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
    strategies: [qagent],
    implements: [
      'Strategy: Algorithm 1 (§3.4), prompt of Table 5 in our words; submodule mode (§3.4, Eq. 8–9)',
      'Rewards: stage-1 (§3.3, Eq. 7) and stage-2 rewards (§3.4, Eq. 10: Hit over the whole trajectory)',
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
    departures: [
      {
        topic: 'Prompt wording',
        paper: 'The template of Table 5 (appendix F)',
        hopscope: 'Every instruction of the template, in its order, in Hopscope’s words',
        reason:
          'Hopscope words its built-in prompts itself; the Run page’s prompt editor takes the verbatim template where the exact text matters',
      },
      {
        topic: 'The frozen generator (submodule mode)',
        paper:
          'A frozen Qwen-2.5-3B/7B-Instruct answers from the passage set, Ã = G(q, K) (§3.4 Eq. 9, §4.1); its prompt is not printed',
        hopscope: `The run's generator if one is given, else the run's own model, with FlashRAG's standard RAG template, at most ${qagent.defaults.generatorMaxTokens} tokens`,
        reason:
          'The paper prints no generator prompt; FlashRAG’s is the usual retrieve-then-read template, and a browser run may have one model only',
      },
      {
        topic: 'After the last loop',
        paper: 'Algorithm 1 stops after B actions (lines 4–21)',
        hopscope: `${qagent.defaults.maxLoops} search loops, then one more turn with search disabled`,
        reason:
          'The loop is Search-R1’s, from which QAgent’s rollout code is derived: the agent gets a last turn to answer',
      },
      {
        topic: 'Decoding',
        paper:
          'Rollouts at temperature 1.0, top-p 1.0 in training (appendix C); evaluation decoding not stated',
        hopscope: `Greedy (temperature ${qagent.defaults.temperature})`,
        reason: 'Repeatable runs: the same question and corpus give the same trajectory',
      },
      {
        topic: 'Retriever and corpus',
        paper:
          'BM25 over the 2018 Wikipedia dump, top-1 passage per query for iterative methods (appendix C); E5 in §4.6',
        hopscope: `Top-${qagent.defaults.topK} per query from the retriever and corpus the user loads`,
        reason: 'Hopscope runs over the user’s own corpus and index',
      },
      {
        topic: 'Training',
        paper: 'Two GRPO stages: end-to-end (§3.3) then generalized with a frozen generator (§3.4)',
        hopscope: 'Computes both stages’ rewards on trajectories; trains nothing',
        reason: 'Hopscope runs and diagnoses agents; it has no training loop',
      },
    ],
  },
  {
    id: 'exsearch',
    title: 'Iterative Self-Incentivization Empowers Large Language Models as Agentic Searchers (ExSearch)',
    citation: 'Shi et al. 2025, arXiv:2505.20128; code github.com/mangopy/SearchLM',
    strategies: [exsearch],
    implements: [
      'Strategy: think → search → record (§2.1, §4); ranking as the ExSearch-Zoo option (appendix E.2)',
      'Reward: ExSearch log-weight (importance weight of the E-step)',
      'Ablations (§5.2, Table 3): thinking off (retrieve-then-generate), search off (iterative self-ask without retrieval) and recording off as strategy switches, all three arms in the ablation preset; w/o w is a training ablation, not an inference switch',
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
    ],
    departures: [
      {
        topic: 'Decoding',
        paper: 'Not stated (§4, appendix D.5); the public code samples at temperature 0.8',
        hopscope: `Greedy (temperature ${exsearch.defaults.temperature}); the temperature parameter takes the code’s 0.8`,
        reason: 'Repeatable runs: the same question and corpus give the same trajectory',
      },
      {
        topic: 'System prompt',
        paper:
          'Appendix F.1: decompose into sub-queries (thinking), retrieve documents for each (search), extract factual answers (recording)',
        hopscope:
          'The public code’s prompt (src/instruction.py) with its step (2) the main method’s search instead of “Select useful documents”',
        reason:
          'Selecting documents is ExSearch-Zoo’s rank action (appendix E.2), which has its own prompt; the main method has no selection step',
      },
      {
        topic: 'Action tags',
        paper:
          'The warm-up data (appendix D.4) and the case studies (appendix F.3) write a sub-query after <THINK> and its answer after <RECORD>, the documents after <SEARCH>',
        hopscope:
          'The prompt asks for the public code’s tags (src/instruction.py): <QUERY> for the sub-query, <FACT> for the recorded answer, <SEARCH> and <FINAL>; the live loop and the importer read <THINK> and <RECORD> as the same actions',
        reason:
          'The public code is what ExSearch’s models were trained and run with; the paper prints no prompt of its own',
      },
      {
        topic: 'Tokens per action',
        paper: 'Not stated (training cuts sequences at 8192 tokens, appendix D.5)',
        hopscope: `At most ${exsearch.defaults.maxTokens} tokens per model turn`,
        reason: 'Each turn is one short action (a sub-query or a fact, or the final answer)',
      },
      {
        topic: '“w/o thinking” (Table 3)',
        paper: 'Removing thinking “reduces our method to a standard retrieve-then-generate pipeline” (§5.2)',
        hopscope: 'The question is the one query; its top-k documents come back, then the final answer',
        reason: 'The paper gives no further detail; this is the pipeline it names',
      },
      {
        topic: '“w/o search” (Table 3)',
        paper:
          'Without search the method “becomes equivalent to an iterative self-ask process without external knowledge” (§5.2); no prompt is given',
        hopscope:
          'search off: each iteration writes a sub-query and nothing is retrieved; where the <SEARCH> documents would come, a user turn asks the model to answer the sub-query from its own knowledge (<FACT>), then write the next one or <FINAL>; the system prompt is the main one without its search step',
        reason: 'The paper names the self-ask loop only; everything else is the main method unchanged',
      },
      {
        topic: 'Gold answer in the weight w',
        paper: 'w(z) = p(y | x, z) for the question’s answer y (§2.2)',
        hopscope: 'y is the first gold alias; an option scores every alias (log Σ p)',
        reason: 'ExSearch’s data has one answer string per question, which its code teacher-forces',
      },
      {
        topic: 'Retriever and corpus',
        paper: 'ColBERTv2.0 over the December 2018 Wikipedia dump, top-5 (§4)',
        hopscope: `Top-${exsearch.defaults.topK} from the retriever and corpus the user loads`,
        reason: 'Hopscope runs over the user’s own corpus and index',
      },
      {
        topic: 'Training',
        paper:
          'Generalized EM: sample trajectories, weight them, fine-tune on them, five iterations (§2.2, §4)',
        hopscope: 'Computes the log-weight of a trajectory; trains nothing',
        reason: 'Hopscope runs and diagnoses agents; it has no training loop',
      },
    ],
  },
  {
    id: 'when-to-search',
    title:
      'Learning When to Search: Multi-Stage Reward Design for Efficient Agentic RAG with Reasoning Language Models',
    citation: 'OpenReview XVtORJ0AXN (no public code found)',
    strategies: [whenToSearch],
    implements: [
      'Strategy: the trained model’s instruction (appendix B.4, six rules) on Search-R1’s rollout',
      'Rewards: multi-stage reward (β = 0.3) and the four categories',
      'Correctness: an LLM judge (appendix B.4 instructions in our words, or the pasted verbatim prompt) on the configured model, cached; the signal (EM, non-strict EM, the log’s judge, LLM judge) drives the multi-stage answer reward, the four categories and QAgent stage 1',
    ],
    differences: [],
    departures: [
      {
        topic: 'Prompt wording',
        paper: 'The trained model’s instruction, six rules (appendix B.4)',
        hopscope: 'The six rules in the paper’s order, in Hopscope’s words',
        reason:
          'Hopscope words its built-in prompts itself; the Run page’s prompt editor takes the verbatim instruction where the exact text matters',
      },
      {
        topic: 'After the last turn',
        paper: 'max_turns 5 interaction turns (Table 5); what follows the last one is not stated',
        hopscope: `${whenToSearch.defaults.maxTurns} turns that may search, then one more turn with search disabled`,
        reason:
          'The loop is Search-R1’s, on which the paper builds: the agent gets a last turn to answer after its last search',
      },
      {
        topic: 'Tokens per turn and per response',
        paper:
          'max_action_length 8192 and max_response_length 16384 (Table 5); whether <information> counts toward the response is not stated',
        hopscope: `maxTokens = ${whenToSearch.defaults.maxTokens} a turn and maxResponseTokens = ${whenToSearch.defaults.maxResponseTokens} over the turns and <information> blocks; a turn gets less when the model’s context has less left (the in-browser model reads its context from config.json; a server’s is not known up front, so it is asked for the turn’s budget and, when it refuses naming its context length (vLLM, OpenAI), asked once more for what fits)`,
        reason:
          'The veRL tool-agent loop whose parameters Table 5 lists counts observations in the response; no turn may ask for more than the model can hold',
      },
      {
        topic: 'Prompt and observation lengths',
        paper: 'max_prompt_length 2048 and max_obs_length 4096 (Table 5)',
        hopscope: `Neither is cut: the question's prompt is short, and each <information> block holds top-${whenToSearch.defaults.topK} documents, counted in maxResponseTokens`,
        reason:
          'A cut prompt or block would hide text from the model without saying so; the response cap still bounds the run',
      },
      {
        topic: 'Correctness',
        paper: 'An LLM judge decides (LasJ, §4.1; instruction in appendix B.4)',
        hopscope:
          'The multi-stage reward uses the judge’s cached verdict when the user chose no signal and the judge has seen the answer; otherwise EM (or the chosen signal), and the reward says beside its value that it is not the paper’s judge, with one click to judge the answer with the in-browser model or a configured server. The four categories read the chosen signal and say the same, with one click to judge every answer and make the judge the signal. The judge prompt is B.4’s in Hopscope’s words unless the verbatim one is pasted',
        reason:
          'Judging is a model call the user starts; without a verdict the reward still shows, under a named signal',
      },
      {
        topic: 'Concise-query rule (r_s with one search)',
        paper:
          'Rules against question words, prepositions and irrelevant modifiers (§3.3); the word lists are not published',
        hopscope:
          'Hopscope’s word lists (question words, filler prepositions, modifiers), editable as reward parameters; a listed word in lower case between two capitalized words is part of a name (“Albert III, Count of Namur”, the trained model’s query in Table 9) and does not count',
        reason: 'The paper does not list its words',
      },
      {
        topic: 'Query embeddings (r_s with several searches)',
        paper: 'Qwen3-Embedding (§4.2)',
        hopscope: 'The embedding model loaded in Hopscope',
        reason: 'Hopscope computes rewards with the models the user has',
      },
      {
        topic: 'Retriever and corpus',
        paper: 'E5 (mean pooling) via FlashRAG over September 2025 Wikipedia, top-5 (§4.2)',
        hopscope: `Top-${whenToSearch.defaults.topK} from the retriever and corpus the user loads`,
        reason: 'Hopscope runs over the user’s own corpus and index',
      },
      {
        topic: 'Decoding',
        paper: 'Rollouts at temperature 1.0 in training (Table 5); evaluation decoding not stated',
        hopscope: `Greedy (temperature ${whenToSearch.defaults.temperature})`,
        reason: 'Repeatable runs: the same question and corpus give the same trajectory',
      },
      {
        topic: 'Training',
        paper: 'Two RL stages with the multi-stage reward (§3.3)',
        hopscope: 'Computes either stage’s reward on trajectories (the stage parameter); trains nothing',
        reason: 'Hopscope runs and diagnoses agents; it has no training loop',
      },
    ],
  },
  {
    id: 'apex',
    title: 'APEX-Searcher: Augmenting LLM’s Search Capability through Agentic Planning and Exploration',
    citation:
      'Chen et al. 2026, arXiv:2603.13853 (v1; v2 “Refining Credit Assignment with Subgoaling”); no public code found',
    strategies: [apex],
    implements: [
      'Strategy: plan (§3.2.1), per-sub-question retrieval (§3.2.2, Algorithm 2), synthesis (§3.2.3)',
      'Reward: SEPR with Hungarian assignment against gold plans rewritten into questions (v1 §4.1.1)',
      'Ablation: planning off (“w/o Plan”, v1 §4.4 / v2 §3.4, Table 2) as a strategy switch',
      'Importer: apex (numbered plans with #n dependencies, the paper’s “(1) … (2) …” form of v1 Fig. 6 and bulleted plans as in v2 Table 3, read by the live run’s own plan reader)',
    ],
    // No public code was found, so there is nothing to differ from.
    differences: [],
    departures: [
      {
        topic: 'Trained agents',
        paper:
          'The Planning Agent is trained with GRPO on the SEPR plan reward (v1 §3.3, v2 §2.2) and the Execution Agent by SFT on 14,604 multi-turn traces (v1 §3.4, v2 §2.3), from Qwen2.5-3B/7B-Instruct',
        hopscope: 'Runs the configured model as it is; SEPR is scored on trajectories, nothing is trained',
        reason: 'Hopscope runs and diagnoses agents; no trained weights or code of the paper were found',
      },
      {
        topic: 'One model for both agents',
        paper: 'Algorithm 1 takes a decomposition model M_d and a main model M_m',
        hopscope: 'One model writes the plan and executes it',
        reason:
          'A run has one model connection; the paper’s two agents are fine-tunes of the same base model',
      },
      {
        topic: 'Prompt wording',
        paper:
          'v2 appendix E describes each execution prompt and §3.3.2 shows the planning prompt as a figure; their text is not printed',
        hopscope:
          'Each prompt in our own words, carrying every instruction the paper describes; the verbatim text can be pasted in the prompt editor',
        reason: 'The text is not in the paper, and its sentences are not copied',
      },
      {
        topic: 'Plan step limit',
        paper:
          'The planning prompt keeps plans to “a manageable number of steps” (v1 §3.3.2, v2 §2.2.2) without a number',
        hopscope: `The plan prompt asks for at most planStepLimit = ${apex.defaults.planStepLimit} sub-questions`,
        reason:
          '4 is the most steps a MuSiQue question takes, and MuSiQue is what the planner was trained on (v2 §C.1)',
      },
      {
        topic: 'Plan steps read',
        paper: 'Every step of the plan is executed',
        hopscope: `At most maxPlanSteps = ${apex.defaults.maxPlanSteps} steps are read`,
        reason:
          'A guard against runaway output, above the prompt’s limit, so a plan that keeps to it is never cut',
      },
      {
        topic: 'Where the continuation decision sits',
        paper:
          'v1 Algorithm 2 asks before hop h when 1 < h < Hmax, so the last hop runs without one; v2 §2.4.2 moves the decision after each hop’s retrieval and de-duplication (query → retrieve → decide)',
        hopscope: 'v1’s placement: before hops 2 to Hmax − 1',
        reason:
          'Hopscope implements v1’s printed Algorithm 2 and its hop condition; v2’s placement is not a parameter yet',
      },
      {
        topic: 'Reading the decisions',
        paper:
          'The SFT-trained Execution Agent replies to the sufficiency and continuation prompts in its trained form (v1 §3.2.2: Answer or Retrieve; continue or stop)',
        hopscope:
          'Any model’s free-text reply is read with its negations (“no need to search”), a yes or no to the option it echoes (“Continue? No.” stops, “Retrieve? No — answer.” answers) and “halt” or “done” as stop; an unclear reply retrieves or continues, and its step says so. Imported logs’ decisions and a fork’s logged ones are read by the same reader (“Answer” answers)',
        reason:
          'Untrained models seldom reply with one word; Algorithm 2 answers only when the knowledge is judged sufficient and stops only on a stop decision',
      },
      {
        topic: 'Reading the plan',
        paper:
          'The RL-trained Planning Agent writes its plan in its trained form: “(1) … (2) … #1” (v1 Fig. 6), a bulleted list in v2 Table 3',
        hopscope:
          'Numbered steps in any common form (“1.”, “(1)”, “Step 1:”, “Sub-question 1:”, several “(n)” on one line), else bullets; a “(n)” inside a line starts a step only where it numbers the next one, so “Titanic (1997)” stays in its question. Live runs, imports and forks read plans alike',
        reason:
          'Untrained models number plans their own ways; a parenthesised year read as a step would add a sub-question the plan never had (and lower SEPR)',
      },
      {
        topic: 'Final answer length',
        paper:
          'The final synthesis answers the question “comprehensively” from the knowledge base (v1 §3.2.3)',
        hopscope: 'The final prompt asks for the answer in a few words',
        reason: 'The benchmarks are scored by exact match on short factoid answers (v2 §C.1)',
      },
      {
        topic: 'Confidence formula',
        paper:
          'A confidence from answer specificity, completeness of the information and absence of uncertainty markers (v1 §3.2.3), without a formula',
        hopscope:
          'The weighted mean of three scores on Hopscope’s own scales (confidenceWeights, equal by default)',
        reason: 'The paper names the factors but not how they are measured or combined',
      },
      {
        topic: 'Retrieval environment',
        paper:
          'Search-R1’s retrieval environment: corpus, retriever and documents per search (v1 §4.1.2, v2 §3.1)',
        hopscope: 'The retriever chosen for the run (the in-browser index, or a Search-R1 retrieval server)',
        reason:
          'The corpus is the user’s; pointing a run at a Search-R1 retrieval server reproduces the paper’s environment',
      },
      {
        topic: 'A sub-question without an answer',
        paper: 'Not covered (Algorithm 2 always returns a sub-answer)',
        hopscope:
          'An empty sub-answer marks its plan node failed and the run goes on to the next sub-question',
        reason:
          'A model can return nothing; the failure stays visible on the plan instead of being guessed over',
      },
    ],
  },
  {
    id: 'baselines',
    title: 'Baselines: Direct, Standard RAG, IRCoT',
    citation:
      'FlashRAG templates (github.com/RUC-NLPIR/FlashRAG); IRCoT: Trivedi et al. 2023, arXiv:2212.10509',
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
