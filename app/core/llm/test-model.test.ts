import { describe, expect, it } from 'vitest';
import { isTestModel } from './test-model';

describe('isTestModel', () => {
  it('recognises the hopscope-test models, however the path is written', () => {
    expect(isTestModel('hopscope-test/tiny-random-llama')).toBe(true);
    expect(isTestModel('/models/hopscope-test/bench-random-minilm')).toBe(true);
    expect(isTestModel(' hopscope-test/tiny-random-bert ')).toBe(true);
  });

  it('leaves real models, look-alikes and missing ids alone', () => {
    expect(isTestModel('Xenova/all-MiniLM-L6-v2')).toBe(false);
    expect(isTestModel('someone/hopscope-test-model')).toBe(false);
    expect(isTestModel('hopscope-tests/x')).toBe(false);
    expect(isTestModel(undefined)).toBe(false);
    expect(isTestModel('')).toBe(false);
  });
});
