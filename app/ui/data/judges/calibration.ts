// Hooks over the calibration service: detector vs annotators, annotators vs each other, label
// import/export in the shared format, and the annotation queue.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  calibration,
  exportLabels,
  importLabelsFile,
  type LabelImportReport,
  labelQueueState as queueState,
} from '../../../services/judges/calibration';
import { DEFAULT_SEARCH_RUBRIC } from '../../../core/diagnose/search-judge-rubric';
import { currentJudgeAnnotator } from '../../../services/judges/search-judge';
import { useRunConfig } from '../../state/run-config';
import { useRubricState } from '../../state/search-judge-rubric';
import { useUi } from '../../state/ui-store';

const CALIBRATION = ['calibration'] as const;

export function useCalibration() {
  // Over the collections chosen on the Trajectories table (the default: all but training runs).
  const scope = useUi((s) => s.filters.collections);
  // Labels change on other pages (and in other tabs): read them afresh each time the page shows.
  return useQuery({
    queryKey: [...CALIBRATION, scope],
    queryFn: () => calibration(scope),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useImportLabels() {
  return useMutation<LabelImportReport, Error, { file: File; annotator: string }>({
    mutationFn: async ({ file, annotator }) => importLabelsFile(await file.text(), file.name, annotator),
  });
}

export { exportLabels };

/** The configured model judge (the Run page's model, the current rubric) as an annotator name. */
function currentJudge(): string {
  return currentJudgeAnnotator({
    llm: useRunConfig.getState().llm,
    rubric: useRubricState.getState().edited ?? DEFAULT_SEARCH_RUBRIC,
  });
}

/**
 * The next trajectory to label for `annotator` (after `afterId`), with their progress; the judge's
 * disagreements with the detector that move a trajectory up are the configured judge's only.
 */
export function labelQueueState(annotator: string, afterId?: string) {
  return queueState(annotator, afterId, currentJudge(), useUi.getState().filters.collections);
}

/** The next trajectory to label for `annotator` (after `afterId`), with their progress. */
export function useLabelQueue(annotator: string, afterId?: string) {
  const llm = useRunConfig((s) => s.llm);
  const rubric = useRubricState((s) => s.edited) ?? DEFAULT_SEARCH_RUBRIC;
  const judge = currentJudgeAnnotator({ llm, rubric });
  const scope = useUi((s) => s.filters.collections);
  return useQuery({
    queryKey: ['label-queue', annotator, afterId ?? '', judge, scope],
    queryFn: () => queueState(annotator, afterId, judge, scope),
    enabled: annotator !== '',
    staleTime: 0,
  });
}
