// `npm run bench -- live-run [--json] [--steps 300,3000,30000] [--tokens 400]`
// A live run's cost per streamed token on a draft of n steps (a fork replays its parent's steps
// first): each token is folded, handed to the listener and, once per FRAME_TOKENS tokens, redrawn
// as a finalized draft. "before": the listener got a copy of the whole step array per token and
// each redraw ran finalizeTrajectory over every step (issue 30); "after": the folder's own draft
// per token and DraftSnapshots per redraw (only the changed step is finalized).
import { finalizeTrajectory, type TrajectoryEvent, TrajectoryFolder } from '../app/core/schema/builder';
import { DraftSnapshots } from '../app/core/schema/draft-snapshots';
import type { Trajectory } from '../app/core/schema/trajectory';

/** Tokens per redraw: about what arrives in the run machine's 50 ms frame. */
const FRAME_TOKENS = 8;

function prefix(n: number): TrajectoryEvent[] {
  const out: TrajectoryEvent[] = [
    {
      type: 'start',
      id: 'live',
      question: 'Who founded the city where the founder of geometry lived?',
      source: { kind: 'live' },
      agent: { strategy: 'search-r1', params: {} },
      gold: { answers: ['Alexander the Great'] },
    },
  ];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) out.push({ type: 'step', step: { id: `q${i}`, kind: 'search', queries: [`q${i}`] } });
    else
      out.push({
        type: 'step',
        step: {
          id: `r${i}`,
          kind: 'retrieve',
          docs: [0, 1, 2].map((r) => ({
            id: `d${i}-${r}`,
            title: `T${r}`,
            text: `passage ${i % 50} ${r}`,
            rank: r + 1,
          })),
        },
      });
  }
  out.push({ type: 'step', step: { id: 'live', kind: 'think', text: '' } });
  return out;
}

function stream(n: number, tokens: number, mode: 'before' | 'after'): { ms: number; last: Trajectory } {
  const folder = new TrajectoryFolder();
  for (const e of prefix(n)) folder.apply(e);
  const snaps = new DraftSnapshots();
  let last: Trajectory = snaps.of(folder.draft);
  const t0 = performance.now();
  for (let i = 0; i < tokens; i++) {
    folder.apply({ type: 'step_token', stepId: 'live', text: `w${i} ` });
    const d = folder.draft;
    // What the listener was handed.
    const kept = mode === 'before' ? { ...d, steps: d.steps.slice() } : d;
    if ((i + 1) % FRAME_TOKENS === 0) last = mode === 'before' ? finalizeTrajectory(kept) : snaps.of(kept);
  }
  const ms = performance.now() - t0;
  return { ms, last };
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const at = args.indexOf('--steps');
  const sizes = (at >= 0 ? (args[at + 1] ?? '') : '300,3000,30000').split(',').map(Number);
  const ti = args.indexOf('--tokens');
  const tokens = ti >= 0 ? Number(args[ti + 1]) : 400;
  const rows: Array<{ steps: number; tokens: number; beforeUsPerToken: number; afterUsPerToken: number }> =
    [];
  for (const n of sizes) {
    // A warm-up run of each, then the measured one.
    stream(n, FRAME_TOKENS * 4, 'before');
    stream(n, FRAME_TOKENS * 4, 'after');
    const before = stream(n, tokens, 'before');
    const after = stream(n, tokens, 'after');
    // Both ways draw the same thing.
    if (JSON.stringify(before.last) !== JSON.stringify(after.last))
      throw new Error(`${n} steps: the two drafts differ`);
    const us = (ms: number) => Math.round((ms * 1000) / tokens);
    rows.push({ steps: n, tokens, beforeUsPerToken: us(before.ms), afterUsPerToken: us(after.ms) });
    console.error(`live-run: ${n.toLocaleString('en')} steps: ${us(before.ms)} → ${us(after.ms)} µs/token`);
  }
  if (json) console.log(JSON.stringify({ liveRun: rows }));
  else
    for (const r of rows)
      console.log(
        `${String(r.steps).padStart(7)} steps  before ${r.beforeUsPerToken} µs/token  after ${r.afterUsPerToken} µs/token`,
      );
  await Promise.resolve();
}
