import { describe, expect, it } from 'vitest';
import { parseHash, routeHash } from './router';

describe('trajectory routes', () => {
  it('carry the 1-based step number as the URL shows it, and round-trip', () => {
    const r = parseHash('#/t/t_abc/3');
    expect(r).toEqual({ page: 'trajectory', id: 't_abc', step: '3' });
    expect(routeHash(r)).toBe('#/t/t_abc/3');
    expect(parseHash('#/t/t_abc')).toEqual({ page: 'trajectory', id: 't_abc', step: null });
  });

  it('keep an old step-id link as it is, for the page to map to its step', () => {
    expect(parseHash('#/t/t_abc/s2')).toEqual({ page: 'trajectory', id: 't_abc', step: 's2' });
    expect(routeHash({ page: 'trajectory', id: 'a/b', step: null })).toBe('#/t/a%2Fb');
  });
});
