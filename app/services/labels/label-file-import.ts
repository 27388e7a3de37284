// One reader for label files wherever they are taken (Export ▾ → Import annotations, the main
// Import dialog, Calibrate): the shared over/under-search format and Hopscope's annotation export
// alike, each imported by its own use case, reported in one shape.
import { type LabelFileKind, labelFileKind } from '../../core/annotations/label-file-kind';
import { importLabelsFile } from '../judges/calibration';
import { importAnnotationsText } from './annotations-import';

export interface LabelFileReport {
  kind: LabelFileKind;
  /** Annotations stored. */
  imported: number;
  /** Every line not imported, with its field and why. */
  issues: Array<{ line: number; field?: string; message: string }>;
}

export { labelFileKind };

/**
 * Imports `text` as labels if it is a label file of either kind; null when it is not one (a
 * trajectory log, say), so the caller can import it as something else. Shared-format labels are
 * signed `annotator` unless a record names its own; exported annotations keep their annotator.
 */
export async function importLabelFileText(
  text: string,
  file: string,
  annotator: string,
): Promise<LabelFileReport | null> {
  const kind = labelFileKind(text);
  if (kind === 'search-labels') {
    const r = await importLabelsFile(text, file, annotator);
    return { kind, imported: r.annotations, issues: r.issues };
  }
  if (kind === 'annotations') {
    const r = await importAnnotationsText(text);
    return { kind, imported: r.annotations.length, issues: r.errors };
  }
  return null;
}

const KIND_NAMES: Record<LabelFileKind, string> = {
  'search-labels': 'over/under-search labels',
  annotations: 'Hopscope annotations',
};

/** One line for a toast or a job row: what was imported, and the first lines that were not. */
export function labelFileSummary(r: LabelFileReport, file: string): string {
  const issues = r.issues.map((x) => `line ${x.line}${x.field ? ` (${x.field})` : ''}: ${x.message}`);
  return (
    `Imported ${r.imported} annotations from ${file} (${KIND_NAMES[r.kind]})` +
    (issues.length ? `; ${issues.length} not imported — ${issues.slice(0, 3).join('; ')}` : '')
  );
}

/** Bytes read to tell a label file from a log: a label record's line is far shorter. */
const HEAD_BYTES = 64 * 1024;

/**
 * Imports `file` as labels when its head is a label file, null otherwise (the caller then imports
 * it as a log), so a label file dropped on the main Import dialog lands as labels.
 */
export async function importIfLabelFile(file: File, annotator: string): Promise<LabelFileReport | null> {
  if (!labelFileKind(await file.slice(0, HEAD_BYTES).text())) return null;
  return importLabelFileText(await file.text(), file.name, annotator);
}
