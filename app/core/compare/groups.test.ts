import { describe, expect, test } from 'vitest';
import { groupMembers, runGroups, strategyLabel, strategyLabels } from './groups';

const row = (id: string, file: string, strategy: string, line: number, live = false) => ({
  id,
  file,
  strategy,
  line,
  live,
});

describe('run groups', () => {
  const rows = [
    row('x2', 'a.jsonl', 'search-r1', 2),
    row('x1', 'a.jsonl', 'search-r1', 1),
    row('y1', 'mixed.jsonl', 'direct', 1),
    row('y2', 'mixed.jsonl', 'ircot', 2),
    row('l2', 'live runs', 'direct', 0, true),
    row('l1', 'live runs', 'direct', 0, true),
    row('l3', 'live runs', 'apex', 0, true),
    row('b1', 'batch: demo', 'direct', 0, true),
    row('b2', 'batch: demo', 'search-r1', 0, true),
  ];
  test('a row without a file name still gets a readable group', () => {
    expect(runGroups([row('n', '', 'direct', 0)])).toEqual([
      { id: 'file:', kind: 'file', label: '(no file name)', count: 1 },
    ]);
  });
  test('files, strategies within mixed files, and live strategies', () => {
    expect(runGroups(rows).map((g) => [g.id, g.count])).toEqual([
      ['file:a.jsonl', 2],
      ['file:mixed.jsonl', 2],
      ['file:mixed.jsonl|direct', 1],
      ['file:mixed.jsonl|ircot', 1],
      ['live:batch: demo|direct', 1],
      ['live:batch: demo|search-r1', 1],
      ['live:live runs|apex', 1],
      ['live:live runs|direct', 2],
    ]);
  });
  test('members come in file order', () => {
    expect(groupMembers(rows, 'file:a.jsonl').map((r) => r.id)).toEqual(['x1', 'x2']);
    expect(groupMembers(rows, 'file:mixed.jsonl|ircot').map((r) => r.id)).toEqual(['y2']);
    expect(groupMembers(rows, 'live:live runs|direct').map((r) => r.id)).toEqual(['l1', 'l2']);
    expect(groupMembers(rows, 'live:batch: demo|search-r1').map((r) => r.id)).toEqual(['b2']);
    expect(groupMembers(rows, 'file:nope')).toEqual([]);
  });
});

describe('strategyLabel', () => {
  const g = (label: string) => ({ id: `file:${label}`, kind: 'file' as const, label, count: 1 });
  test('drops the extension and keeps short names whole', () => {
    expect(strategyLabel(g('r1searcher_bamboogle_qwen.jsonl'))).toBe('r1searcher_bamboogle_qwen');
    expect(strategyLabel(g('mixed.jsonl · ircot'))).toBe('mixed · ircot');
  });
  test('shortens long names in the middle, keeping both ends', () => {
    const s = strategyLabel(g('searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json'));
    expect(s).toHaveLength(28);
    expect(s.startsWith('searchr1_flas')).toBe(true);
    expect(s.endsWith('mediate_data')).toBe(true);
    expect(s).toContain('…');
  });
});

describe('strategyLabels', () => {
  const g = (label: string) => ({ id: `file:${label}`, kind: 'file' as const, label, count: 1 });
  test('never reuse a batch strategy or another group', () => {
    const labels = strategyLabels([g('direct.jsonl'), g('direct.json'), g('other.jsonl')], ['direct']);
    expect([...labels.values()]).toEqual(['direct #2', 'direct #3', 'other']);
  });
});
