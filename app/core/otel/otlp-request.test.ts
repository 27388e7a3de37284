import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../schema/trajectory';
import { toOtlpRequest } from './otlp-request';

describe('an OTLP request', () => {
  it('holds every span of a 150,000-step trajectory (no spread of its spans into one call)', () => {
    const steps: Trajectory['steps'] = Array.from({ length: 150_000 }, (_, i) => ({
      id: `s${i}`,
      index: i,
      kind: 'think' as const,
      text: `step ${i}`,
    }));
    const trajectory: Trajectory = {
      schema: 'hopscope.trajectory/1',
      id: 'long',
      question: 'How long?',
      source: { kind: 'import' },
      agent: { strategy: 'test', params: {} },
      steps,
    };
    const r = toOtlpRequest([{ trajectory }], 0);
    // The root, then one span per step.
    expect(r.resourceSpans[0]?.scopeSpans[0]?.spans).toHaveLength(150_001);
  }, 60_000);
});
