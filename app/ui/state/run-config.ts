// What the next run uses (zustand): question, strategy, parameter and prompt overrides, model and
// retriever. Persisted in localStorage — except the API key of a remote model server, which lives
// in memory, or in sessionStorage (this tab only) when the user asks; never in exports or logs.
import { create } from 'zustand';
import { scrubCredentials } from '../../core/url-credentials';
import { DEFAULT_LLM, type LlmConfig, type RetrieverConfig } from '../../runtime/agent-ports';

export interface QuestionChoice {
  /** A question set id, or '' for a typed question. */
  setId: string;
  qid: string;
  typed: string;
}

interface RunConfig {
  question: QuestionChoice;
  setQuestion(patch: Partial<QuestionChoice>): void;
  strategy: string;
  setStrategy(id: string): void;
  /** Per strategy: parameter overrides (missing keys keep the paper's default). */
  params: Record<string, Record<string, unknown>>;
  setParam(strategy: string, key: string, value: unknown): void;
  resetParams(strategy: string): void;
  /** Per strategy: prompt template overrides. */
  prompts: Record<string, Record<string, string>>;
  setPrompt(strategy: string, name: string, text: string | null): void;
  llm: LlmConfig;
  setLlm(cfg: LlmConfig): void;
  /** The last configuration of each backend kind, so switching back restores it. */
  llmByKind: Partial<Record<LlmConfig['kind'], LlmConfig>>;
  retriever: RetrieverConfig | null;
  setRetriever(cfg: RetrieverConfig | null): void;
  apiKey: string;
  rememberKey: boolean;
  setApiKey(key: string, remember: boolean): void;
}

const KEY = 'hopscope.run-config';
const SESSION_KEY = 'hopscope.api-key';

type Saved = Pick<
  RunConfig,
  'question' | 'strategy' | 'params' | 'prompts' | 'llm' | 'llmByKind' | 'retriever'
>;

function load(): Partial<Saved> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Saved>;
  } catch {
    return {};
  }
}

export const DEFAULT_BROWSER_LLM: LlmConfig = {
  kind: 'browser',
  source: { modelId: DEFAULT_LLM, offline: false, device: 'auto' },
};

export const useRunConfig = create<RunConfig>((set, get) => {
  const saved = load();
  const persist = (patch: Partial<RunConfig>) => {
    set(patch);
    const s = get();
    const out: Saved = {
      question: s.question,
      strategy: s.strategy,
      params: s.params,
      prompts: s.prompts,
      llm: s.llm,
      llmByKind: s.llmByKind,
      retriever: s.retriever,
    };
    // A key typed into a URL (`user:key@host`, `?api_key=`) is used this session, never saved.
    localStorage.setItem(KEY, JSON.stringify(scrubCredentials(out)));
  };
  const sessionKey = sessionStorage.getItem(SESSION_KEY);
  return {
    question: saved.question ?? { setId: '', qid: '', typed: '' },
    setQuestion: (patch) => persist({ question: { ...get().question, ...patch } }),
    strategy: saved.strategy ?? 'search-r1',
    setStrategy: (strategy) => persist({ strategy }),
    params: saved.params ?? {},
    setParam: (strategy, key, value) =>
      persist({ params: { ...get().params, [strategy]: { ...get().params[strategy], [key]: value } } }),
    resetParams: (strategy) => {
      const params = { ...get().params };
      delete params[strategy];
      persist({ params });
    },
    prompts: saved.prompts ?? {},
    setPrompt: (strategy, name, text) => {
      const mine = { ...get().prompts[strategy] };
      if (text === null) delete mine[name];
      else mine[name] = text;
      persist({ prompts: { ...get().prompts, [strategy]: mine } });
    },
    llm: saved.llm ?? DEFAULT_BROWSER_LLM,
    setLlm: (llm) => persist({ llm, llmByKind: { ...get().llmByKind, [llm.kind]: llm } }),
    llmByKind: saved.llmByKind ?? {},
    retriever: saved.retriever ?? null,
    setRetriever: (retriever) => persist({ retriever }),
    apiKey: sessionKey ?? '',
    rememberKey: sessionKey !== null,
    setApiKey: (apiKey, rememberKey) => {
      if (rememberKey && apiKey) sessionStorage.setItem(SESSION_KEY, apiKey);
      else sessionStorage.removeItem(SESSION_KEY);
      set({ apiKey, rememberKey });
    },
  };
});
