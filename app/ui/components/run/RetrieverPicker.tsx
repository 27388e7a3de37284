import type { RetrieverConfig } from '../../../runtime/agent-ports';
import type { SearchMode } from '../../../runtime/search/search-service';
import { useCorpora, useDemoWorld } from '../../data/corpus/corpora';
import { useCorpusUi } from '../../state/corpus-ui';
import { useRunConfig } from '../../state/run-config';

/** The retriever a run's searches go to; defaults to the question set's corpus (else the demo world). */
export function useRetrieverChoice(linkedCorpusId: string | null): RetrieverConfig | null {
  const chosen = useRunConfig((s) => s.retriever);
  const demo = useDemoWorld();
  const corpora = useCorpora();
  if (chosen && (chosen.kind === 'remote' || corpora.data?.some((c) => c.id === chosen.corpusId)))
    return chosen;
  const id = linkedCorpusId ?? demo.data ?? corpora.data?.[0]?.id;
  return id ? { kind: 'local', corpusId: id, mode: 'bm25' } : null;
}

export function RetrieverPicker({ value }: { value: RetrieverConfig | null }) {
  const setRetriever = useRunConfig((s) => s.setRetriever);
  const corpora = useCorpora();
  const remote = useCorpusUi((s) => s.remote);
  const fusionMode = useCorpusUi((s) => s.fusion);
  const rrfK = useCorpusUi((s) => s.rrfK);
  const alpha = useCorpusUi((s) => s.alpha);
  const fusion =
    fusionMode === 'rrf' ? { mode: 'rrf' as const, k: rrfK } : { mode: 'weighted' as const, alpha };
  const sel = value?.kind === 'remote' ? 'remote' : (value?.corpusId ?? '');
  return (
    <div className="form-grid">
      <label>
        Search in
        <select
          value={sel}
          data-testid="run-corpus"
          onChange={(e) =>
            setRetriever(
              e.target.value === 'remote'
                ? {
                    kind: 'remote',
                    url: remote.url,
                    api: remote.api,
                    timeoutMs: remote.timeoutMs,
                    retries: remote.retries,
                    maxResponseMB: remote.maxResponseMB,
                  }
                : {
                    kind: 'local',
                    corpusId: e.target.value,
                    mode: value?.kind === 'local' ? value.mode : 'bm25',
                  },
            )
          }
        >
          {(corpora.data ?? []).map((c) => (
            // The passage count as the Corpus page's picker gives it: the name fits the side panel.
            <option key={c.id} value={c.id} title={`${c.passages.toLocaleString()} passages`}>
              {c.name} ({c.passages.toLocaleString()})
            </option>
          ))}
          <option value="remote">remote retriever: {remote.url}</option>
        </select>
      </label>
      {value?.kind === 'local' && (
        <label>
          Index
          <select
            value={value.mode}
            data-testid="run-index"
            onChange={(e) => setRetriever({ ...value, mode: e.target.value as SearchMode, fusion })}
          >
            <option value="bm25">BM25</option>
            <option value="dense">dense (needs its vectors, see Corpus)</option>
            <option value="hybrid">
              hybrid ({fusion.mode === 'rrf' ? `RRF k=${fusion.k}` : `weighted α=${fusion.alpha}`})
            </option>
          </select>
        </label>
      )}
    </div>
  );
}
