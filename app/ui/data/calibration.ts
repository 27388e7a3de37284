// Hooks over the calibration service: detector vs annotators, annotators vs each other, label
// import/export in the shared format, and the annotation queue.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  calibration,
  exportLabels,
  importLabelsFile,
  type LabelImportReport,
  labelQueueState,
} from '../../services/calibration';

const CALIBRATION = ['calibration'] as const;

export function useCalibration() {
  // Labels change on other pages (and in other tabs): read them afresh each time the page shows.
  return useQuery({ queryKey: CALIBRATION, queryFn: calibration, staleTime: 0, refetchOnMount: 'always' });
}

export function useImportLabels() {
  return useMutation<LabelImportReport, Error, { file: File; annotator: string }>({
    mutationFn: async ({ file, annotator }) => importLabelsFile(await file.text(), file.name, annotator),
  });
}

export { exportLabels };

/** The next trajectory to label for `annotator` (after `afterId`), with their progress. */
export function useLabelQueue(annotator: string, afterId?: string) {
  return useQuery({
    queryKey: ['label-queue', annotator, afterId ?? ''],
    queryFn: () => labelQueueState(annotator, afterId),
    enabled: annotator !== '',
    staleTime: 0,
  });
}

export { labelQueueState };
