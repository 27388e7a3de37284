// The random-weight test models (`hopscope-test/*`, which the tests serve): they exercise plumbing,
// and what they generate or embed is meaningless by design. Every view that shows their output says so.

export const TEST_MODEL_PREFIX = 'hopscope-test/';

export const TEST_MODEL_WARNING = 'random-weight test model: output is meaningless by design';

/** Whether a model id names one of the random-weight test models (ids are /models/ sub-paths). */
export function isTestModel(modelId: string | null | undefined): boolean {
  if (!modelId) return false;
  return modelId
    .trim()
    .replace(/^\/?(models\/)?/, '')
    .startsWith(TEST_MODEL_PREFIX);
}
