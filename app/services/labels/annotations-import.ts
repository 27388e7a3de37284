// Importing an annotations file (Hopscope's annotation JSONL) as a use case: every good line whose
// trajectory and step are stored is stored; every other one is reported with its line and field
// (a label for a record that is not here would be counted but never shown). Resolves once
// IndexedDB has committed.
import { type AnnotationParseResult, parseAnnotationsJsonl } from '../../core/annotations/annotation';
import { getTrajectory, putAnnotations } from '../../db/store';
import { announce } from '../changes';

/** Ids past this length are cut in messages. */
const ID_SHOWN = 80;
const shown = (id: string) => JSON.stringify(id.length > ID_SHOWN ? `${id.slice(0, ID_SHOWN)}…` : id);

export async function importAnnotationsText(text: string): Promise<AnnotationParseResult> {
  const out: AnnotationParseResult = { annotations: [], errors: [] };
  // Each stored trajectory's step ids (null: not stored), read once.
  const stored = new Map<string, Promise<Set<string> | null>>();
  const stepsOf = (id: string) =>
    getTrajectory(id).then((t) => (t ? new Set(t.steps.map((s) => s.id)) : null));
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    // One line at a time, so each kept label knows its line for the checks below.
    const r = parseAnnotationsJsonl(raw);
    for (const e of r.errors) out.errors.push({ ...e, line: i + 1 });
    for (const a of r.annotations) {
      let read = stored.get(a.trajectoryId);
      if (!read) stored.set(a.trajectoryId, (read = stepsOf(a.trajectoryId)));
      const steps = await read;
      if (!steps) {
        out.errors.push({
          line: i + 1,
          field: 'trajectoryId',
          message: `no stored trajectory has id ${shown(a.trajectoryId)} (import its log first); not imported`,
        });
      } else if (a.stepId !== undefined && !steps.has(a.stepId)) {
        out.errors.push({
          line: i + 1,
          field: 'stepId',
          message: `trajectory ${shown(a.trajectoryId)} has no step ${shown(a.stepId)}; not imported`,
        });
      } else {
        out.annotations.push(a);
      }
    }
  }
  await putAnnotations(out.annotations);
  announce('annotations');
  return out;
}
