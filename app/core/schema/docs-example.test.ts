// The example in docs/trajectory-schema.md must stay a valid trajectory.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { parseTrajectory } from './trajectory';

test('the documented example parses as hopscope.trajectory/1', () => {
  const md = readFileSync(resolve(__dirname, '../../../docs/trajectory-schema.md'), 'utf8');
  const json = md.split('```json')[1]?.split('```')[0];
  expect(json).toBeDefined();
  const r = parseTrajectory(JSON.parse(json ?? ''));
  expect(r.ok ? r.value.plan?.map((p) => p.dependsOn) : r.error).toEqual([[], ['1'], ['2']]);
});
