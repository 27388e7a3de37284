// The one step numbering a person reads: 1-based, as the timeline and step panel show it. Flag
// evidence, the URL (`#/t/<id>/<n>`), exported annotations (`step`) and the CLI all use it.
// `Step.id` (`s0`, `s1`, … from the builder) stays the stable key for machines.
import type { Step, Trajectory } from './trajectory';

/** The number shown on a step: its position, counted from 1. */
export function stepNumber(step: Pick<Step, 'index'>): number {
  return step.index + 1;
}

/**
 * The step a URL's step part names: a 1-based step number (`#/t/<id>/4`), or a step id, which is
 * what links written before the numbering was unified held (`#/t/<id>/s3`, the same step).
 */
export function stepByRef(t: Pick<Trajectory, 'steps'>, ref: string | null): Step | undefined {
  if (ref === null || ref === '') return undefined;
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    return t.steps.find((s) => stepNumber(s) === n);
  }
  return t.steps.find((s) => s.id === ref);
}
