// Importing an annotations file (Hopscope's annotation JSONL) as a use case: every good line is
// stored, every bad one reported with its line and field; resolves once IndexedDB has committed.
import { type AnnotationParseResult, parseAnnotationsJsonl } from '../core/annotations/annotation';
import { putAnnotations } from '../db/store';
import { announce } from './changes';

export async function importAnnotationsText(text: string): Promise<AnnotationParseResult> {
  const r = parseAnnotationsJsonl(text);
  await putAnnotations(r.annotations);
  announce('annotations');
  return r;
}
