import type { Annotation } from '../../core/annotations/annotation';
import { plural } from '../../core/plural';
import { CollectionChooser } from '../components/collections/CollectionChooser';
import { CorrectnessBar } from '../components/judge/CorrectnessBar';
import { DemoBanner } from '../components/table/DemoBanner';
import { SavedViews } from '../components/table/SavedViews';
import { ProbeBatchBar } from '../components/table/ProbeBatchBar';
import { SearchJudgeBatchBar } from '../components/table/SearchJudgeBatchBar';
import { SqlPanel } from '../components/sql/SqlPanel';
import { SqlToggle } from '../components/sql/SqlToggle';
import { TrainingStepFilter } from '../components/training/TrainingStepFilter';
import { UnsureJudgeBar } from '../components/table/UnsureJudgeBar';
import { VerdictFilters } from '../components/table/VerdictFilters';
import { useAllAnnotations } from '../data/queries';
import { useUnsureJudgements } from '../data/judges/unsure-judge';
import { useWorkerTable } from '../data/trajectories/table-view';
import { useTableUrl } from '../state/table-url';
import { TrajectoryTable } from './TrajectoryTable';

const NO_ANNOTATIONS: Annotation[] = [];

/** The trajectory table over what IndexedDB holds (through the table worker). */
export function TrajectoriesPage() {
  const annotations = useAllAnnotations();
  const judged = useUnsureJudgements();
  // Columns, filters and sort live in the link: a reload keeps them, a copied link reproduces them.
  useTableUrl();
  return (
    <TrajectoryTable
      useSource={useWorkerTable}
      views={
        <>
          <VerdictFilters />
          <CollectionChooser />
          <SavedViews />
          <SqlToggle />
        </>
      }
      {...(judged.data ? { judged: judged.data } : {})}
      annotations={annotations.data ?? NO_ANNOTATIONS}
      banner={(total, anyLive) => (
        <>
          <TrainingStepFilter />
          <DemoBanner total={total} anyLive={anyLive} />
          <SqlPanel />
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
          <UnsureJudgeBar ids={ids} />
        </>
      )}
    />
  );
}
