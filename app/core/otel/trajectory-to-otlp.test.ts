// Rewards go out as CODE annotations on the root, human labels as HUMAN annotations on the span
// they label; plan nodes as CHAIN spans with graph.node.*; and all of it imports back.
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../annotations/annotation';
import { importAll, stringChunks } from '../importers/pipeline';
import { buildTrajectory } from '../schema/builder';
import type { OtlpSpan } from './otlp-json';
import { otlpEnvelope, toOtlpRequest, traceJson } from './otlp-request';

const t = buildTrajectory([
  {
    type: 'start',
    id: 'traj-1',
    question: 'Who founded Alexandria?',
    source: { kind: 'import', format: 'apex', dataset: 'musique', qid: 'q7' },
    agent: { strategy: 'apex', params: { k: 3 } },
    gold: { answers: ['Alexander the Great'] },
  },
  {
    type: 'plan',
    nodes: [
      { id: 'n1', text: 'Which city?', dependsOn: [] },
      { id: 'n2', text: 'Founder of #1', dependsOn: ['n1'] },
    ],
  },
  {
    type: 'step',
    step: { id: 'a', kind: 'think', planNode: 'n1', text: 'Find the city <b>first</b>', turn: 1 },
  },
  { type: 'step', step: { id: 'b', kind: 'search', planNode: 'n1', hop: 1, queries: ['city', 'geometry'] } },
  { type: 'step', step: { id: 'c', kind: 'answer', planNode: 'n2', text: 'Alexander the Great', ms: 40 } },
  { type: 'answer', text: 'Alexander the Great' },
  { type: 'finish', reason: 'answer' },
]);
const labels: Annotation[] = [
  { id: 'l1', trajectoryId: 'traj-1', label: 'verdict:good', annotator: 'ann', createdAt: '2026-01-01' },
  {
    id: 'l2',
    trajectoryId: 'traj-1',
    stepId: 'b',
    label: 'over-search',
    annotator: 'ann',
    createdAt: '2026-01-01',
  },
];
const rewards = [
  { id: 'search-r1/em', label: 'EM', value: 1 },
  { id: 'apex/sepr', label: 'SEPR', value: null },
];

const spansOf = () =>
  toOtlpRequest([{ trajectory: t, annotations: labels, rewards }], 0).resourceSpans[0]?.scopeSpans[0]
    ?.spans ?? [];
const attrs = (s: OtlpSpan | undefined) =>
  Object.fromEntries((s?.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]));

describe('trajectoryToSpans', () => {
  it('puts rewards (CODE) and the verdict (HUMAN) on the root, a step label on its step span', () => {
    const spans = spansOf();
    const root = attrs(spans[0]);
    expect(root['annotations.0.annotation.name']).toBe('search-r1/em');
    expect(root['annotations.0.annotation.score']).toBe(1);
    expect(spans[0]?.attributes.find((a) => a.key === 'annotations.0.annotation.score')?.value).toEqual({
      doubleValue: 1,
    });
    expect(root['annotations.0.annotation.annotator_kind']).toBe('CODE');
    // The reward without a value is left out, so the verdict is next.
    expect(root['annotations.1.annotation.label']).toBe('good');
    expect(root['annotations.1.annotation.annotator_kind']).toBe('HUMAN');
    expect(root['annotations.2.annotation.name']).toBeUndefined();
    const search = spans.find((s) => attrs(s)['openinference.span.kind'] === 'RETRIEVER');
    expect(attrs(search)['annotations.0.annotation.label']).toBe('over-search');
    expect(attrs(search)['annotations.0.annotation.annotator_kind']).toBe('HUMAN');
    expect(attrs(search)['input.value']).toBe('["city","geometry"]');
  });

  it('writes plan nodes as graph nodes and imports plan, steps and gold back', async () => {
    const spans = spansOf();
    const chains = spans.filter((s) => attrs(s)['openinference.span.kind'] === 'CHAIN').map(attrs);
    expect(chains.map((c) => [c['graph.node.id'], c['graph.node.parent_id']])).toEqual([
      ['n1', 'root'],
      ['n2', 'n1'],
    ]);
    const { head, tail } = otlpEnvelope();
    const text = head + traceJson({ trajectory: t, annotations: labels, rewards }, 0) + tail;
    const r = await importAll(stringChunks(text), { file: 'x.json' });
    expect(r.errors).toEqual([]);
    const back = r.trajectories[0];
    expect(back?.plan?.map((n) => [n.id, n.dependsOn])).toEqual([
      ['n1', []],
      ['n2', ['n1']],
    ]);
    expect(back?.steps.map((s) => [s.kind, s.planNode, s.queries ?? s.text])).toEqual([
      ['think', 'n1', 'Find the city <b>first</b>'],
      ['search', 'n1', ['city', 'geometry']],
      ['answer', 'n2', 'Alexander the Great'],
    ]);
    expect(back?.steps[2]?.ms).toBe(40);
    expect(back?.gold).toEqual(t.gold);
    expect(back?.source).toMatchObject({ format: 'otlp', dataset: 'musique', qid: 'q7' });
    expect(back?.agent).toEqual({ strategy: 'apex', params: { k: 3 } });
    // Hopscope's own rewards are recomputed on import, not read back as reported scores.
    expect(back?.reported).toBeUndefined();
  });
});
