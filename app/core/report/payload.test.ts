import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../annotations/annotation';
import { toRow } from '../table/row';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { jawsWithoutGold } from '../../testing/jaws';
import { buildQuestionIndex } from '../corpus/gold-join';
import {
  CHUNK_SIZE,
  CHUNK_TYPE,
  DATA_OPEN,
  decodeChunk,
  decodeHead,
  encodeReport,
  fillTemplate,
  reportData,
} from './payload';

const demo = hopscopeTrajectories();
const t0 = demo[0]!;
const note = makeAnnotation({
  trajectoryId: t0.id,
  label: 'note',
  annotator: 'ana',
  note: '</script><b>x</b>',
});
const stray = makeAnnotation({ trajectoryId: 'not-in-report', label: 'verdict:good', annotator: 'ana' });
/** More than one chunk's worth, with distinct ids. */
const many = Array.from({ length: CHUNK_SIZE + 7 }, (_, i) => ({ ...demo[i % demo.length]!, id: `t${i}` }));

describe('report payload', () => {
  it('round-trips rows, annotations and trajectories in chunks, compressed, without raw', async () => {
    const data = reportData([{ ...t0, raw: 'RAW' }, ...demo.slice(1)], [note, stray], {
      title: 'T',
      sources: ['a.jsonl'],
    });
    expect(data.trajectories[0]!.raw).toBeUndefined();
    const enc = await encodeReport(data);
    expect(enc.chunks).toHaveLength(1);
    const head = await decodeHead(enc.head);
    // Every field the report reads; the searches (for the SQL tables, which it runs none of) stay out.
    expect(head.rows).toEqual(
      demo.map((t) => ({ ...toRow({ ...t, raw: undefined } as never), searches: [] })),
    );
    expect(head.annotations).toEqual([note]);
    expect(head.title).toBe('T');
    expect(head.sources).toEqual(['a.jsonl']);
    expect(await decodeChunk(enc.chunks[0]!, 0)).toEqual(data.trajectories);
  });

  it("packs no row's searches: the report never reads them", async () => {
    const data = reportData(demo, []);
    expect(data.rows.some((r) => r.searches.length > 0)).toBe(true);
    const { head } = await encodeReport(data);
    const bytes = Uint8Array.from(atob(head), (c) => c.charCodeAt(0));
    const packed = (await new Response(
      new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).json()) as { rows: Array<Record<string, unknown>> };
    expect(packed.rows).toHaveLength(demo.length);
    expect(packed.rows.filter((r) => 'searches' in r)).toEqual([]);
  });

  it('splits trajectories into chunks in order', async () => {
    const enc = await encodeReport(reportData(many, []));
    expect(enc.chunks).toHaveLength(2);
    const second = await decodeChunk(enc.chunks[1]!, 1);
    expect(second.map((t) => t.id)).toEqual(many.slice(CHUNK_SIZE).map((t) => t.id));
    expect(enc.head.length + enc.chunks.join('').length).toBeLessThan(JSON.stringify(many).length / 2);
  });

  it('fills the data block and adds the chunks; text that looks like markup stays in base64', async () => {
    const template = `<html><head>${DATA_OPEN}</script><script>app()</script></head></html>`;
    const enc = await encodeReport(reportData([t0], [note]));
    const html = fillTemplate(template, enc);
    expect(html).toBe(
      `<html><head>${DATA_OPEN}${enc.head}</script>\n<script type="${CHUNK_TYPE}">${enc.chunks[0]}</script><script>app()</script></head></html>`,
    );
    expect(html).not.toContain('<b>x</b>');
    expect(() => fillTemplate('<html></html>', enc)).toThrow(/no data block/);
    expect(() => fillTemplate(template, { head: '</script>', chunks: [] })).toThrow(/base64/);
  });

  it('names a bad trajectory by its place and field', async () => {
    const data = reportData([t0, t0], []);
    data.trajectories[1] = { ...t0, steps: 'x' } as never;
    const enc = await encodeReport(data);
    await expect(decodeChunk(enc.chunks[0]!, 0)).rejects.toThrow(/report trajectory 2: field steps/);
  });
});

describe('a report of trajectories whose gold comes from a loaded question set', () => {
  it("counts what the app's table counts: rows and views joined with the same gold", () => {
    const t = jawsWithoutGold();
    const index = buildQuestionIndex([
      {
        name: 'jaws-set',
        questions: [
          {
            id: 'q1',
            question: 'Who directed Jaws?',
            answers: ['Steven Spielberg'],
            source: { format: 'jsonl' as const, file: 'q.jsonl', line: 1 },
          },
        ],
      },
    ]);
    const data = reportData([t], [], { questions: index });
    // The app's stored row is toRow with the loaded sets (db/store); without them EM is unknown.
    expect(data.rows[0]).toEqual(toRow(t, index));
    expect(data.rows[0]?.em).toBe(1);
    expect(toRow(t).em).toBeNull();
    // The trajectory the report's view opens carries that gold too.
    expect(data.trajectories[0]?.gold?.answers).toEqual(['Steven Spielberg']);
  });
});
