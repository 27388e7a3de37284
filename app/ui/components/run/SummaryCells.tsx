// The columns a sweep point and an ablation arm are compared by, as the papers' tables give them:
// runs, EM, F1, acc, mean retrieval count, queries and latency. One header and one row of cells,
// so both tables read the same.
import type { Summary } from '../../../core/batch/aggregate';
import { pct } from './percent';

export function SummaryHeads() {
  return (
    <>
      <th>runs</th>
      <th>EM %</th>
      <th>F1 %</th>
      <th>acc %</th>
      <th>mean RC</th>
      <th>queries</th>
      <th>mean latency</th>
    </>
  );
}

export function SummaryCells({ s }: { s: Summary }) {
  return (
    <>
      <td>{s.n}</td>
      <td>{pct(s.em)}</td>
      <td>{pct(s.f1)}</td>
      <td>{pct(s.acc)}</td>
      <td>{s.n ? s.meanRc.toFixed(2) : '–'}</td>
      <td>{s.n ? s.meanQueries.toFixed(2) : '–'}</td>
      <td>{s.meanMs === null ? '–' : `${(s.meanMs / 1000).toFixed(1)} s`}</td>
    </>
  );
}
