import type { Annotation } from '../../core/annotations/annotation';
import { plural } from '../../core/plural';
import { CorrectnessBar } from '../components/judge/CorrectnessBar';
import { DemoBanner } from '../components/table/DemoBanner';
import { useAllAnnotations } from '../data/queries';
import { useWorkerTable } from '../data/table-view';
import { DatasetTable } from './DatasetTable';

const NO_ANNOTATIONS: Annotation[] = [];

/** The dataset table over what IndexedDB holds (through the table worker). */
export function DatasetPage() {
  const annotations = useAllAnnotations();
  return (
    <DatasetTable
      useSource={useWorkerTable}
      annotations={annotations.data ?? NO_ANNOTATIONS}
      banner={(total, anyLive) => <DemoBanner total={total} anyLive={anyLive} />}
      underAggregates={(ids, total) => (
        <CorrectnessBar
          ts={{ ids }}
          what={
            ids.length === total
              ? `all ${plural(ids.length, 'answer')}`
              : `the ${plural(ids.length, 'filtered answer')}`
          }
        />
      )}
    />
  );
}
