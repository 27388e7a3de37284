// Human labels leave as HUMAN annotations and come back on import: same label, note, annotator,
// time and step, and importing the export again adds no duplicate.
import { describe, expect, it } from 'vitest';
import { type Annotation, makeAnnotation } from '../annotations/annotation';
import { importAll, stringChunks } from '../importers/pipeline';
import { buildTrajectory } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import type { ExportTraceServiceRequest } from './otlp-json';
import { toOtlpRequest } from './otlp-request';

const t = buildTrajectory([
  {
    type: 'start',
    id: 'traj-h',
    question: 'Where was the founder of Casmere born?',
    source: { kind: 'import', format: 'r1-searcher' },
    agent: { strategy: 'r1-searcher', params: {} },
  },
  { type: 'step', step: { id: 'think-1', kind: 'think', text: 'Who founded Casmere?' } },
  { type: 'step', step: { id: 'search-1', kind: 'search', hop: 1, queries: ['founder of Casmere'] } },
  {
    type: 'step',
    step: {
      id: 'docs-1',
      kind: 'retrieve',
      hop: 1,
      docs: [{ id: 'd1', title: 'Casmere', text: 'Casmere…', rank: 1 }],
    },
  },
  { type: 'step', step: { id: 'ans', kind: 'answer', text: 'Orlenport' } },
  { type: 'answer', text: 'Orlenport' },
  { type: 'finish', reason: 'answer' },
]);

const at = '2026-03-02T10:00:00.000Z';
const labels: Annotation[] = [
  makeAnnotation({ trajectoryId: t.id, label: 'verdict:over-searched', annotator: 'ana', createdAt: at }),
  makeAnnotation({
    trajectoryId: t.id,
    label: 'note',
    note: 'checked <b>by hand</b>',
    annotator: 'ana',
    createdAt: at,
  }),
  makeAnnotation({
    trajectoryId: t.id,
    stepId: 'search-1',
    label: 'over-search',
    annotator: 'ana',
    createdAt: at,
  }),
  makeAnnotation({
    trajectoryId: t.id,
    stepId: 'docs-1',
    label: 'irrelevant-docs',
    annotator: 'bo',
    createdAt: at,
  }),
  makeAnnotation({
    trajectoryId: t.id,
    stepId: 'think-1',
    label: 'note',
    note: 'good plan',
    annotator: 'bo',
    createdAt: at,
  }),
];

/** A label with its step as a position, the one thing an import renames. */
function portable(a: Annotation, traj: Trajectory) {
  const step = a.stepId === undefined ? undefined : traj.steps.findIndex((s) => s.id === a.stepId);
  return { label: a.label, note: a.note, annotator: a.annotator, createdAt: a.createdAt, step };
}
const byKey = (x: ReturnType<typeof portable>) => `${x.annotator}|${x.step}|${x.label}`;
const sorted = (xs: Array<ReturnType<typeof portable>>) =>
  [...xs].sort((a, b) => byKey(a).localeCompare(byKey(b)));

async function importRequest(req: ExportTraceServiceRequest) {
  return importAll(stringChunks(JSON.stringify(req)), { file: 'labels.otlp.json' });
}

describe('human labels through OTLP', () => {
  it('come back with label, note, annotator, time and step', async () => {
    const r = await importRequest(toOtlpRequest([{ trajectory: t, annotations: labels }], 0));
    expect(r.errors).toEqual([]);
    const back = r.trajectories[0]!;
    expect(r.annotationList.every((a) => a.trajectoryId === back.id)).toBe(true);
    expect(sorted(r.annotationList.map((a) => portable(a, back)))).toEqual(
      sorted(labels.map((a) => portable(a, t))),
    );
  });

  it('import again without duplicates, and export again unchanged', async () => {
    const first = await importRequest(toOtlpRequest([{ trajectory: t, annotations: labels }], 0));
    const second = await importRequest(toOtlpRequest([{ trajectory: t, annotations: labels }], 0));
    const ids = first.annotationList.map((a) => a.id);
    expect(new Set(ids).size).toBe(labels.length);
    expect(second.annotationList.map((a) => a.id)).toEqual(ids);
    // Export → import → export → import: the labels hold still.
    const back = first.trajectories[0]!;
    const again = await importRequest(
      toOtlpRequest([{ trajectory: back, annotations: first.annotationList }], 0),
    );
    expect(sorted(again.annotationList.map((a) => portable(a, again.trajectories[0]!)))).toEqual(
      sorted(labels.map((a) => portable(a, t))),
    );
  });

  it("keeps another tool's human feedback as a note and leaves its scores to `reported`", async () => {
    const req = toOtlpRequest([{ trajectory: t }], 0);
    const root = req.resourceSpans[0]!.scopeSpans[0]!.spans.find((s) => s.parentSpanId === undefined)!;
    const ann = (i: number, f: string, v: string | number) => ({
      key: `annotations.${i}.annotation.${f}`,
      value: typeof v === 'number' ? { doubleValue: v } : { stringValue: v },
    });
    root.attributes.push(
      ann(0, 'name', 'correctness'),
      ann(0, 'label', 'incorrect'),
      ann(0, 'explanation', 'the founder was born elsewhere'),
      ann(0, 'annotator_kind', 'HUMAN'),
      ann(1, 'name', 'relevance'),
      ann(1, 'score', 0.4),
      ann(1, 'annotator_kind', 'LLM'),
    );
    const r = await importRequest(req);
    expect(r.errors).toEqual([]);
    expect(r.annotationList).toEqual([
      expect.objectContaining({
        label: 'note',
        note: 'correctness: incorrect — the founder was born elsewhere',
        annotator: 'otlp-human',
        trajectoryId: r.trajectories[0]!.id,
      }),
    ]);
    expect(r.annotationList[0]!.stepId).toBeUndefined();
    expect(r.trajectories[0]!.reported).toEqual({ relevance: 0.4 });
  });
});
