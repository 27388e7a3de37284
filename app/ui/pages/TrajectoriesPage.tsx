import type { Annotation } from '../../core/annotations/annotation';
import { plural } from '../../core/plural';
import { CorrectnessBar } from '../components/judge/CorrectnessBar';
import { DemoBanner } from '../components/table/DemoBanner';
import { ProbeBatchBar } from '../components/table/ProbeBatchBar';
import { SearchJudgeBatchBar } from '../components/table/SearchJudgeBatchBar';
import { TrainingStepFilter } from '../components/training/TrainingStepFilter';
import { useAllAnnotations } from '../data/queries';
import { useWorkerTable } from '../data/trajectories/table-view';
import { TrajectoryTable } from './TrajectoryTable';

const NO_ANNOTATIONS: Annotation[] = [];

/** The trajectory table over what IndexedDB holds (through the table worker). */
export function TrajectoriesPage() {
  const annotations = useAllAnnotations();
  return (
    <TrajectoryTable
      useSource={useWorkerTable}
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
