// Hopscope's own JSONL: one Trajectory per line, schema "hopscope.trajectory/1". Round-trips
// exactly: export then import gives an equal object, and the `annotations` an export joins to
// each trajectory come back as annotations (their ids are derived, so existing ones are not
// duplicated).
import { type Annotation, AnnotationSchema, annotationId } from '../../annotations/annotation';
import { isObj } from '../../json';
import { parseTrajectory, SCHEMA_ID } from '../../schema/trajectory';
import { type FormatImporter, RecordError } from '../types';

export const hopscopeFormat: FormatImporter = {
  id: 'hopscope',
  label: 'Hopscope JSONL (hopscope.trajectory/1)',
  detect(sample) {
    const objs = sample.filter(isObj);
    if (objs.length === 0) return 0;
    // A stray bad line among the sampled ones must not hide the file's good records.
    const share = objs.filter((o) => o.schema === SCHEMA_ID).length / objs.length;
    return share >= 0.5 ? share : 0;
  },
  toEvents(record) {
    if (!isObj(record)) throw new RecordError('expected a JSON object');
    if (record.schema !== SCHEMA_ID)
      throw new RecordError(`expected schema "${SCHEMA_ID}", got ${JSON.stringify(record.schema)}`, 'schema');
    const parsed = parseTrajectory(record);
    if (!parsed.ok) throw new RecordError(parsed.error, parsed.field);
    return [{ type: 'snapshot', trajectory: parsed.value }];
  },
  annotations(record, trajectoryId) {
    const out: ReturnType<NonNullable<FormatImporter['annotations']>> = { annotations: [], issues: [] };
    if (!isObj(record) || record.annotations === undefined) return out;
    if (!Array.isArray(record.annotations)) {
      out.issues.push({ field: 'annotations', message: 'expected an array of annotations; none imported' });
      return out;
    }
    record.annotations.forEach((raw: unknown, i) => {
      // `step` is the derived step number an export adds; the stable key is `stepId`.
      const { step: _step, ...rest } = isObj(raw) ? raw : { value: raw };
      const r = AnnotationSchema.safeParse({ ...rest, trajectoryId, id: 'x' });
      if (!r.success) {
        const issue = r.error.issues[0];
        out.issues.push({
          field: `annotations.${i}${issue?.path.length ? `.${issue.path.join('.')}` : ''}`,
          message: `annotation not imported: ${issue?.message ?? 'invalid'}`,
        });
        return;
      }
      const a: Annotation = { ...r.data, id: annotationId(r.data) };
      out.annotations.push(a);
    });
    return out;
  },
};
