import { describe, expect, it } from 'vitest';
import { describeChange } from './describe';

describe('describeChange', () => {
  it('names documents by the rank and title a person saw, never by internal ids', () => {
    const replaced = describeChange({
      kind: 'replace_doc',
      docId: 'h2d2',
      doc: { id: 'p9', title: 'Casmere Botanical Institute', text: '…', rank: 2 },
    });
    expect(replaced).toBe('replaced document #2 with “Casmere Botanical Institute”');
    const dropped = describeChange({ kind: 'drop_doc', docId: 'h1d3', rank: 3, title: 'Citigroup' });
    expect(dropped).toBe('dropped document #3 “Citigroup”');
    // A fork stored before rank and title were kept still reads without its id.
    expect(describeChange({ kind: 'drop_doc', docId: 'h1d3' })).toBe('dropped document');
    for (const s of [replaced, dropped]) expect(s).not.toMatch(/h\dd\d/);
  });
});
