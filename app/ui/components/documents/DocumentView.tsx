import { useEffect, useMemo, useRef } from 'react';
import { highlightSegments } from '../../../core/search/highlight';
import { useCorpusUi } from '../../state/corpus-ui';
import { formatSize } from '../long-text-parts';

/** Text with the matched BM25 terms marked; rendered as text nodes only. */
export function Highlighted({ text, terms, limit }: { text: string; terms?: string[]; limit?: number }) {
  const shown = limit !== undefined && text.length > limit ? `${text.slice(0, limit)}…` : text;
  const segs = useMemo(() => highlightSegments(shown, terms ?? []), [shown, terms]);
  return (
    <>
      {segs.map((s, i) =>
        s.match ? (
          <mark key={i} className="term">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

/** Marks the history entry the open document view added (same URL, so no route changes). */
const DOC_STATE = 'hopscope.document';

/**
 * Browser Back closes the modal instead of leaving the page: opening it adds a history entry with
 * the same URL; Back pops that entry (and closes), and closing it another way takes the entry off.
 */
function useDismissOnBack(open: boolean, onBack: () => void): void {
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });
  useEffect(() => {
    if (!open) return;
    history.pushState({ [DOC_STATE]: true }, '', location.href);
    let popped = false;
    const onPop = () => {
      popped = true;
      onBackRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed by Esc, ×, or a click outside: drop our entry, unless something navigated since.
      const state = history.state as Record<string, unknown> | null;
      if (!popped && state?.[DOC_STATE] === true) history.back();
    };
  }, [open]);
}

/**
 * The one document view: a passage from a corpus search, or a document a trajectory retrieved.
 * Opened through the corpus UI store; Esc or a click outside closes it.
 */
export function DocumentView() {
  const doc = useCorpusUi((s) => s.doc);
  const close = useCorpusUi((s) => s.openDoc);
  useEffect(() => {
    if (!doc) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        e.preventDefault();
        close(null);
      }
    };
    // capture: the page's own Esc (back to the table) must not fire underneath
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [doc, close]);
  useDismissOnBack(doc !== null, () => close(null));
  if (!doc) return null;
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && close(null)}>
      <div className="dialog docview" role="dialog" aria-label="Document" data-testid="document-view">
        <div className="docview-head">
          <h2>{doc.title || <span className="muted">untitled</span>}</h2>
          <button type="button" className="icon" onClick={() => close(null)} aria-label="Close document">
            ×
          </button>
        </div>
        <div className="docview-meta">
          <span className="mono">id {doc.id}</span>
          {doc.corpusName && <span>corpus {doc.corpusName}</span>}
          {doc.context && <span>{doc.context}</span>}
          {doc.rank !== undefined && <span>rank #{doc.rank}</span>}
          {doc.score !== undefined && <span>score {doc.score.toFixed(4)}</span>}
          <span className="muted">{formatSize(doc.text.length)}</span>
          {doc.badges?.map((b) => (
            <span key={b} className={`badge b-${b}`}>
              {b}
            </span>
          ))}
        </div>
        {doc.matchedTerms && doc.matchedTerms.length > 0 && (
          <div className="docview-terms">
            matched terms:{' '}
            {doc.matchedTerms.map((t) => (
              <mark key={t} className="term">
                {t}
              </mark>
            ))}
          </div>
        )}
        <div className="docview-text">
          <Highlighted text={doc.text} terms={doc.matchedTerms ?? []} limit={200_000} />
        </div>
      </div>
    </div>
  );
}
