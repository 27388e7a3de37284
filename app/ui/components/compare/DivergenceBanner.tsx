import type { AlignedRow, Divergence } from '../../../core/compare/types';
import { KIND_TEXT } from './format';

/** "Runs part at hop 2: different documents", with the runs' own text; a click (or d) jumps there. */
export function DivergenceBanner({
  divergence,
  row,
  onJump,
}: {
  divergence: Divergence | null;
  row: AlignedRow | undefined;
  onJump: (row: number) => void;
}) {
  if (!divergence || !row)
    return (
      <div className="cmp-banner same" data-testid="divergence-banner">
        <b>No divergence:</b> the runs take the same queries, documents, decisions and answer.
      </div>
    );
  return (
    <button
      type="button"
      className="cmp-banner"
      data-testid="divergence-banner"
      onClick={() => onJump(divergence.row)}
      title="Jump to the first divergence (d)"
    >
      <b>
        Runs part at {row.label}: {KIND_TEXT[divergence.kind]}
      </b>
      <span className="cmp-banner-detail">{divergence.detail}</span>
      <kbd>d</kbd>
    </button>
  );
}
