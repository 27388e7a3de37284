// A step's documents, a page at a time: a retrieval with 50,000 documents must not put 50,000
// cards in the DOM (the view froze ~40 s). The first page shows at once; the rest on request.
import { useEffect, useState } from 'react';
import type { Doc } from '../../../core/schema/trajectory';
import { DocCard } from './DocCard';

export function DocList({
  docs,
  page,
  compact = false,
  stepId,
}: {
  docs: readonly Doc[];
  /** Documents per page. */
  page: number;
  compact?: boolean;
  /** The page count starts over when another step is shown. */
  stepId: string;
}) {
  const [shown, setShown] = useState(page);
  useEffect(() => setShown(page), [stepId, page]);
  const left = docs.length - shown;
  return (
    <div className="docs">
      {docs.slice(0, shown).map((d, i) => (
        // Ranks and ids may repeat in a hostile log; the position keeps keys unique.
        <DocCard key={`${i}:${d.rank}:${d.id}`} doc={d} compact={compact} />
      ))}
      {left > 0 && (
        <button
          type="button"
          className="link small"
          data-testid="more-docs"
          onClick={(e) => {
            e.stopPropagation();
            setShown((n) => n + page);
          }}
        >
          {left.toLocaleString()} more {left === 1 ? 'document' : 'documents'} · show {Math.min(page, left)}{' '}
          more
        </button>
      )}
    </div>
  );
}
