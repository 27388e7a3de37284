import { useState } from 'react';
import { docStep } from '../../../core/fork/point';
import { hash53 } from '../../../core/hash';
import type { Doc, ForkChange, Step, Trajectory } from '../../../core/schema/trajectory';
import { type RetrieverConfig, useReplacementSearch } from '../../data/runs/forks';
import { useCorpusUi } from '../../state/corpus-ui';
import { LongText } from '../LongText';

const MODEL_TEXT = new Set<Step['kind']>(['think', 'reflect', 'plan', 'record', 'decision', 'sub_answer']);

/**
 * The edit a fork makes at a step: the query of a search, a document of its retrieval (drop, or
 * replace with a passage searched in the corpus, or typed), or the model's text. Calls `onChange`
 * with the change, or null while it is incomplete.
 */
export function ForkChangePicker({
  parent,
  step,
  retriever,
  onChange,
}: {
  parent: Trajectory;
  step: Step;
  retriever: RetrieverConfig | null;
  onChange: (c: ForkChange | null) => void;
}) {
  const retrieval = docStep(parent, step.index);
  const [query, setQuery] = useState(step.queries?.[0] ?? '');
  const [text, setText] = useState(step.text ?? '');
  const [replacing, setReplacing] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ docId: string; how: string } | null>(null);

  const choose = (c: ForkChange, how: string, docId = '') => {
    setPicked({ docId, how });
    onChange(c);
  };

  return (
    <div className="fork-change">
      {step.kind === 'search' && (
        <label className="fork-field">
          <span>Edit the query</span>
          <input
            value={query}
            data-testid="fork-query"
            onChange={(e) => {
              setQuery(e.target.value);
              const q = e.target.value.trim();
              setPicked(q ? { docId: '', how: 'query' } : null);
              onChange(q && q !== step.queries?.[0] ? { kind: 'edit_query', query: q } : null);
            }}
          />
        </label>
      )}
      {MODEL_TEXT.has(step.kind) && (
        <label className="fork-field">
          <span>Edit the model’s text (the model continues this turn after it)</span>
          <textarea
            rows={4}
            value={text}
            data-testid="fork-text"
            onChange={(e) => {
              setText(e.target.value);
              const t = e.target.value.trim();
              onChange(t && t !== step.text?.trim() ? { kind: 'edit_text', text: t } : null);
            }}
          />
        </label>
      )}
      {retrieval && (
        <div className="fork-docs">
          <span className="muted small">
            Documents of step {retrieval.index + 1} (hop {retrieval.hop ?? '–'}): drop or replace one
          </span>
          <ol>
            {(retrieval.docs ?? []).map((d) => (
              <li
                key={`${d.rank}:${d.id}`}
                data-testid="fork-doc"
                className={picked?.docId === d.id ? 'picked' : ''}
              >
                <div className="fork-doc-head">
                  <span className="rank">#{d.rank}</span>
                  <b>{d.title || 'untitled'}</b>
                  <span className="spacer" />
                  <button
                    type="button"
                    data-testid="fork-drop"
                    onClick={() =>
                      choose(
                        {
                          kind: 'drop_doc',
                          docId: d.id,
                          rank: d.rank,
                          ...(d.title ? { title: d.title } : {}),
                        },
                        'dropped',
                        d.id,
                      )
                    }
                  >
                    Drop
                  </button>
                  <button
                    type="button"
                    data-testid="fork-replace"
                    aria-expanded={replacing === d.id}
                    onClick={() => setReplacing(replacing === d.id ? null : d.id)}
                  >
                    Replace…
                  </button>
                </div>
                <LongText text={d.text} limit={160} className="small" />
                {picked?.docId === d.id && (
                  <div className="fork-picked small" data-testid="fork-picked">
                    {picked.how}
                  </div>
                )}
                {replacing === d.id && (
                  <ReplacementSearch
                    retriever={retriever}
                    initial={d.query ?? ''}
                    onPick={(doc) => {
                      setReplacing(null);
                      choose(
                        { kind: 'replace_doc', docId: d.id, doc: { ...doc, rank: d.rank } },
                        `replaced by “${doc.title || doc.text.slice(0, 40)}”`,
                        d.id,
                      );
                    }}
                  />
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** Search the run's retriever for a passage to put in; or type one. */
function ReplacementSearch({
  retriever,
  initial,
  onPick,
}: {
  retriever: RetrieverConfig | null;
  initial: string;
  onPick: (d: Doc) => void;
}) {
  const embed = useCorpusUi((s) => s.embed);
  const [draft, setDraft] = useState(initial);
  const [query, setQuery] = useState(initial);
  const [typed, setTyped] = useState({ title: '', text: '' });
  const hits = useReplacementSearch(retriever, embed, query);
  return (
    <div className="fork-replace" data-testid="fork-replace-panel">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft);
        }}
      >
        <input
          value={draft}
          autoFocus
          data-testid="fork-replace-query"
          aria-label="Search the index for a passage"
          placeholder={retriever ? 'Search the index…' : 'No retriever configured'}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" disabled={!retriever}>
          Search
        </button>
      </form>
      {hits.isFetching && <div className="muted small">Searching…</div>}
      {hits.error && <div className="error-text small">{String(hits.error)}</div>}
      <ul className="fork-hits">
        {(hits.data ?? []).map((h) => (
          <li key={h.id}>
            <button type="button" className="link" data-testid="fork-hit" onClick={() => onPick(h)}>
              {h.title || 'untitled'}
            </button>{' '}
            <LongText text={h.text} limit={120} className="small muted" />
          </li>
        ))}
      </ul>
      <details>
        <summary className="small">or type a passage</summary>
        <input
          placeholder="Title"
          aria-label="Title of the typed passage"
          value={typed.title}
          onChange={(e) => setTyped({ ...typed, title: e.target.value })}
        />
        <textarea
          rows={3}
          placeholder="Text"
          aria-label="Text of the typed passage"
          value={typed.text}
          onChange={(e) => setTyped({ ...typed, text: e.target.value })}
        />
        <button
          type="button"
          disabled={!typed.text.trim()}
          onClick={() =>
            onPick({
              id: `typed_${hash53(`${typed.title}\u0000${typed.text}`)}`,
              title: typed.title,
              text: typed.text,
              rank: 1,
            })
          }
        >
          Use this passage
        </button>
      </details>
    </div>
  );
}
