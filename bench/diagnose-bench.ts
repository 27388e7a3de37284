// `npm run bench -- diagnose [--json] [--records 500] [--rounds 5]`
// Diagnoses the same records with the evidence-chain sufficiency and with the rules it replaced
// (answer containment, `diagnose(t, { chain: false })`) in one process, alternating, each round on
// fresh copies so no passage cache carries over. The records are the shared R1-Searcher logs
// (../shared/data/trajectories, read in place) repeated to --records. The budget: the
// chain at most 2x the baseline's time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runImport } from '../app/cli/read-log';
import { diagnose } from '../app/core/diagnose/diagnose';
import type { Trajectory } from '../app/core/schema/trajectory';
import { defaultDataDir } from './corpus';
import { median } from './median';

async function sharedTrajectories(): Promise<Trajectory[]> {
  const dir = join(defaultDataDir(), 'trajectories');
  const out: Trajectory[] = [];
  for (const f of readdirSync(dir).filter((n) => n.startsWith('r1searcher_') && n.endsWith('.jsonl')))
    await runImport(join(dir, f), undefined, (t) => void out.push(t));
  return out;
}

function timeOnce(records: readonly Trajectory[], chain: boolean): number {
  const copies = records.map((t) => structuredClone(t));
  const t0 = performance.now();
  for (const t of copies) diagnose(t, { chain });
  return performance.now() - t0;
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const opt = (name: string, d: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : d;
  };
  const n = opt('--records', 500);
  const rounds = opt('--rounds', 5);
  const base = await sharedTrajectories();
  if (base.length === 0) throw new Error('no R1-Searcher logs under ../shared/data/trajectories');
  const records = Array.from({ length: n }, (_, i) => base[i % base.length] as Trajectory);
  timeOnce(records, true); // warm-up: JIT and module-level memos
  timeOnce(records, false);
  const chain: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < rounds; r++) {
    baseline.push(timeOnce(records, false));
    chain.push(timeOnce(records, true));
    console.error(
      `diagnose round ${r + 1}: baseline ${Math.round(baseline[r] ?? 0)} ms, chain ${Math.round(chain[r] ?? 0)} ms`,
    );
  }
  const result = {
    records: n,
    distinct: base.length,
    baselineMs: Math.round(median(baseline)),
    chainMs: Math.round(median(chain)),
    ratio: Number((median(chain) / median(baseline)).toFixed(2)),
    budgetRatio: 2,
  };
  if (json) console.log(JSON.stringify({ diagnose: result }));
  else
    console.log(
      `diagnose ${n} records (${base.length} distinct): baseline ${result.baselineMs} ms, evidence chain ${result.chainMs} ms, ratio ${result.ratio} (budget ≤ ${result.budgetRatio})`,
    );
}
