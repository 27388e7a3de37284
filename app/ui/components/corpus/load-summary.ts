// What a corpus / question-set load brought in, in one line: the dialog's report and the toast
// after the dialog closes itself say the same thing.
import { plural } from '../../../core/plural';
import type { DatasetImportReport } from '../../../runtime/search/dataset-import';

export function loadSummary(report: DatasetImportReport, linkedName?: string): string {
  const got = [
    report.passages > 0 ? plural(report.passages, 'passage') : '',
    report.questions > 0 ? plural(report.questions, 'question') : '',
  ].filter(Boolean);
  const linked =
    report.linkedCorpusId && report.linkedCorpusId !== report.corpusId
      ? ` (linked to ${linkedName ?? 'the corpus'})`
      : '';
  const problems = [
    report.errors.length > 0 ? `${plural(report.errors.length, 'record')} could not be read` : '',
    report.warnings.length > 0 ? plural(report.warnings.length, 'warning') : '',
  ].filter(Boolean);
  return `${report.file} (${report.format ?? 'unrecognised'}): ${got.join(', ') || 'nothing loaded'}${linked}${
    problems.length ? `; ${problems.join('; ')}` : ''
  }`;
}

/** The dialog closes itself after a load unless there is something to read in the report. */
export function closesAfterLoad(report: DatasetImportReport): boolean {
  return report.errors.length === 0 && report.warnings.length === 0 && report.passages + report.questions > 0;
}

/**
 * Whether loading into `attachTo` should link questions to it by default: never to the bundled
 * demo world (a benchmark's questions are not about Veloria).
 */
export function linkByDefault(attachTo: string | null, demoWorldId: string | null | undefined): boolean {
  return attachTo !== null && attachTo !== demoWorldId;
}
