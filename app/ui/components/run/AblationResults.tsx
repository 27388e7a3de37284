import { useMemo } from 'react';
import { type AblationSpec, ablationResults, ablationTable } from '../../../core/batch/ablation-presets';
import type { Trajectory } from '../../../core/schema/trajectory';
import { fileSlug } from '../../data/figure-export';
import { CsvExport } from '../charts/ExportButtons';
import { pct } from './percent';

/** An ablation batch's comparison: per arm, accuracy and retrieval count, as the papers' tables. */
export function AblationResults({
  ablation,
  trajectories,
  name,
}: {
  ablation: AblationSpec;
  trajectories: readonly Trajectory[];
  name: string;
}) {
  const results = useMemo(() => ablationResults(ablation, trajectories), [ablation, trajectories]);
  if (trajectories.length === 0) return <p className="muted">No finished runs yet.</p>;
  return (
    <div data-testid="ablation-results">
      <h4>
        Arms <CsvExport name={`${fileSlug(name)}-arms`} table={() => ablationTable(results)} label="CSV" />
      </h4>
      <table className="grid-table" data-testid="ablation-table">
        <thead>
          <tr>
            <th>arm</th>
            <th>runs</th>
            <th>EM %</th>
            <th>F1 %</th>
            <th>acc %</th>
            <th>mean RC</th>
            <th>queries</th>
            <th>mean latency</th>
          </tr>
        </thead>
        <tbody>
          {results.map(({ key, label, summary: s }) => (
            <tr key={key} title={key}>
              <th scope="row">{label}</th>
              <td>{s.n}</td>
              <td>{pct(s.em)}</td>
              <td>{pct(s.f1)}</td>
              <td>{pct(s.acc)}</td>
              <td>{s.n ? s.meanRc.toFixed(2) : '–'}</td>
              <td>{s.n ? s.meanQueries.toFixed(2) : '–'}</td>
              <td>{s.meanMs === null ? '–' : `${(s.meanMs / 1000).toFixed(1)} s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
