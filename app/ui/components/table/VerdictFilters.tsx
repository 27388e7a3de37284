// The table's confidence filters: rows whose over/under-search verdicts are all sure or not
// (core/table/row-confidence.ts), and what the model judge said about the unsure ones
// (core/table/unsure-judge.ts). Each reads and writes the UI store's filters.
import type { Filters } from '../../../core/table/query';
import { useUi } from '../../state/ui-store';

const VERDICTS: Array<[Filters['verdicts'], string]> = [
  ['', 'Verdicts: any'],
  ['sure', 'Verdicts: all sure'],
  ['unsure', 'Verdicts: has unsure'],
];

const JUDGE: Array<[Filters['judgeUnsure'], string]> = [
  ['', 'Judge on unsure: any'],
  ['disagrees', 'Judge on unsure: disagrees'],
  ['agrees', 'Judge on unsure: agrees'],
  ['unjudged', 'Judge on unsure: not judged'],
];

export function VerdictFilters() {
  const filters = useUi((s) => s.filters);
  const setFilters = useUi((s) => s.setFilters);
  return (
    <>
      <select
        value={filters.verdicts}
        onChange={(e) => setFilters({ verdicts: e.target.value as Filters['verdicts'] })}
        aria-label="Verdict confidence"
        className={filters.verdicts ? 'active' : ''}
      >
        {VERDICTS.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <select
        value={filters.judgeUnsure}
        onChange={(e) => setFilters({ judgeUnsure: e.target.value as Filters['judgeUnsure'] })}
        aria-label="Judge on unsure verdicts"
        className={filters.judgeUnsure ? 'active' : ''}
      >
        {JUDGE.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}
