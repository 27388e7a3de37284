import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, presetLayout } from './columns';
import { NO_FILTERS } from './query';
import { decodeView, DEFAULT_VIEW, encodeView, type TableViewState } from './view-url';

const FULL: TableViewState = {
  layout: {
    visible: ['question', 'f1', 'rc', 'answer'],
    pinned: ['question', 'f1'],
    widths: { question: 320 },
  },
  filters: {
    ...NO_FILTERS,
    text: 'veltmark press',
    strategy: 'apex',
    status: 'partial',
    nearMiss: 'yes',
    verdicts: 'unsure',
    judgeUnsure: 'disagrees',
    run: '',
    trainStep: '12',
    ranges: { f1: { min: 0.5, max: null }, rc: { min: 2, max: 5 }, em: { min: null, max: 0 } },
  },
  sort: { key: 'f1', dir: -1 },
  groupByFile: true,
};

describe('table view <-> URL', () => {
  it('the default view is the bare table', () => {
    expect(encodeView(DEFAULT_VIEW)).toBe('');
    expect(decodeView('')).toEqual({ view: DEFAULT_VIEW, ignored: [] });
  });

  it('round-trips columns, pins, widths, filters, ranges, sort and grouping', () => {
    const q = encodeView(FULL);
    expect(decodeView(q)).toEqual({ view: FULL, ignored: [] });
    expect(decodeView(`?${q}`).view).toEqual(FULL);
  });

  it('writes ranges and sort readably', () => {
    const q = new URLSearchParams(encodeView(FULL));
    expect(q.get('range.f1')).toBe('0.5~');
    expect(q.get('range.rc')).toBe('2~5');
    expect(q.get('range.em')).toBe('~0');
    expect(q.get('sort')).toBe('-f1');
    expect(q.get('cols')).toBe('question,f1,rc,answer');
  });

  it('reads and writes the Training plots’ step link as before', () => {
    expect(encodeView({ ...DEFAULT_VIEW, filters: { ...NO_FILTERS, run: 'grpo', trainStep: '3' } })).toBe(
      'run=grpo&step=3',
    );
    const { view, ignored } = decodeView('run=grpo&step=3');
    expect(ignored).toEqual([]);
    expect(view.filters).toMatchObject({ run: 'grpo', trainStep: '3' });
    expect(view.layout).toEqual(DEFAULT_LAYOUT);
  });

  it('a preset other than the default travels in full', () => {
    const v = { ...DEFAULT_VIEW, layout: presetLayout('retrieval') };
    expect(decodeView(encodeView(v)).view.layout).toEqual(presetLayout('retrieval'));
  });

  it('names what it cannot read and keeps the rest', () => {
    const { view, ignored } = decodeView(
      'range.f1=abc&range.nope=1~2&status=maybe&sort=bogus&cols=question,zzz,f1&w=f1:wide&x=1&range.rc=~',
    );
    expect(ignored).toEqual([
      'range.f1=abc',
      'range.nope=1~2',
      'status=maybe',
      'sort=bogus',
      'cols=zzz',
      'w=f1:wide',
      'x=1',
      'range.rc=~',
    ]);
    expect(view.filters).toEqual({ ...NO_FILTERS, ranges: {} });
    expect(view.sort).toBeNull();
    expect(view.layout.visible).toEqual(['question', 'f1']);
  });

  it('pins only shown columns, draws them first, and clamps widths', () => {
    const { view } = decodeView('cols=f1,question,rc&pin=question,answer&w=f1:5,rc:99999');
    expect(view.layout).toEqual({
      visible: ['question', 'f1', 'rc'],
      pinned: ['question'],
      widths: { f1: 36, rc: 900 },
    });
  });
});
