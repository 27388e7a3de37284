import type { ReactNode } from 'react';
import { indexedSearches } from '../../../core/table/indexed-row';
import type { TrajectoryRow } from '../../../core/table/row';
import { useIndexedRow } from '../../data/trajectories/indexed-row';

const fmt = (v: number | null): string => (v === null ? '—' : v.toFixed(2));

/**
 * A trajectory with no body stored: when its row came from a Parquet index, says so plainly and
 * where its steps are (the source file and line); otherwise `notStored` (nothing with that id).
 */
export function IndexedTrajectory({ id, notStored }: { id: string; notStored: ReactNode }) {
  const q = useIndexedRow(id);
  if (q.isLoading) return <div className="empty">Loading trajectory…</div>;
  const row = q.data;
  if (!row?.indexed) return <>{notStored}</>;
  return <IndexedRowView row={row} />;
}

/** The page of an indexed row: what the index holds of it, and its searches when they were read. */
export function IndexedRowView({ row }: { row: TrajectoryRow }) {
  const searches = indexedSearches(row);
  const source = row.file ? `${row.file}, line ${row.line}` : 'its source log';
  return (
    <div className="trajectory indexed" data-testid="indexed-trajectory">
      <h2>{row.question}</h2>
      <p className="notice" data-testid="indexed-notice">
        This trajectory came from a Parquet index (<code>{row.indexed?.parquet}</code>): its row is here, its
        steps are not in that file. To read the steps, import <code>{source}</code>
        {row.format ? ` (format ${row.format})` : ''}.
      </p>
      <dl className="indexed-fields">
        <dt>Answer</dt>
        <dd>{row.answer || '—'}</dd>
        <dt>Gold</dt>
        <dd>{row.gold || '—'}</dd>
        <dt>EM / F1</dt>
        <dd>
          {fmt(row.em)} / {fmt(row.f1)}
        </dd>
        {row.trainStep !== null && (
          <>
            <dt>Run, step, score</dt>
            <dd>
              {row.run || '(unnamed)'}, step {row.trainStep}, score {fmt(row.score)}
            </dd>
          </>
        )}
        <dt>Searches</dt>
        <dd>
          {row.rc} ({row.eff.redundant} marked redundant by the over-search detector)
        </dd>
        <dt>Flags</dt>
        <dd>{row.flags.length > 0 ? row.flags.join(', ') : 'none'}</dd>
      </dl>
      {searches === null ? (
        <p className="muted">
          The index&apos;s searches file was not opened with it, so its searches are not listed.
        </p>
      ) : (
        searches.length > 0 && (
          <table className="indexed-searches" data-testid="indexed-searches">
            <thead>
              <tr>
                <th>#</th>
                <th>step</th>
                <th>query</th>
                <th>docs</th>
                <th>new</th>
                <th>redundant</th>
              </tr>
            </thead>
            <tbody>
              {searches.map((s) => (
                <tr key={s.k}>
                  <td>{s.k}</td>
                  <td>{s.step}</td>
                  <td>{s.query}</td>
                  <td>{s.docs}</td>
                  <td>{s.newDocs}</td>
                  <td>{s.redundant ? (s.rule ?? 'yes') : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
    </div>
  );
}
