import type { Annotation } from '../../core/annotations/annotation';
import type { TrajectoryRow } from '../../core/dataset/row';
import { DemoBanner } from '../components/table/DemoBanner';
import { useAllAnnotations, useRows } from '../data/queries';
import { DatasetTable } from './DatasetTable';

const NO_ROWS: TrajectoryRow[] = [];
const NO_ANNOTATIONS: Annotation[] = [];

/** The dataset table over what IndexedDB holds. */
export function DatasetPage() {
  const rows = useRows();
  const annotations = useAllAnnotations();
  const all = rows.data ?? NO_ROWS;
  return (
    <DatasetTable
      all={all}
      annotations={annotations.data ?? NO_ANNOTATIONS}
      loading={rows.isLoading}
      banner={<DemoBanner rows={all} />}
    />
  );
}
