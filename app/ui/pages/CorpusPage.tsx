import { useMemo, useState } from 'react';
import type { Question } from '../../core/corpus/types';
import type { QuestionSetSummary } from '../../db/corpus-store';
import { Bm25Card, DenseCard, RemoteCard } from '../components/corpus/IndexPanel';
import { LoadDatasetDialog } from '../components/corpus/LoadDatasetDialog';
import { QuestionList } from '../components/corpus/QuestionList';
import { SearchPanel, type Submitted } from '../components/corpus/SearchPanel';
import { removeCorpus, useCorpora, useDemoWorld, useIndexes, useQuestionSets } from '../data/corpus/corpora';
import { useCorpusUi } from '../state/corpus-ui';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';

/** Load or pick a corpus, index it (BM25, dense), search it three ways, open documents. */
export function CorpusPage({ corpusId }: { corpusId: string | null }) {
  const demo = useDemoWorld();
  const corpora = useCorpora();
  const sets = useQuestionSets();
  const loadOpen = useCorpusUi((s) => s.loadOpen);
  const setLoadOpen = useCorpusUi((s) => s.setLoadOpen);
  const setToast = useUi((s) => s.setToast);

  const list = corpora.data ?? [];
  const id = corpusId ?? demo.data ?? list[0]?.id ?? null;
  const corpus = list.find((c) => c.id === id) ?? null;
  const linked = useMemo(() => (sets.data ?? []).filter((s) => s.corpusId === id), [sets.data, id]);

  if (demo.error && list.length === 0)
    return <div className="empty error-text">The demo world failed to load: {String(demo.error)}</div>;
  if (!corpus)
    return (
      <div className="empty">
        {corpora.isLoading || demo.isLoading ? (
          'Loading corpora…'
        ) : corpusId ? (
          <>
            No corpus <code>{corpusId}</code> is stored here.{' '}
            <button
              type="button"
              className="link"
              onClick={() => navigate({ page: 'corpus', corpusId: null })}
            >
              Open the demo world
            </button>
          </>
        ) : (
          'No corpus yet.'
        )}
      </div>
    );

  return (
    <div className="corpus-page">
      <div className="corpus-head">
        <label>
          Corpus{' '}
          <select
            value={corpus.id}
            onChange={(e) => navigate({ page: 'corpus', corpusId: e.target.value })}
            data-testid="corpus-select"
          >
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.passages.toLocaleString()})
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" data-testid="corpus-stats">
          {corpus.passages.toLocaleString()} passages · {corpus.format ?? 'unknown format'} · from{' '}
          {corpus.source}
          {linked.length > 0 && ` · ${linked.reduce((s, x) => s + x.questions, 0)} questions`}
        </span>
        <div className="spacer" />
        <button type="button" onClick={() => setLoadOpen(true)} data-testid="load-dataset">
          Load corpus or questions… <kbd>i</kbd>
        </button>
        {corpus.id !== demo.data && (
          <button
            type="button"
            onClick={async () => {
              if (!confirm(`Delete the corpus “${corpus.name}”, its indexes and linked question sets?`))
                return;
              await removeCorpus(corpus.id);
              setToast(`Deleted ${corpus.name}`);
              navigate({ page: 'corpus', corpusId: null });
            }}
          >
            Delete
          </button>
        )}
      </div>
      <CorpusWorkspace key={corpus.id} corpusId={corpus.id} corpusName={corpus.name} sets={linked} />
      {loadOpen && (
        <LoadDatasetDialog
          attachTo={corpus.id}
          attachName={corpus.name}
          onClose={() => setLoadOpen(false)}
          onLoaded={(next) => {
            setLoadOpen(false);
            if (next && next !== corpus.id) navigate({ page: 'corpus', corpusId: next });
          }}
        />
      )}
    </div>
  );
}

function CorpusWorkspace({
  corpusId,
  corpusName,
  sets,
}: {
  corpusId: string;
  corpusName: string;
  sets: QuestionSetSummary[];
}) {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const indexes = useIndexes(corpusId);
  // The index list refreshes when a build ends (services/indexing announces it).
  const cachedModels = useMemo(
    () => (indexes.data ?? []).filter((i) => i.kind === 'dense').map((i) => i.settings.split(';')[0] ?? ''),
    [indexes.data],
  );
  const partials = useMemo(
    () =>
      (indexes.data ?? [])
        .filter((i) => i.kind === 'dense-partial')
        .map((i) => ({
          modelId: i.settings.split(';')[0] ?? '',
          settings: i.settings,
          done: i.count,
          total: i.total ?? 0,
        })),
    [indexes.data],
  );
  const ask = (query: string, question?: Question) =>
    setSubmitted((s) => ({ query, ...(question ? { question } : {}), seq: (s?.seq ?? 0) + 1 }));

  return (
    <div className="corpus-body">
      <aside className="corpus-left">
        <Bm25Card corpusId={corpusId} />
        {indexes.isSuccess && (
          <DenseCard corpusId={corpusId} cachedModels={cachedModels} partials={partials} />
        )}
        <RemoteCard />
        <section className="card">
          <h3>Questions</h3>
          <QuestionList sets={sets} onAsk={ask} selectedId={submitted?.question?.id ?? null} />
        </section>
      </aside>
      <div className="corpus-main">
        <SearchPanel
          corpusId={corpusId}
          corpusName={corpusName}
          submitted={submitted}
          onSubmit={(q) => ask(q)}
        />
      </div>
    </div>
  );
}
