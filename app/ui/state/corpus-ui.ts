// UI state of the Corpus page (zustand). Model and retriever settings persist in localStorage —
// they hold no secrets (remote retrievers here take no key; one typed into the URL is stripped).
// Data lives in IndexedDB.
import { scrubCredentials } from '../../core/url-credentials';
import { create } from 'zustand';
import type { RemoteApi } from '../../core/search/remote';
import type { ModelSource } from '../../runtime/model-source';

export const DEFAULT_EMBED_MODEL = 'Xenova/all-MiniLM-L6-v2';
/** What one server answer may hold by default: far above any real agent's turn or top-k. */
export const DEFAULT_RESPONSE_CAP_MB = 16;

export interface RemoteSettings {
  enabled: boolean;
  url: string;
  api: RemoteApi;
  timeoutMs: number;
  retries: number;
  /** Largest answer read, in MB (past it the search fails, saying so). */
  maxResponseMB: number;
}

export type FusionMode = 'rrf' | 'weighted';

/** A document opened in the document view: from a corpus search or from a trajectory. */
export interface OpenDoc {
  id: string;
  title?: string;
  text: string;
  /** Where it was seen, e.g. "BM25 #2 · score 7.31" or "step 4 · hop 2". */
  context?: string;
  score?: number;
  rank?: number;
  matchedTerms?: string[];
  corpusName?: string;
  badges?: string[];
}

interface CorpusUi {
  embed: ModelSource;
  setEmbed(patch: Partial<ModelSource>): void;
  remote: RemoteSettings;
  setRemote(patch: Partial<RemoteSettings>): void;
  k: number;
  setK(k: number): void;
  fusion: FusionMode;
  alpha: number;
  rrfK: number;
  setFusion(patch: Partial<{ fusion: FusionMode; alpha: number; rrfK: number }>): void;
  int8: boolean;
  setInt8(v: boolean): void;
  doc: OpenDoc | null;
  openDoc(d: OpenDoc | null): void;
  /** The load-corpus dialog (the `i` key opens it on the Corpus page). */
  loadOpen: boolean;
  setLoadOpen(open: boolean): void;
}

const KEY = 'hopscope.corpus-settings';

interface Saved {
  embed?: Partial<ModelSource>;
  remote?: Partial<RemoteSettings>;
  k?: number;
  fusion?: FusionMode;
  alpha?: number;
  rrfK?: number;
  int8?: boolean;
}

function load(): Saved {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Saved;
  } catch {
    return {};
  }
}

function save(s: CorpusUi): void {
  const out: Saved = {
    embed: s.embed,
    remote: s.remote,
    k: s.k,
    fusion: s.fusion,
    alpha: s.alpha,
    rrfK: s.rrfK,
    int8: s.int8,
  };
  // A key typed into the retriever URL is used this session, never saved.
  localStorage.setItem(KEY, JSON.stringify(scrubCredentials(out)));
}

const saved = load();

export const useCorpusUi = create<CorpusUi>((set, get) => {
  const persist = (patch: Partial<CorpusUi>) => {
    set(patch);
    save(get());
  };
  return {
    embed: { modelId: DEFAULT_EMBED_MODEL, offline: false, device: 'auto', ...saved.embed },
    setEmbed: (patch) => persist({ embed: { ...get().embed, ...patch } }),
    remote: {
      enabled: false,
      url: 'http://127.0.0.1:8000/retrieve',
      api: 'search-r1',
      timeoutMs: 15_000,
      retries: 2,
      maxResponseMB: DEFAULT_RESPONSE_CAP_MB,
      ...saved.remote,
    },
    setRemote: (patch) => persist({ remote: { ...get().remote, ...patch } }),
    k: saved.k ?? 10,
    setK: (k) => persist({ k }),
    fusion: saved.fusion ?? 'rrf',
    alpha: saved.alpha ?? 0.5,
    rrfK: saved.rrfK ?? 60,
    setFusion: (patch) => persist(patch),
    int8: saved.int8 ?? false,
    setInt8: (int8) => persist({ int8 }),
    doc: null,
    openDoc: (doc) => set({ doc }),
    loadOpen: false,
    setLoadOpen: (loadOpen) => set({ loadOpen }),
  };
});
