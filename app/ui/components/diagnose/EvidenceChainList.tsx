// The evidence chain behind a sufficiency verdict (app/core/diagnose/evidence-chain.ts): each link
// with the passage that gives it, one click from its step, and the first missing link drawn as a
// dashed gap, with why the retriever could not have found it where the trace shows that. Passage
// text is rendered as text.
import type { EvidenceChain } from '../../../core/diagnose/evidence-chain';

export function EvidenceChainList({
  chain,
  onSelectStep,
}: {
  chain: EvidenceChain;
  onSelectStep: (id: string) => void;
}) {
  if (chain.links.length === 0 && chain.missing === null) return null;
  return (
    <div className="diag-chain" data-testid="evidence-chain">
      <h4>Evidence chain</h4>
      <ol>
        {chain.links.map((l, i) => (
          <li key={`${l.stepId}-${i}`} data-testid="chain-link">
            <button type="button" className="link" onClick={() => onSelectStep(l.stepId)}>
              search {l.search}
            </button>{' '}
            <b>{l.need}</b>
            <div className="small">{l.evidence}</div>
          </li>
        ))}
        {chain.missing !== null && (
          <li className="diag-chain-missing" data-testid="chain-missing">
            <b>missing:</b> {chain.missing}
          </li>
        )}
      </ol>
      {chain.missing !== null && chain.unretrievable && (
        <p className="small muted" data-testid="chain-unretrievable">
          Not under-search: a further search could not plausibly have found it ({chain.unretrievable}).
        </p>
      )}
    </div>
  );
}
