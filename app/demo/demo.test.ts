// The bundled Veloria demo set: imports cleanly (with the manifest's format and by detection),
// covers every teaching case, and is exactly what the generator writes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { normalizeAnswer } from '../core/metrics/normalize';
import type { Step, Trajectory } from '../core/schema/trajectory';
import { DEMO_FILES, type DemoManifest, renderDemoFiles, writeDemo } from './build-demo';
import { ENTITIES, RELATIONS, SEED_PASSAGES } from './world-facts';

const PUBLIC = join(process.cwd(), 'public');
const DEMO_DIR = join(PUBLIC, 'demo');

/** Coverage case → trajectory id (Hopscope files) or record id (Search-R1 `id`, kept as qid). */
const CASES = {
  multiHop: 'demo-sr1-multihop',
  overSearch: 'demo-sr1-over-search',
  underSearch: 'demo-sr1-under-search',
  wrongEntity: 'demo-sr1-wrong-entity',
  queryLoop: 'demo-sr1-query-loop',
  apexPlan: 'demo-apex-plan',
  apexOverDecomposition: 'demo-apex-over-decomposition',
  wtsDirect: 'demo-wts-direct',
  wtsSearch: 'demo-wts-search',
  qagent: 'demo-qagent',
  exsearch: 'demo-exsearch',
  invalidAction: 'demo-sr1-invalid-action',
  comparison: 'demo-sr1-comparison',
  cutOff: 'demo-sr1-cut-off',
} as const;

const manifest = JSON.parse(readFileSync(join(DEMO_DIR, DEMO_FILES.manifest), 'utf8')) as DemoManifest;
const byCase = new Map<string, Trajectory>();
const all: Trajectory[] = [];
const idsByFile = new Map<string, string[]>();

function get(id: string): Trajectory {
  const t = byCase.get(id);
  if (!t) throw new Error(`demo trajectory ${id} missing`);
  return t;
}

const ofKind = (t: Trajectory, kind: Step['kind']): Step[] => t.steps.filter((s) => s.kind === kind);
const isRight = (t: Trajectory): boolean =>
  (t.gold?.answers ?? []).some((g) => normalizeAnswer(g) === normalizeAnswer(t.answer?.text ?? ''));

beforeAll(async () => {
  for (const f of manifest.files) {
    const text = readFileSync(join(PUBLIC, f.path), 'utf8');
    const r = await importAll(stringChunks(text), { file: f.path, format: f.format });
    expect(r.errors, f.path).toEqual([]);
    idsByFile.set(
      f.path,
      r.trajectories.map((t) => t.id),
    );
    for (const t of r.trajectories) {
      all.push(t);
      byCase.set(t.source.qid ?? t.id, t);
    }
  }
});

describe('demo files import', () => {
  it('lists both files with their formats', () => {
    expect(manifest.files.map((f) => f.format).sort()).toEqual(['hopscope', 'search-r1']);
    for (const f of manifest.files) expect(f.label.length).toBeGreaterThan(0);
  });

  it('imports with auto-detection to the same trajectories, without errors', async () => {
    for (const f of manifest.files) {
      const text = readFileSync(join(PUBLIC, f.path), 'utf8');
      const r = await importAll(stringChunks(text, 4096), { file: f.path });
      expect(r.errors, f.path).toEqual([]);
      expect(r.format, f.path).toBe(f.format);
      expect(r.trajectories.map((t) => t.id)).toEqual(idsByFile.get(f.path));
    }
  });

  it('holds at least 14 trajectories, every coverage case, each with gold answers', () => {
    expect(all.length).toBeGreaterThanOrEqual(14);
    for (const id of Object.values(CASES)) {
      const t = get(id);
      expect(t.gold?.answers.length, id).toBeGreaterThan(0);
      expect(t.question.length, id).toBeGreaterThan(0);
    }
  });

  it('gives Hopscope-format runs readable ids, timings and per-step numbers', () => {
    const own = all.filter((t) => t.source.format === 'hopscope');
    expect(own.length).toBeGreaterThanOrEqual(6);
    for (const t of own) {
      expect(t.id.startsWith('demo-'), t.id).toBe(true);
      expect(t.source.dataset).toBe('veloria-demo');
      expect(t.timing?.ms).toBeGreaterThan(0);
      for (const s of t.steps) {
        expect(typeof s.raw, `${t.id} ${s.id}`).toBe('string');
        expect(s.turn, `${t.id} ${s.id}`).toBeGreaterThan(0);
        expect(s.ms, `${t.id} ${s.id}`).toBeGreaterThan(0);
        expect(s.tokens, `${t.id} ${s.id}`).toBeGreaterThan(0);
        for (const d of s.docs ?? []) {
          expect(d.title && d.text && d.id, `${t.id} ${s.id}`).toBeTruthy();
          expect(typeof d.score).toBe('number');
        }
      }
    }
  });
});

describe('coverage cases', () => {
  it('good multi-hop: two searches, right answer', () => {
    const t = get(CASES.multiHop);
    expect(ofKind(t, 'search')).toHaveLength(2);
    expect(isRight(t)).toBe(true);
  });

  it('over-searching: the answer is in hop 1 and three more searches follow', () => {
    const t = get(CASES.overSearch);
    const firstRetrieve = t.steps.find((s) => s.kind === 'retrieve' && s.hop === 1);
    expect(firstRetrieve?.docs?.some((d) => d.containsAnswer)).toBe(true);
    const later = ofKind(t, 'search').filter((s) => s.index > (firstRetrieve?.index ?? Infinity));
    expect(later.length).toBeGreaterThanOrEqual(3);
    expect(isRight(t)).toBe(true);
  });

  it('under-searching: one search, no answer-bearing doc, wrong answer', () => {
    const t = get(CASES.underSearch);
    expect(ofKind(t, 'search')).toHaveLength(1);
    expect(t.steps.some((s) => s.docs?.some((d) => d.containsAnswer))).toBe(false);
    expect(t.answer?.text).toBeTruthy();
    expect(isRight(t)).toBe(false);
  });

  it('wrong entity binding: retrieves the namesake and answers with her dates', () => {
    const t = get(CASES.wrongEntity);
    expect(ofKind(t, 'search')).toHaveLength(1);
    const titles = t.steps.flatMap((s) => s.docs ?? []).map((d) => d.title);
    expect(titles).toContain('Teodora Maren');
    expect(titles).not.toContain('Teodor Maren');
    expect(isRight(t)).toBe(false);
  });

  it('query loop: the same normalized query at least four times', () => {
    const t = get(CASES.queryLoop);
    const counts = new Map<string, number>();
    for (const s of ofKind(t, 'search'))
      for (const q of s.queries ?? [])
        counts.set(normalizeAnswer(q), (counts.get(normalizeAnswer(q)) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(4);
    expect(isRight(t)).toBe(false);
  });

  it('APEX plan: a dependency chain with resolved sub-questions, hops per node and a confident answer', () => {
    const t = get(CASES.apexPlan);
    const plan = t.plan ?? [];
    expect(plan.map((n) => [n.id, n.dependsOn])).toEqual([
      ['1', []],
      ['2', ['1']],
      ['3', ['2']],
    ]);
    for (const n of plan) {
      expect(n.status).toBe('done');
      expect(n.answer).toBeTruthy();
      expect(n.resolvedText).toBeTruthy();
      expect(t.steps.some((s) => s.planNode === n.id && s.kind === 'search')).toBe(true);
      expect(t.steps.some((s) => s.planNode === n.id && s.kind === 'sub_answer')).toBe(true);
    }
    expect(plan[1]?.resolvedText).not.toContain('#1');
    expect(ofKind(t, 'decision').length).toBeGreaterThanOrEqual(3);
    expect(t.steps.some((s) => s.planNode === '2' && s.hop === 2 && s.kind === 'search')).toBe(true);
    expect(t.answer?.confidence).toBeGreaterThan(0);
    expect(t.answer?.confidence).toBeLessThanOrEqual(1);
    expect(isRight(t)).toBe(true);
  });

  it('APEX over-decomposition: more sub-questions than the gold plan', () => {
    const t = get(CASES.apexOverDecomposition);
    expect((t.plan ?? []).length).toBeGreaterThan(t.gold?.plan?.length ?? Infinity);
    expect(t.plan?.some((n) => n.status === 'failed')).toBe(true);
  });

  it('When-to-Search: answers directly after reflecting, or searches once', () => {
    const direct = get(CASES.wtsDirect);
    expect(ofKind(direct, 'search')).toHaveLength(0);
    expect(ofKind(direct, 'reflect')).toHaveLength(1);
    expect(isRight(direct)).toBe(true);
    const searched = get(CASES.wtsSearch);
    expect(ofKind(searched, 'search')).toHaveLength(1);
    expect(ofKind(searched, 'reflect').length).toBeGreaterThan(0);
    expect(isRight(searched)).toBe(true);
  });

  it('QAgent: plans, multi-query searches and reflections', () => {
    const t = get(CASES.qagent);
    expect(ofKind(t, 'plan').length).toBeGreaterThanOrEqual(2);
    expect(ofKind(t, 'search').some((s) => (s.queries?.length ?? 0) > 1)).toBe(true);
    expect(ofKind(t, 'reflect').length).toBeGreaterThanOrEqual(2);
    expect(isRight(t)).toBe(true);
  });

  it('ExSearch: think, search, rank, record, final', () => {
    const t = get(CASES.exsearch);
    const kinds = new Set(t.steps.map((s) => s.kind));
    for (const k of ['think', 'search', 'retrieve', 'rank', 'record', 'answer'] as const)
      expect(kinds.has(k), k).toBe(true);
    for (const s of ofKind(t, 'rank')) expect(s.ranking?.every((id) => id.length > 0)).toBe(true);
    expect(isRight(t)).toBe(true);
  });

  it('invalid action: the malformed turn is marked and the run recovers', () => {
    const t = get(CASES.invalidAction);
    expect(ofKind(t, 'invalid').length).toBeGreaterThan(0);
    expect(isRight(t)).toBe(true);
    // Search-R1's notice names the tags (`<search> and </search>`); they are not actions.
    expect(ofKind(t, 'search').flatMap((s) => s.queries ?? [])).toEqual(['Ambrel Bridge completion year']);
    expect(ofKind(t, 'answer')).toHaveLength(1);
  });

  it('comparison: looks up both founding years', () => {
    const t = get(CASES.comparison);
    expect(ofKind(t, 'search')).toHaveLength(2);
    expect(isRight(t)).toBe(true);
  });

  it('cut-off: no answer', () => {
    const t = get(CASES.cutOff);
    expect(t.answer).toBeUndefined();
    expect(t.finishReason).not.toBe('answer');
  });
});

describe('generator', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hopscope-demo-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('re-generates byte-identical files', () => {
    const written = writeDemo(dir);
    expect(written).toHaveLength(3);
    for (const name of Object.values(DEMO_FILES))
      expect(readFileSync(join(dir, name)), name).toEqual(readFileSync(join(DEMO_DIR, name)));
    expect(renderDemoFiles()).toEqual(renderDemoFiles());
  });
});

describe('world facts', () => {
  const ids = new Set(ENTITIES.map((e) => e.id));

  it('has unique ids and titles, and relations and passages name known entities', () => {
    expect(ids.size).toBe(ENTITIES.length);
    expect(new Set(SEED_PASSAGES.map((p) => p.id)).size).toBe(SEED_PASSAGES.length);
    expect(new Set(SEED_PASSAGES.map((p) => p.title)).size).toBe(SEED_PASSAGES.length);
    for (const r of RELATIONS) {
      expect(ids.has(r.subject), r.subject).toBe(true);
      expect(ids.has(r.object), r.object).toBe(true);
    }
    for (const p of SEED_PASSAGES) for (const a of p.about) expect(ids.has(a), `${p.title}: ${a}`).toBe(true);
  });

  it('states each person’s dates and birthplace in their passage as the fact table does', () => {
    for (const e of ENTITIES.filter((x) => x.kind === 'person')) {
      const p = SEED_PASSAGES.find((x) => x.title === e.name);
      expect(p, e.name).toBeDefined();
      expect(p?.text).toContain(`(${e.born}–${e.died})`);
      const born = RELATIONS.find((r) => r.subject === e.id && r.relation === 'born_in');
      const place = ENTITIES.find((x) => x.id === born?.object);
      expect(p?.text.toLowerCase(), e.name).toContain(`born in ${place?.name}`.toLowerCase());
    }
  });

  it('states founding years in the founded thing’s passage', () => {
    for (const r of RELATIONS.filter((x) => x.relation === 'founded')) {
      const org = ENTITIES.find((x) => x.id === r.object);
      const p = SEED_PASSAGES.find((x) => x.title === org?.name);
      expect(p?.text, org?.name).toContain(String(r.year));
      expect(org?.year).toBe(r.year);
    }
  });
});
