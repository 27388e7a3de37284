import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../annotations/annotation';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { DATA_OPEN, decodeReport, encodeReport, fillTemplate, reportData } from './payload';

const trajectories = hopscopeTrajectories();
const t0 = trajectories[0]!;
const note = makeAnnotation({
  trajectoryId: t0.id,
  label: 'note',
  annotator: 'ana',
  note: '</script><b>x</b>',
});
const stray = makeAnnotation({ trajectoryId: 'not-in-report', label: 'verdict:good', annotator: 'ana' });

describe('report payload', () => {
  it('round-trips trajectories and their annotations, compressed', async () => {
    const data = reportData(trajectories, [note, stray], { title: 'T', sources: ['a.jsonl'] });
    const enc = await encodeReport(data);
    expect(enc).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(enc.length).toBeLessThan(JSON.stringify(data).length / 2);
    const back = await decodeReport(enc);
    expect(back.trajectories).toEqual(trajectories);
    expect(back.annotations).toEqual([note]);
    expect(back.title).toBe('T');
    expect(back.sources).toEqual(['a.jsonl']);
  });

  it('fills only the data block; text that looks like markup stays inside the base64', async () => {
    const template = `<html><head>${DATA_OPEN}</script><script>app()</script></head></html>`;
    const enc = await encodeReport(reportData(trajectories, [note]));
    const html = fillTemplate(template, enc);
    expect(html).toBe(template.replace(`${DATA_OPEN}</script>`, `${DATA_OPEN}${enc}</script>`));
    expect(html).not.toContain('<b>x</b>');
    expect(() => fillTemplate('<html></html>', enc)).toThrow(/no data block/);
    expect(() => fillTemplate(template, '</script>')).toThrow(/base64/);
  });

  it('names a bad trajectory by its place and field', async () => {
    const bad = { ...reportData([t0], []), trajectories: [t0, { ...t0, steps: 'x' }] };
    const enc = await encodeReport(bad as never);
    await expect(decodeReport(enc)).rejects.toThrow(/report trajectory 2: field steps/);
  });
});
