import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Annotation,
  annotationId,
  annotationStatus,
  annotationsToJsonl,
  makeAnnotation,
  parseAnnotationsJsonl,
  withStepNumber,
} from './annotation';

const AT = '2025-03-01T10:00:00.000Z';

describe('annotationId', () => {
  it('joins annotator, trajectory, step and slot', () => {
    expect(annotationId({ annotator: 'ana', trajectoryId: 't_1', stepId: 's2', label: 'over-search' })).toBe(
      'ana|t_1|s2|over-search',
    );
    expect(annotationId({ annotator: 'ana', trajectoryId: 't_1', label: 'note' })).toBe('ana|t_1||note');
  });

  it('gives every verdict of a trajectory the same slot, so a new verdict replaces the old', () => {
    const good = annotationId({ annotator: 'ana', trajectoryId: 't_1', label: 'verdict:good' });
    const over = annotationId({ annotator: 'ana', trajectoryId: 't_1', label: 'verdict:over-searched' });
    expect(good).toBe('ana|t_1||verdict');
    expect(over).toBe(good);
  });

  it('keeps step labels, steps and annotators apart', () => {
    const ids = new Set([
      annotationId({ annotator: 'ana', trajectoryId: 't_1', stepId: 's2', label: 'over-search' }),
      annotationId({ annotator: 'ana', trajectoryId: 't_1', stepId: 's2', label: 'wrong-entity' }),
      annotationId({ annotator: 'ana', trajectoryId: 't_1', stepId: 's3', label: 'over-search' }),
      annotationId({ annotator: 'ben', trajectoryId: 't_1', stepId: 's2', label: 'over-search' }),
    ]);
    expect(ids.size).toBe(4);
  });
});

describe('makeAnnotation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds the record with its derived id and only the optional fields given', () => {
    expect(
      makeAnnotation({
        trajectoryId: 't_1',
        stepId: 's2',
        label: 'over-search',
        annotator: 'ana',
        createdAt: AT,
      }),
    ).toEqual({
      id: 'ana|t_1|s2|over-search',
      trajectoryId: 't_1',
      stepId: 's2',
      label: 'over-search',
      annotator: 'ana',
      createdAt: AT,
    });
    const note = makeAnnotation({
      trajectoryId: 't_1',
      label: 'note',
      note: 'wrong city',
      annotator: 'ana',
      createdAt: AT,
    });
    expect(note).toEqual({
      id: 'ana|t_1||note',
      trajectoryId: 't_1',
      label: 'note',
      note: 'wrong city',
      annotator: 'ana',
      createdAt: AT,
    });
    expect('stepId' in note).toBe(false);
  });

  it('stamps the current time when no createdAt is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(AT));
    expect(makeAnnotation({ trajectoryId: 't_1', label: 'verdict:good', annotator: 'ana' }).createdAt).toBe(
      AT,
    );
  });
});

describe('parseAnnotationsJsonl', () => {
  const good = makeAnnotation({
    trajectoryId: 't_1',
    stepId: 's2',
    label: 'over-search',
    annotator: 'ana',
    createdAt: AT,
  });
  const verdict = makeAnnotation({
    trajectoryId: 't_1',
    label: 'verdict:good',
    annotator: 'ana',
    createdAt: AT,
  });

  it('keeps every good line and reports every bad one with its line number', () => {
    const text = [
      JSON.stringify(good),
      '',
      '{"id": "x", "trajectoryId": ',
      JSON.stringify({ ...verdict, stepId: 's1' }),
      JSON.stringify({ ...good, annotator: undefined }),
      `${JSON.stringify({ ...verdict, id: 'hand-edited' })}\r`,
    ].join('\n');
    const r = parseAnnotationsJsonl(text);
    // The hand-edited id is recomputed from the fields.
    expect(r.annotations).toEqual([good, verdict]);
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [3, undefined],
      [4, 'label'],
      [5, 'annotator'],
    ]);
    expect(r.errors[0]!.message).toMatch(/^invalid JSON: /);
    expect(r.errors[1]!.message).toBe('unknown label "verdict:good" for a step');
  });

  it('rejects a step label on a trajectory and an unknown label', () => {
    const r = parseAnnotationsJsonl(
      [
        JSON.stringify({ ...verdict, label: 'over-search' }),
        JSON.stringify({ ...good, label: 'nice-step' }),
      ].join('\n'),
    );
    expect(r.annotations).toEqual([]);
    expect(r.errors).toEqual([
      { line: 1, field: 'label', message: 'unknown label "over-search" for a trajectory' },
      { line: 2, field: 'label', message: 'unknown label "nice-step" for a step' },
    ]);
  });

  it('round-trips through annotationsToJsonl', () => {
    const note = makeAnnotation({
      trajectoryId: 't_2',
      stepId: 's0',
      label: 'note',
      note: 'a "quoted"\nnote',
      annotator: 'ben',
      createdAt: AT,
    });
    const list: Annotation[] = [good, verdict, note];
    const text = annotationsToJsonl(list);
    expect(text.split('\n')).toHaveLength(4); // three lines and the final newline
    expect(text.endsWith('\n')).toBe(true);
    expect(parseAnnotationsJsonl(text)).toEqual({ annotations: list, errors: [] });
    expect(annotationsToJsonl([])).toBe('');
    expect(parseAnnotationsJsonl('')).toEqual({ annotations: [], errors: [] });
  });
});

describe('annotationStatus', () => {
  const a = (label: string, stepId?: string) =>
    makeAnnotation({
      trajectoryId: 't_1',
      label,
      annotator: 'ana',
      createdAt: AT,
      ...(stepId ? { stepId } : {}),
    });

  it('is none without annotations, partial with labels or notes only, done once a verdict exists', () => {
    expect(annotationStatus([])).toBe('none');
    expect(annotationStatus([a('over-search', 's1'), a('note')])).toBe('partial');
    expect(annotationStatus([a('over-search', 's1'), a('verdict:under-searched')])).toBe('done');
  });
});

describe('withStepNumber (export)', () => {
  const steps = [
    { id: 's0', index: 0 },
    { id: 's1', index: 1 },
    { id: 's2', index: 2 },
  ];
  const label = makeAnnotation({
    trajectoryId: 't1',
    stepId: 's2',
    label: 'over-search',
    annotator: 'ann',
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('adds the 1-based step number next to the stable stepId', () => {
    expect(withStepNumber(label, steps)).toEqual({ ...label, step: 3 });
    expect(withStepNumber(label, steps).stepId).toBe('s2');
  });

  it('adds nothing to trajectory-level labels or when the step is unknown', () => {
    const verdict = makeAnnotation({ trajectoryId: 't1', label: 'verdict:good', annotator: 'ann' });
    expect(withStepNumber(verdict, steps)).toEqual(verdict);
    expect(withStepNumber(label, undefined)).toEqual(label);
    expect(withStepNumber(label, [{ id: 's0', index: 0 }])).toEqual(label);
  });

  it('round-trips: an exported line with `step` imports as the same annotation', () => {
    const text = annotationsToJsonl([withStepNumber(label, steps)]);
    expect(text).toContain('"step":3');
    const r = parseAnnotationsJsonl(text);
    expect(r.errors).toEqual([]);
    expect(r.annotations).toEqual([label]);
  });
});
