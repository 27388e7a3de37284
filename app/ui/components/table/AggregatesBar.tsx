import { AGGREGATE_METRICS, type Aggregate, type AggregateMetric } from '../../../core/table/aggregate';
import { EFFICIENCY_METRICS, EFFICIENCY_TITLES } from '../../../core/diagnose/efficiency';
import { plural } from '../../../core/plural';
import { type ColumnLayout, orderedColumns } from '../../../core/table/columns';
import { fileLabel } from './file-label';

const TITLES: Record<AggregateMetric, string> = {
  em: 'EM',
  f1: 'F1',
  acc: 'Acc',
  judge: 'Judge',
  rc: 'RC',
  recall: 'Recall',
  r3: 'R@3',
  r5: 'R@5',
  p3: 'P@3',
  p5: 'P@5',
};

/**
 * Counts and means for the rows the filter shows, and for each file among them. A mean is over
 * the rows that have the value (n beside it), never over rows that lack it.
 */
// The groups are computed with the view, off the main thread (aggregateByFile in the table worker).
// The bar follows the table's columns: a mean shows when its column does, in the column's order,
// and the search-efficiency rates when the Flags column (the detectors they come from) does.
export function AggregatesBar({
  groups,
  total,
  layout,
}: {
  groups: readonly Aggregate[];
  total: number;
  layout: ColumnLayout;
}) {
  const shown = groups[0]?.count ?? 0;
  const metrics = orderedColumns(layout).filter((k): k is AggregateMetric =>
    (AGGREGATE_METRICS as readonly string[]).includes(k),
  );
  const efficiency = layout.visible.includes('flags') ? EFFICIENCY_METRICS : [];
  return (
    <div className="aggregates" data-testid="aggregates">
      <table aria-label="Aggregates: counts and means">
        <thead>
          <tr>
            <th />
            <th title="Trajectories in the group">n</th>
            {metrics.map((k) => (
              <th
                key={k}
                title={`Mean ${TITLES[k]} over the rows that have one (how many: the small number)`}
              >
                {TITLES[k]}
              </th>
            ))}
            {efficiency.map((k) => (
              <th
                key={k}
                className={k === 'redundantRate' ? 'agg-sep' : undefined}
                title={`Search efficiency: ${EFFICIENCY_TITLES[k].help}`}
              >
                {EFFICIENCY_TITLES[k].title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g, i) => (
            <tr
              key={i === 0 ? '(all)' : `f:${g.file}`}
              className={i === 0 ? 'agg-all' : ''}
              data-testid="agg-row"
              data-file={g.file}
            >
              <th scope="row" title={g.file}>
                {i === 0
                  ? shown === total
                    ? `All ${plural(total, 'trajectory')}`
                    : `Filtered: ${shown} of ${total}`
                  : fileLabel(g.file) || '(no file)'}
              </th>
              <td>{g.count}</td>
              {metrics.map((k) => {
                const m = g.means[k];
                return (
                  <td
                    key={k}
                    data-metric={k}
                    title={m.n ? `mean over ${plural(m.n, 'trajectory')}` : 'no values'}
                  >
                    {m.mean === null ? '–' : m.mean.toFixed(k === 'rc' ? 2 : 3)}
                    <span className="agg-n"> n={m.n}</span>
                  </td>
                );
              })}
              {efficiency.map((k) => {
                const m = g.efficiency[k];
                const over =
                  k === 'dupDocRate'
                    ? 'passage'
                    : k === 'redundantRate' || k === 'productivity'
                      ? 'search'
                      : 'trajectory';
                return (
                  <td
                    key={k}
                    className={k === 'redundantRate' ? 'agg-sep' : undefined}
                    data-metric={k}
                    title={m.n ? `${EFFICIENCY_TITLES[k].help}; over ${plural(m.n, over)}` : 'no values'}
                  >
                    {m.value === null ? '–' : m.value.toFixed(k === 'afterSufficiency' ? 2 : 3)}
                    <span className="agg-n"> n={m.n}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
