import { memo } from 'react';
import type { AlignedRow, Alignment, SideCell } from '../../../core/compare/types';
import { normalizeText } from '../../../core/metrics/normalize';
import { stepQueries } from '../../../core/metrics/trajectory-metrics';
import type { Step } from '../../../core/schema/trajectory';
import { DocCard } from '../documents/DocCard';
import { LongText } from '../LongText';
import { KIND_TEXT } from './format';

const queryKey = (c: SideCell | null) =>
  (c?.queries ?? [])
    .map((q) => normalizeText(q))
    .sort()
    .join('|');

function StepLine({ step, differs }: { step: Step; differs: boolean }) {
  if (step.kind === 'search')
    return (
      <div className="cmp-queries">
        {stepQueries(step).map((q, i) => (
          <span key={i} className={`cmp-query${differs ? ' differs' : ''}`} data-testid="compare-query">
            {q}
          </span>
        ))}
      </div>
    );
  if (step.kind === 'retrieve') return null;
  if (step.kind === 'decision')
    return (
      <div className="cmp-step">
        <span className="cmp-kind">decision</span> <b>{step.decision ?? '—'}</b>
        {step.text && <LongText text={step.text} limit={160} className="small" />}
      </div>
    );
  if (step.kind === 'answer' || step.kind === 'sub_answer')
    return (
      <div className="cmp-step">
        <span className="cmp-kind">{step.kind === 'answer' ? 'answer' : 'sub-answer'}</span>{' '}
        <b>{step.text ?? '—'}</b>
      </div>
    );
  const text = step.text ?? step.raw ?? '';
  return (
    <div className="cmp-step">
      <span className="cmp-kind">{step.kind}</span>
      {text && <LongText text={text} limit={160} className="small" />}
    </div>
  );
}

function Cell({
  cell,
  baseline,
  sufficient,
}: {
  cell: SideCell | null;
  baseline: SideCell | null;
  sufficient: boolean;
}) {
  if (!cell) return <div className="cmp-cell empty muted">no step here</div>;
  const differs = baseline !== cell && queryKey(cell) !== queryKey(baseline);
  const where = [
    cell.planNode !== null ? `node ${cell.planNode}` : '',
    cell.hop !== null ? `hop ${cell.hop}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="cmp-cell">
      {(where || sufficient) && (
        <div className="cmp-where muted small">
          {where}
          {sufficient && (
            <span
              className="badge b-answer"
              data-testid="sufficient-here"
              title="First search after which the documents in hand hold a gold answer"
            >
              sufficient here
            </span>
          )}
        </div>
      )}
      {cell.steps.map((s) => (
        <StepLine key={s.id} step={s} differs={differs} />
      ))}
    </div>
  );
}

/** An empty document slot; when this run retrieved the document in another row, a link there. */
function NoDoc({
  row,
  label,
  onJump,
}: {
  row: number | null;
  label: string | undefined;
  onJump: (row: number) => void;
}) {
  if (row === null || !label) return <div className="cmp-nodoc" aria-hidden="true" />;
  return (
    <div className="cmp-nodoc elsewhere">
      <button type="button" className="link small" onClick={() => onJump(row)} data-testid="doc-elsewhere">
        retrieved at {label}
      </button>
    </div>
  );
}

/** One aligned row: its label, each run's steps there, then its documents, one identity per line. */
export const AlignedRowView = memo(function AlignedRowView({
  row,
  index,
  alignment,
  current,
  focusedSide,
  onSelect,
  onJump,
}: {
  row: AlignedRow;
  index: number;
  alignment: Alignment;
  current: boolean;
  focusedSide: number;
  onSelect: (index: number, side: number) => void;
  onJump: (index: number) => void;
}) {
  const parts = alignment.divergence?.row === index ? alignment.divergence : null;
  const n = row.sides.length;
  return (
    <div
      className={`cmp-row${current ? ' current' : ''}${parts ? ' parts' : ''}`}
      data-testid="aligned-row"
      data-row={index}
      aria-current={current ? 'true' : undefined}
    >
      <div className="cmp-label">
        <b>{row.label}</b>
        {parts && (
          <div className="cmp-part" data-testid="divergence-mark">
            runs part: {KIND_TEXT[parts.kind]}
          </div>
        )}
      </div>
      {row.sides.map((cell, side) => (
        <div
          key={side}
          className={`cmp-col${current && side === focusedSide ? ' focused' : ''}`}
          onClick={() => onSelect(index, side)}
        >
          <Cell
            cell={cell}
            baseline={row.sides[0] ?? null}
            sufficient={(() => {
              const s = alignment.runs[side]?.sufficiency;
              return s?.status === 'at' && s.row === index;
            })()}
          />
        </div>
      ))}
      {row.docs.map((d) => (
        <div
          key={d.key}
          className={`cmp-docline${d.shared > 1 ? ' shared' : ''}`}
          data-testid="doc-line"
          data-shared={d.shared}
        >
          <div className="cmp-doclabel small">
            {d.shared === n ? `in all ${n} runs` : d.shared > 1 ? `in ${d.shared} runs` : ''}
          </div>
          {d.docs.map((doc, side) => (
            <div key={side} className="cmp-doc">
              {doc ? (
                <DocCard doc={doc} compact />
              ) : (
                <NoDoc
                  row={d.elsewhere[side] ?? null}
                  label={alignment.rows[d.elsewhere[side] ?? -1]?.label}
                  onJump={onJump}
                />
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
});
