// Pins the content ids (and the legacy, file-key-order ids kept beside them) the importers derive
// for the shared real logs and generated training steps (also re-serialised with sorted keys): a
// veRL sample no longer hashes a key-order id (its format came after canonical ids), and no id
// may change.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateStep } from '../../testing/training-run-generator';
import { hash53 } from '../hash';
import { canonicalJson } from '../io/canonical';
import { importBatches, stringChunks } from './pipeline';

const LOGS = join(__dirname, '../../../../shared/data/trajectories');

async function ids(file: string, text: string): Promise<{ ids: string[]; legacy: string[] }> {
  const out = { ids: [] as string[], legacy: [] as string[] };
  const gen = importBatches(stringChunks(text), { file });
  for (let r = await gen.next(); !r.done; r = await gen.next()) {
    for (const t of r.value.trajectories) out.ids.push(t.id);
    for (const [id, old] of r.value.legacyIds) out.legacy.push(`${id}<-${old}`);
  }
  return out;
}

const pinned = (list: string[]) => ({ n: list.length, hash: hash53(list.join('\n')) });

describe('content ids', () => {
  it('stay what they were for the real logs and training steps; a veRL sample hashes no key-order id', async () => {
    const got: Record<string, unknown> = {};
    const files = readdirSync(LOGS).sort();
    const step = generateStep(3, 2, { steps: 4, samplesPerStep: 40, seed: 5, malformedRate: 0 }).lines;
    const sources = [
      ...files.map((f) => ({ file: f, text: readFileSync(join(LOGS, f), 'utf8') })),
      { file: 'run/3.jsonl', text: step.join('\n') },
      // Keys already in canonical order: the canonical text and the file-order text are one.
      { file: 'run/4.jsonl', text: step.map((l) => canonicalJson(JSON.parse(l))).join('\n') },
    ];
    for (const s of sources) {
      const list = await ids(s.file, s.text);
      got[s.file] = { ids: pinned(list.ids), legacy: list.legacy.length ? pinned(list.legacy) : null };
    }
    const pin = (n: number, ids: string, legacy: string | null) => ({
      ids: { n, hash: ids },
      legacy: legacy ? { n, hash: legacy } : null,
    });
    // Ids as main derived them before this change (commit ff939cd), legacy ids too, except veRL's.
    expect(got).toEqual({
      'r1searcher_bamboogle_qwen.jsonl': pin(125, '1960dhyyavz', '20orcyxx8hi'),
      'r1searcher_hotpotqa_llama_30.jsonl': pin(30, 'by8ydr0k7o', '13fz3imwb5d'),
      'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json': pin(
        125,
        '16rux4mmexb',
        '1wrfigf45ny',
      ),
      'run/3.jsonl': pin(40, 'c166kzvst2', null),
      'run/4.jsonl': pin(40, '1alkow38tky', null),
    });
  });
});
