// `npm run bench -- builder [--json] [--steps 10000,30000,100000,300000]`
// Folds one trajectory of n steps (think / search / retrieve with 3 docs, tokens streamed into each
// think step) through buildTrajectory and reports ms and µs per step for each n. The builder is
// linear when µs/step stays flat as n grows (before the fix, 30,000 steps took 34 s: quadratic).
import { buildTrajectory, type TrajectoryEvent } from '../app/core/schema/builder';

function events(n: number): TrajectoryEvent[] {
  const out: TrajectoryEvent[] = [
    {
      type: 'start',
      question: 'Who founded the city where the founder of geometry lived?',
      source: { kind: 'import', format: 'search-r1' },
      agent: { strategy: 'search-r1', params: {} },
      gold: { answers: ['Alexander the Great'] },
    },
  ];
  for (let i = 0; i < n; i++) {
    const kind = i % 3;
    if (kind === 0) {
      out.push({ type: 'step', step: { id: `t${i}`, kind: 'think', turn: i } });
      out.push({ type: 'step_token', stepId: `t${i}`, text: 'a' });
    } else if (kind === 1) out.push({ type: 'step', step: { kind: 'search', turn: i, queries: [`q${i}`] } });
    else {
      const docs = [0, 1, 2].map((r) => ({
        id: `d${i}-${r}`,
        title: `T${r}`,
        text: `passage ${i % 50} ${r}`,
        rank: r + 1,
      }));
      out.push({ type: 'step', step: { kind: 'retrieve', turn: i, docs } });
    }
  }
  out.push({ type: 'finish', reason: 'finished' });
  return out;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const at = args.indexOf('--steps');
  const sizes = (at >= 0 ? (args[at + 1] ?? '') : '10000,30000,100000,300000').split(',').map(Number);
  const rows: Array<{ steps: number; ms: number; usPerStep: number }> = [];
  for (const n of sizes) {
    const es = events(n);
    const t0 = performance.now();
    const t = buildTrajectory(es);
    const ms = performance.now() - t0;
    if (t.steps.length !== n) throw new Error(`built ${t.steps.length} steps, expected ${n}`);
    rows.push({ steps: n, ms: Math.round(ms), usPerStep: Math.round((ms * 1000) / n) });
    console.error(`builder: ${n.toLocaleString('en')} steps in ${Math.round(ms)} ms`);
  }
  if (json) console.log(JSON.stringify({ builder: rows }));
  else
    for (const r of rows)
      console.log(
        `${String(r.steps).padStart(8)} steps  ${String(r.ms).padStart(7)} ms  ${r.usPerStep} µs/step`,
      );
  await Promise.resolve();
}
