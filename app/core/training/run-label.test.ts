import { describe, expect, it } from 'vitest';
import { runLabel } from './run-label';

describe('runLabel', () => {
  it('names the run imported without a name, and shows every other run as it is', () => {
    expect(runLabel('')).toBe('(unnamed run)');
    expect(runLabel('a/val')).toBe('a/val');
  });
});
