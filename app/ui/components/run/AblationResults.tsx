import { useMemo } from 'react';
import { type AblationSpec, ablationResults, ablationTable } from '../../../core/batch/ablation-presets';
import type { Trajectory } from '../../../core/schema/trajectory';
import { fileSlug } from '../../data/export/figure-export';
import { CsvExport } from '../charts/ExportButtons';
import { SummaryCells, SummaryHeads } from './SummaryCells';

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
            <SummaryHeads />
          </tr>
        </thead>
        <tbody>
          {results.map(({ key, label, summary: s }) => (
            <tr key={key} title={key}>
              <th scope="row">{label}</th>
              <SummaryCells s={s} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
