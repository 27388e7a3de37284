import { useState } from 'react';
import type { Doc } from '../../../core/schema/trajectory';
import { useCorpusUi } from '../../state/corpus-ui';
import { LongText } from '../LongText';

/** One retrieved document: rank, title, score, new vs duplicate, gold / answer-bearing marks. */
export function DocCard({ doc, compact }: { doc: Doc; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const openDoc = useCorpusUi((s) => s.openDoc);
  const cls = [
    'doc',
    doc.duplicate ? 'dup' : 'new',
    doc.gold ? 'gold' : '',
    doc.containsAnswer ? 'has-answer' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cls} data-testid="doc">
      <button type="button" className="doc-head" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="rank">#{doc.rank}</span>
        <span className="doc-title">{doc.title || <span className="muted">untitled</span>}</span>
        {doc.score !== undefined && <span className="score">{doc.score.toFixed(3)}</span>}
        <span className={`badge ${doc.duplicate ? 'b-dup' : 'b-new'}`}>{doc.duplicate ? 'dup' : 'new'}</span>
        {doc.gold && (
          <span className="badge b-gold" title="A gold supporting passage">
            gold
          </span>
        )}
        {doc.containsAnswer && (
          <span className="badge b-answer" title="Contains a gold answer">
            answer
          </span>
        )}
      </button>
      <button
        type="button"
        className="link doc-open"
        title="Open in the document view"
        onClick={() =>
          openDoc({
            id: doc.id,
            ...(doc.title !== undefined ? { title: doc.title } : {}),
            text: doc.text,
            rank: doc.rank,
            ...(doc.score !== undefined ? { score: doc.score } : {}),
            context: doc.query ? `retrieved for “${doc.query}”` : 'retrieved in this trajectory',
            badges: [
              doc.duplicate ? 'dup' : 'new',
              ...(doc.gold ? ['gold'] : []),
              ...(doc.containsAnswer ? ['answer'] : []),
            ],
          })
        }
      >
        open
      </button>
      {(open || !compact) && <LongText text={doc.text} limit={open ? 20000 : 280} className="doc-text" />}
    </div>
  );
}
