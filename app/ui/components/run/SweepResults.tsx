import { useMemo } from 'react';
import type { SweepSpec } from '../../../core/batch/sweep-grid';
import { sweepPoints, sweepSeries, sweepTable } from '../../../core/batch/sweep-series';
import type { Trajectory } from '../../../core/schema/trajectory';
import { fileSlug } from '../../data/export/figure-export';
import { CsvExport } from '../charts/ExportButtons';
import { LinePlot } from '../charts/LinePlot';
import { SummaryCells, SummaryHeads } from './SummaryCells';

/**
 * A sweep's results: per swept parameter, accuracy (EM and acc) and mean retrieval count against
 * the parameter's values, as the papers plot them; then the table of grid points.
 */
export function SweepResults({
  sweep,
  trajectories,
  name,
}: {
  sweep: SweepSpec;
  trajectories: readonly Trajectory[];
  name: string;
}) {
  const points = useMemo(() => sweepPoints(sweep, trajectories), [sweep, trajectories]);
  const slug = fileSlug(name);
  if (trajectories.length === 0) return <p className="muted">No finished runs yet.</p>;
  return (
    <div className="sweep-results" data-testid="sweep-results">
      <div className="chart-row">
        {sweep.params.map((p) => (
          <div key={p.name} className="chart-pair">
            <LinePlot
              title={`Accuracy vs ${p.name}`}
              xLabel={p.name}
              yLabel="accuracy %"
              series={sweepSeries(points, p.name, ['em', 'acc'])}
              xValues={p.values}
              percent
              exportName={`${slug}-accuracy-vs-${p.name}`}
              testId="sweep-accuracy-plot"
            />
            <LinePlot
              title={`Mean retrieval count vs ${p.name}`}
              xLabel={p.name}
              yLabel="mean retrieval count (RC)"
              series={sweepSeries(points, p.name, ['meanRc'])}
              xValues={p.values}
              exportName={`${slug}-rc-vs-${p.name}`}
              testId="sweep-rc-plot"
            />
          </div>
        ))}
      </div>
      <h4>
        Grid points <CsvExport name={`${slug}-grid`} table={() => sweepTable(sweep, points)} label="CSV" />
      </h4>
      <table className="grid-table" data-testid="sweep-table">
        <thead>
          <tr>
            {sweep.params.map((p) => (
              <th key={p.name}>{p.name}</th>
            ))}
            <SummaryHeads />
          </tr>
        </thead>
        <tbody>
          {points.map(({ variant, summary: s }) => (
            <tr key={variant.key}>
              {sweep.params.map((p) => (
                <td key={p.name}>{variant.params[p.name]}</td>
              ))}
              <SummaryCells s={s} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
