import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Question } from '../../../core/corpus/types';
import { containsAnyAnswer } from '../../../core/metrics/normalize';
import type { SearchHit } from '../../../core/search/types';
import { embedQuery, searchRemote, searchWorker } from '../../data/model-hosts';
import type { SearchMode, SearchResponse } from '../../../runtime/search/search-service';
import { isTyping } from '../../keyboard';
import { useCorpusUi } from '../../state/corpus-ui';
import { useIndexJobs } from '../../state/index-jobs';
import { Highlighted } from '../documents/DocumentView';
import { TestModelWarning } from '../model/TestModelWarning';

/** What was searched: typed text, or a question (or one of its gold sub-questions) with its gold. */
export interface Submitted {
  query: string;
  question?: Question;
  seq: number;
}

const COLUMNS: Array<{ mode: SearchMode | 'remote'; title: string }> = [
  { mode: 'bm25', title: 'BM25' },
  { mode: 'dense', title: 'Dense' },
  { mode: 'hybrid', title: 'Hybrid' },
  { mode: 'remote', title: 'Remote' },
];

export function SearchPanel({
  corpusId,
  corpusName,
  submitted,
  onSubmit,
}: {
  corpusId: string;
  corpusName: string;
  submitted: Submitted | null;
  onSubmit: (query: string) => void;
}) {
  const ui = useCorpusUi();
  const bm25 = useIndexJobs((s) => s.bm25[corpusId]);
  const dense = useIndexJobs((s) => s.dense[corpusId]);
  const [draft, setDraft] = useState(submitted?.query ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setDraft(submitted?.query ?? ''), [submitted]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !isTyping(e)) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const bm25Ready = bm25?.phase === 'ready';
  const denseSettings = dense?.phase === 'ready' ? dense.result?.settings : undefined;
  const fusion =
    ui.fusion === 'rrf'
      ? { mode: 'rrf' as const, k: ui.rrfK }
      : { mode: 'weighted' as const, alpha: ui.alpha };

  const local = useQuery({
    queryKey: [
      'search',
      corpusId,
      submitted?.query,
      submitted?.seq,
      ui.k,
      fusion,
      ui.int8,
      bm25Ready,
      denseSettings,
    ],
    enabled: submitted !== null && submitted.query.trim() !== '' && bm25Ready,
    queryFn: async (): Promise<SearchResponse> => {
      const query = submitted!.query;
      const modes: SearchMode[] = ['bm25'];
      let vector: Float32Array | undefined;
      if (denseSettings) {
        vector = await embedQuery(query, denseSettings, dense?.source);
        modes.push('dense', 'hybrid');
      }
      return searchWorker().search(corpusId, {
        query,
        k: ui.k,
        modes,
        fusion,
        int8: ui.int8,
        ...(vector && denseSettings ? { vector, dense: denseSettings } : {}),
      });
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const remote = useQuery({
    queryKey: ['remote-search', submitted?.query, submitted?.seq, ui.k, ui.remote],
    enabled: submitted !== null && submitted.query.trim() !== '' && ui.remote.enabled,
    queryFn: async () => {
      const t0 = performance.now();
      const hits = await searchRemote({ kind: 'remote', ...ui.remote }, submitted!.query, ui.k);
      return { hits, ms: performance.now() - t0 };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const columns = COLUMNS.filter((c) => c.mode !== 'remote' || ui.remote.enabled);
  const gold = submitted?.question;

  return (
    <div className="search-panel">
      <form
        className="search-bar"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(draft);
        }}
      >
        <input
          ref={input}
          type="search"
          value={draft}
          placeholder="Search the corpus (/), or pick a question below"
          onChange={(e) => setDraft(e.target.value)}
          data-testid="corpus-query"
          aria-label="Query"
        />
        <label>
          top-k{' '}
          <input
            type="number"
            min={1}
            max={100}
            value={ui.k}
            onChange={(e) => ui.setK(Math.max(1, Math.min(100, Number(e.target.value) || 10)))}
            className="num"
          />
        </label>
        <label>
          fusion{' '}
          <select
            value={ui.fusion}
            onChange={(e) => ui.setFusion({ fusion: e.target.value as 'rrf' | 'weighted' })}
          >
            <option value="rrf">RRF</option>
            <option value="weighted">weighted scores</option>
          </select>
        </label>
        {ui.fusion === 'rrf' ? (
          <label title="RRF constant: score = Σ 1 / (k + rank)">
            k{' '}
            <input
              type="number"
              min={1}
              value={ui.rrfK}
              onChange={(e) => ui.setFusion({ rrfK: Math.max(1, Number(e.target.value) || 60) })}
              className="num"
            />
          </label>
        ) : (
          <label title="Weight of the dense score: (1 − α)·BM25 + α·dense, each min-max normalized">
            α{' '}
            <input
              type="number"
              min={0}
              max={1}
              step={0.1}
              value={ui.alpha}
              onChange={(e) => ui.setFusion({ alpha: Math.max(0, Math.min(1, Number(e.target.value))) })}
              className="num"
            />
          </label>
        )}
        <label
          className="check"
          title="Search int8-quantized vectors (4× smaller; recall@10 ≈ 0.99 of float32)"
        >
          <input type="checkbox" checked={ui.int8} onChange={(e) => ui.setInt8(e.target.checked)} /> int8
        </label>
        <button type="submit" className="primary" disabled={!bm25Ready}>
          Search
        </button>
      </form>
      {gold && <GoldLine question={gold} />}
      {local.error && <p className="error-text">{String((local.error as Error).message ?? local.error)}</p>}
      <div
        className="result-columns"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {columns.map((c) => {
          let result: { hits: SearchHit[]; ms: number } | undefined;
          let placeholder = '';
          let error: string | null = null;
          if (c.mode === 'remote') {
            result = remote.data;
            if (remote.isFetching) placeholder = 'Searching the remote retriever…';
            if (remote.error) error = String((remote.error as Error).message ?? remote.error);
          } else {
            result = local.data?.[c.mode];
            if (!bm25Ready) placeholder = 'Building the BM25 index…';
            else if (c.mode !== 'bm25' && !denseSettings)
              placeholder = 'Build the dense index to search by meaning.';
            else if (local.isFetching) placeholder = 'Searching…';
          }
          return (
            <ResultColumn
              key={c.mode}
              title={c.title}
              mode={c.mode}
              result={submitted ? result : undefined}
              placeholder={submitted ? placeholder : placeholder || 'Type a query and press Enter.'}
              error={error}
              gold={gold}
              corpusName={corpusName}
              embedModel={c.mode === 'dense' || c.mode === 'hybrid' ? denseSettings?.modelId : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}

function GoldLine({ question }: { question: Question }) {
  return (
    <div className="gold-line" data-testid="gold-line">
      <span className="muted">gold:</span> <strong>{question.answers[0] ?? '—'}</strong>
      {question.answers.length > 1 && (
        <span className="muted"> (also {question.answers.slice(1).join(', ')})</span>
      )}
      {question.supports && (
        <span className="muted">
          {' '}
          · supporting passages <span className="badge b-gold">gold</span> {question.supports.length}
        </span>
      )}
    </div>
  );
}

function ResultColumn({
  title,
  mode,
  result,
  placeholder,
  error,
  gold,
  corpusName,
  embedModel,
}: {
  title: string;
  mode: SearchMode | 'remote';
  result: { hits: SearchHit[]; ms: number } | undefined;
  placeholder: string;
  error: string | null;
  gold: Question | undefined;
  corpusName: string;
  /** The embedding model behind this column's scores (dense, hybrid). */
  embedModel?: string | undefined;
}) {
  const openDoc = useCorpusUi((s) => s.openDoc);
  const supports = new Set(gold?.supports ?? []);
  const answers = gold?.answers ?? [];
  const hits = result?.hits ?? [];
  const goldFound = hits.filter((h) => supports.has(h.id)).length;
  return (
    <section className="result-col" data-testid={`results-${mode}`}>
      <header>
        <h3>{title}</h3>
        {result && (
          <span className="small muted">
            {hits.length} · {result.ms < 1 ? result.ms.toFixed(2) : result.ms.toFixed(0)} ms
            {supports.size > 0 && mode !== 'remote' && (
              <>
                {' '}
                · gold {goldFound}/{supports.size}
              </>
            )}
          </span>
        )}
      </header>
      <TestModelWarning modelId={embedModel} />
      {error && (
        <p className="error-text small" data-testid={`error-${mode}`}>
          {error}
        </p>
      )}
      {!result && !error && <p className="muted small">{placeholder}</p>}
      {result && hits.length === 0 && <p className="muted small">No passage matches.</p>}
      <ol className="hits">
        {hits.map((h) => {
          const isGold = mode !== 'remote' && supports.has(h.id);
          const hasAnswer = answers.length > 0 && containsAnyAnswer(`${h.title} ${h.text}`, answers);
          const badges = [...(isGold ? ['gold'] : []), ...(hasAnswer ? ['answer'] : [])];
          return (
            <li key={`${h.id}-${h.rank}`} className={`hit ${isGold ? 'gold' : ''}`} data-testid="hit">
              <button
                type="button"
                className="hit-head"
                onClick={() =>
                  openDoc({
                    id: h.id,
                    title: h.title,
                    text: h.text,
                    rank: h.rank,
                    score: h.score,
                    context: `${title} result`,
                    corpusName: mode === 'remote' ? 'remote retriever' : corpusName,
                    badges,
                    ...(h.matchedTerms ? { matchedTerms: h.matchedTerms } : {}),
                  })
                }
              >
                <span className="rank">#{h.rank}</span>
                <span className="hit-title">{h.title || <span className="muted">untitled</span>}</span>
                <span className="score" title="score">
                  {Math.abs(h.score) < 1 ? h.score.toFixed(4) : h.score.toFixed(2)}
                </span>
              </button>
              <div className="hit-meta">
                {badges.map((b) => (
                  <span key={b} className={`badge b-${b}`}>
                    {b}
                  </span>
                ))}
                {h.components && (
                  <span className="small muted" data-testid="components">
                    BM25 {h.components.bm25 ? `#${h.components.bm25.rank}` : '—'} · dense{' '}
                    {h.components.dense ? `#${h.components.dense.rank}` : '—'}
                  </span>
                )}
                {h.matchedTerms && h.matchedTerms.length > 0 && (
                  <span className="terms small">
                    {h.matchedTerms.map((t) => (
                      <mark key={t} className="term">
                        {t}
                      </mark>
                    ))}
                  </span>
                )}
              </div>
              <p className="hit-text">
                <Highlighted text={h.text} terms={h.matchedTerms ?? []} limit={240} />
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
