import { describe, expect, it } from 'vitest';
import { accHint, accName } from './labels';

describe('acc under its paper name', () => {
  it('is "non-strict EM" for QAgent (§4.1: correct if the prediction contains the gold answer)', () => {
    expect(accName('qagent')).toBe('non-strict EM');
    expect(accHint('qagent')).toMatch(/QAgent §4\.1/);
  });
  it('stays "Acc" (cover-EM) elsewhere', () => {
    for (const s of ['search-r1', 'exsearch', undefined]) expect(accName(s)).toBe('Acc');
  });
});
