import { describe, expect, it } from 'vitest';
import { compareHash, MAX_HASH_LENGTH, parseHash, routeHash, tableQuery } from './router';

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
    expect(parseHash('#/t/%zz')).toEqual({ page: 'trajectory', id: '%zz', step: null });
    expect(parseHash('#/corpus/%zz')).toEqual({ page: 'corpus', corpusId: '%zz' });
  });

  it('parses a compare link with no ids as a compare page with none', () => {
    expect(parseHash('#/compare')).toEqual({ page: 'compare', ids: [] });
  });
});

describe('paired route', () => {
  it('round-trips', () => {
    expect(parseHash('#/paired')).toEqual({ page: 'paired' });
    expect(routeHash({ page: 'paired' })).toBe('#/paired');
  });
});

describe('papers route', () => {
  it('round-trips with and without a paper id', () => {
    expect(parseHash('#/papers')).toEqual({ page: 'papers', paperId: null });
    expect(parseHash('#/papers/qagent')).toEqual({ page: 'papers', paperId: 'qagent' });
    expect(routeHash({ page: 'papers', paperId: 'when-to-search' })).toBe('#/papers/when-to-search');
    expect(routeHash({ page: 'papers', paperId: null })).toBe('#/papers');
    expect(parseHash('#/papers/%zz')).toEqual({ page: 'papers', paperId: '%zz' });
  });
});

describe('hostile links', () => {
  it('parse every malformed escape without throwing', () => {
    expect(parseHash('#/t/%')).toEqual({ page: 'trajectory', id: '%', step: null });
    expect(parseHash('#/corpus/%zz')).toEqual({ page: 'corpus', corpusId: '%zz' });
    expect(parseHash('#/papers/%E0%A4%A')).toEqual({ page: 'papers', paperId: '%E0%A4%A' });
    expect(parseHash('#/t/ok/%')).toEqual({ page: 'trajectory', id: 'ok', step: '%' });
  });

  it('name an unknown path or an oversized link as unknown, not the trajectories', () => {
    expect(parseHash('#/nope/1')).toEqual({ page: 'unknown', hash: '#/nope/1' });
    expect(parseHash('#/%')).toEqual({ page: 'unknown', hash: '#/%' });
    const huge = `#/t/${'x'.repeat(MAX_HASH_LENGTH)}`;
    expect(parseHash(huge)).toEqual({ page: 'unknown', hash: huge });
    expect(parseHash('')).toEqual({ page: 'trajectories' });
    expect(parseHash('#/')).toEqual({ page: 'trajectories' });
  });
});

describe('present route', () => {
  it('round-trips an id with a slash; a bare #/present is an unknown link', () => {
    const r = { page: 'present', id: 'a/b c' } as const;
    expect(routeHash(r)).toBe('#/present/a%2Fb%20c');
    expect(parseHash(routeHash(r))).toEqual(r);
    expect(parseHash('#/present')).toEqual({ page: 'unknown', hash: '#/present' });
  });
});

describe('links to ids longer than a link carries', () => {
  const long = `id-${'x'.repeat(100_000)}`;
  it('carry a short stable key instead of the id, within the longest hash a link may have', () => {
    const hash = routeHash({ page: 'trajectory', id: long, step: '2' });
    expect(hash).toMatch(/^#\/t\/~link-[0-9a-z]+\/2$/);
    expect(hash.length).toBeLessThan(MAX_HASH_LENGTH);
    expect(routeHash({ page: 'trajectory', id: long, step: '2' })).toBe(hash);
    expect(parseHash(hash)).toMatchObject({ page: 'trajectory', step: '2' });
    expect(routeHash({ page: 'present', id: long })).toMatch(/^#\/present\/~link-/);
    expect(compareHash(['a', long])).toMatch(/^#\/compare\/a\/~link-[0-9a-z]+$/);
  });

  it('a short id keeps its own link', () => {
    expect(routeHash({ page: 'trajectory', id: 'x'.repeat(500), step: null })).toBe(`#/t/${'x'.repeat(500)}`);
  });
});

describe('table view links', () => {
  it('open the table with the view in the query; other pages have none', () => {
    const h = '#/?cols=question,f1&range.f1=0.5~&sort=-f1';
    expect(parseHash(h)).toEqual({ page: 'trajectories' });
    expect(tableQuery(h)).toBe('cols=question,f1&range.f1=0.5~&sort=-f1');
    expect(tableQuery('#/')).toBe('');
    expect(tableQuery('')).toBe('');
    expect(tableQuery('#/t/abc')).toBeNull();
    expect(tableQuery('#/calibrate')).toBeNull();
  });
});

describe('training links', () => {
  it('a Training plot point opens the table on one run and step, and round-trips odd run names', () => {
    const r = { page: 'trajectories', run: 'grpo a/&b', step: 12 } as const;
    expect(parseHash(routeHash(r))).toEqual(r);
    expect(routeHash({ page: 'trajectories' })).toBe('#/');
    // A query that is no step link is not one (a step must be a whole number).
    expect(parseHash('#/?run=a&step=x')).toEqual({ page: 'unknown', hash: '#/?run=a&step=x' });
    expect(parseHash('#/?run=a&step=')).toEqual({ page: 'unknown', hash: '#/?run=a&step=' });
  });

  it('the Training page, optionally on one sample’s question', () => {
    expect(parseHash('#/training')).toEqual({ page: 'training', sample: null });
    expect(parseHash(routeHash({ page: 'training', sample: 'grpo-a/3/7' }))).toEqual({
      page: 'training',
      sample: 'grpo-a/3/7',
    });
  });
});
