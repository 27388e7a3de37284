import type { Annotation } from '../../core/annotations/annotation';
import { plural } from '../../core/plural';
import { CollectionChooser } from '../components/collections/CollectionChooser';
import { CorrectnessBar } from '../components/judge/CorrectnessBar';
import { DemoBanner } from '../components/table/DemoBanner';
import { SavedViews } from '../components/table/SavedViews';
import { ProbeBatchBar } from '../components/table/ProbeBatchBar';
import { SearchJudgeBatchBar } from '../components/table/SearchJudgeBatchBar';
import { TrainingStepFilter } from '../components/training/TrainingStepFilter';
import { useAllAnnotations } from '../data/queries';
import { useWorkerTable } from '../data/trajectories/table-view';
import { useTableUrl } from '../state/table-url';
import { TrajectoryTable } from './TrajectoryTable';

const NO_ANNOTATIONS: Annotation[] = [];

/** The trajectory table over what IndexedDB holds (through the table worker). */
export function TrajectoriesPage() {
  const annotations = useAllAnnotations();
  // Columns, filters and sort live in the link: a reload keeps them, a copied link reproduces them.
  useTableUrl();
  return (
    <TrajectoryTable
      useSource={useWorkerTable}
      views={
        <>
          <CollectionChooser />
          <SavedViews />
        </>
      }
      annotations={annotations.data ?? NO_ANNOTATIONS}
      banner={(total, anyLive) => (
        <>
          <TrainingStepFilter />
          <DemoBanner total={total} anyLive={anyLive} />
        </>
      )}
      underAggregates={(ids, total) => (
        <>
          <CorrectnessBar
            ts={{ ids }}
            what={
              ids.length === total
                ? `all ${plural(ids.length, 'answer')}`
                : `the ${plural(ids.length, 'filtered answer')}`
            }
          />
          <ProbeBatchBar
            ids={ids}
            what={ids.length === total ? `all ${ids.length}` : `the ${ids.length} filtered`}
          />
          <SearchJudgeBatchBar
            ids={ids}
            what={ids.length === total ? `all ${ids.length}` : `the ${ids.length} filtered`}
          />
        </>
      )}
    />
  );
}
