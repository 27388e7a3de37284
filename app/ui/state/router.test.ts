import { describe, expect, it } from 'vitest';
import { compareHash, parseHash, routeHash } from './router';

describe('compare route', () => {
  it('round-trips ids with slashes, spaces and percent signs', () => {
    const ids = ['t_abc', 'file.jsonl#3', 'a/b c%d'];
    const hash = compareHash(ids);
    expect(hash).toBe('#/compare/t_abc/file.jsonl%233/a%2Fb%20c%25d');
    expect(parseHash(hash)).toEqual({ page: 'compare', ids });
    expect(routeHash({ page: 'compare', ids })).toBe(hash);
  });

  it('keeps a malformed escape as the raw segment instead of throwing', () => {
    expect(parseHash('#/compare/ok%20id/bad%E0%A4%A/%')).toEqual({
      page: 'compare',
      ids: ['ok id', 'bad%E0%A4%A', '%'],
    });
    expect(parseHash('#/t/%zz')).toEqual({ page: 'trajectory', id: '%zz', stepId: null });
  });

  it('parses a compare link with no ids as a compare page with none', () => {
    expect(parseHash('#/compare')).toEqual({ page: 'compare', ids: [] });
  });
});
