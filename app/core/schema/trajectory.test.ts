import { expect, it } from 'vitest';
import { parseTrajectory } from './trajectory';

const OLD = {
  schema: 'hopscope.trajectory/1',
  id: 't1',
  question: 'Q?',
  source: { kind: 'import', format: 'hopscope' },
  agent: { strategy: 'search-r1', params: {} },
  steps: [{ id: 's0', index: 0, kind: 'answer', text: 'a' }],
};

it('a record written before lineage existed still parses, unchanged', () => {
  const r = parseTrajectory(OLD);
  expect(r.ok && r.value).toEqual(OLD);
});

it('a fork record parses with its lineage', () => {
  const lineage = {
    parentId: 't0',
    stepIndex: 3,
    change: { kind: 'replace_doc', docId: 'h2d2', doc: { id: 'v1', title: 'T', text: 'x', rank: 2 } },
    replayed: 4,
    reconstruction: 'approximate',
    note: 'why',
  };
  const r = parseTrajectory({ ...OLD, lineage });
  expect(r.ok && r.value.lineage).toEqual(lineage);
});

it('a malformed lineage names its field', () => {
  const r = parseTrajectory({
    ...OLD,
    lineage: {
      parentId: 't0',
      stepIndex: 0,
      change: { kind: 'teleport' },
      replayed: 0,
      reconstruction: 'exact',
    },
  });
  expect(r.ok).toBe(false);
  expect(!r.ok && r.field).toBe('lineage.change.kind');
});
