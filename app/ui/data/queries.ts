// React-query hooks over IndexedDB. Mutations resolve after the write commits, so "saved" in the
// UI always means "on disk".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Annotation, makeAnnotation } from '../../core/annotations/annotation';
import {
  annotationsFor,
  deleteAnnotation,
  getTrajectory,
  listAnnotations,
  listImports,
  listRows,
  putAnnotations,
} from '../../db/store';

export const keys = {
  rows: ['rows'] as const,
  annotations: ['annotations'] as const,
  imports: ['imports'] as const,
  trajectory: (id: string) => ['trajectory', id] as const,
  trajectoryAnnotations: (id: string) => ['annotations', id] as const,
};

export function useRows() {
  return useQuery({
    queryKey: keys.rows,
    queryFn: listRows,
    staleTime: Number.POSITIVE_INFINITY,
    // Every refresh reads fresh rows; deep-comparing tens of thousands of them against the last
    // list (react-query's structural sharing) was the largest main-thread cost of a big import.
    structuralSharing: false,
  });
}

export function useAllAnnotations() {
  return useQuery({
    queryKey: keys.annotations,
    queryFn: listAnnotations,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useImports() {
  return useQuery({ queryKey: keys.imports, queryFn: listImports });
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

export type AnnotationChange =
  | { op: 'toggle-label'; trajectoryId: string; stepId: string; label: string }
  | { op: 'note'; trajectoryId: string; stepId?: string; note: string }
  | { op: 'verdict'; trajectoryId: string; verdict: string | null };

/** Applies one annotation change for `annotator`; resolves once IndexedDB has committed it. */
export function useAnnotate(annotator: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: AnnotationChange) => {
      const current = await annotationsFor(c.trajectoryId);
      const mine = current.filter((a) => a.annotator === annotator);
      if (c.op === 'toggle-label') {
        const existing = mine.find((a) => a.stepId === c.stepId && a.label === c.label);
        if (existing) await deleteAnnotation(existing.id);
        else await putAnnotations([makeAnnotation({ ...c, annotator })]);
      } else if (c.op === 'note') {
        const fields = { trajectoryId: c.trajectoryId, label: 'note', annotator, note: c.note };
        const a = makeAnnotation(c.stepId ? { ...fields, stepId: c.stepId } : fields);
        if (c.note.trim()) await putAnnotations([a]);
        else await deleteAnnotation(a.id);
      } else {
        const existing = mine.find((a) => a.stepId === undefined && a.label.startsWith('verdict:'));
        if (existing) await deleteAnnotation(existing.id);
        if (c.verdict && existing?.label !== `verdict:${c.verdict}`)
          await putAnnotations([
            makeAnnotation({ trajectoryId: c.trajectoryId, label: `verdict:${c.verdict}`, annotator }),
          ]);
      }
      return annotationsFor(c.trajectoryId);
    },
    onSuccess: (list: Annotation[], c) => {
      qc.setQueryData(keys.trajectoryAnnotations(c.trajectoryId), list);
      void qc.invalidateQueries({ queryKey: keys.annotations, exact: true });
    },
  });
}
