// React-query hooks over IndexedDB. Mutations resolve after the write commits, so "saved" in the
// UI always means "on disk".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Annotation } from '../../core/annotations/annotation';
import { type AnnotationChange, applyWrites, writesFor } from '../../core/annotations/change';
import { announceAnnotations } from './refresh/annotation-sync';
import {
  annotationsFor,
  getTrajectory,
  listAnnotations,
  listImports,
  writeAnnotations,
} from '../../db/store';
import { annotatorWritten } from '../state/annotator-write';

export const keys = {
  rows: ['rows'] as const,
  annotations: ['annotations'] as const,
  imports: ['imports'] as const,
  trajectory: (id: string) => ['trajectory', id] as const,
  trajectoryAnnotations: (id: string) => ['annotations', id] as const,
};

export function useAllAnnotations() {
  return useQuery({
    queryKey: keys.annotations,
    queryFn: listAnnotations,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Every import's report (one per file: 5,000 for a run of 5,000 step files); `enabled` false reads
 * nothing (the closed import dialog, as collectionSummariesQuery).
 */
export const importsQuery = (enabled = true) => ({ queryKey: keys.imports, queryFn: listImports, enabled });

export function useImports(enabled = true) {
  return useQuery(importsQuery(enabled));
}

export function useTrajectory(id: string) {
  return useQuery({
    queryKey: keys.trajectory(id),
    queryFn: async () => (await getTrajectory(id)) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTrajectoryAnnotations(id: string) {
  return useQuery({ queryKey: keys.trajectoryAnnotations(id), queryFn: () => annotationsFor(id) });
}

export type { AnnotationChange } from '../../core/annotations/change';

/**
 * Applies one annotation change for `annotator`; resolves once IndexedDB has committed it. The
 * change is an idempotent set/unset (no read-modify-write), shown at once, and other tabs are told.
 */
export function useAnnotate(annotator: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: AnnotationChange) => {
      // A label signed with a name just set is written after the name (a kill between them would
      // leave labels by a name the next start does not know).
      await annotatorWritten();
      await writeAnnotations(writesFor(c, annotator));
      return annotationsFor(c.trajectoryId);
    },
    onMutate: (c) => {
      // Optimistic: a second key press before the write commits reads the label as now shown.
      const key = keys.trajectoryAnnotations(c.trajectoryId);
      const shown = qc.getQueryData<Annotation[]>(key);
      if (shown) qc.setQueryData(key, applyWrites(shown, writesFor(c, annotator)));
    },
    onError: (_e, c) => void qc.invalidateQueries({ queryKey: keys.trajectoryAnnotations(c.trajectoryId) }),
    onSuccess: (list: Annotation[], c) => {
      qc.setQueryData(keys.trajectoryAnnotations(c.trajectoryId), list);
      void qc.invalidateQueries({ queryKey: keys.annotations, exact: true });
      announceAnnotations(c.trajectoryId);
    },
  });
}
