// Writes a generated training run (training-run-generator.ts) for trying the Training page and
// `run-summary` without a real run:
//   npx tsx app/testing/training-run-cli.ts DIR --steps N --samples M --seed S [--style r1-searcher]
//     [--malformed RATE] [--group G] [--no-step-field]
import { pathToFileURL } from 'node:url';
import { type TrainingRunOptions, writeTrainingRun } from './training-run-generator';

const USAGE =
  'usage: training-run-cli DIR --steps N --samples M --seed S [--style search-r1|r1-searcher] [--malformed RATE] [--group G] [--no-step-field]';

export function parseGenArgs(argv: readonly string[]): { dir: string; opts: TrainingRunOptions } | string {
  const nums: Record<string, number> = {};
  let dir: string | undefined;
  let style: TrainingRunOptions['style'];
  let stepField = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--no-step-field') stepField = false;
    else if (a === '--style') {
      const v = argv[++i];
      if (v !== 'search-r1' && v !== 'r1-searcher') return '--style must be search-r1 or r1-searcher';
      style = v;
    } else if (['--steps', '--samples', '--seed', '--malformed', '--group'].includes(a)) {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0) return `${a} needs a number ≥ 0`;
      nums[a.slice(2)] = v;
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else if (dir === undefined) dir = a;
    else return 'one folder only';
  }
  if (!dir) return 'missing DIR';
  const opts: TrainingRunOptions = {
    steps: Math.floor(nums.steps ?? 20),
    samplesPerStep: Math.floor(nums.samples ?? 64),
    seed: Math.floor(nums.seed ?? 1),
    stepField,
  };
  if (style) opts.style = style;
  if (nums.malformed !== undefined) opts.malformedRate = nums.malformed;
  if (nums.group !== undefined) opts.groupSize = Math.max(1, Math.floor(nums.group));
  return { dir, opts };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseGenArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}\n`);
    return 2;
  }
  const written = await writeTrainingRun(args.dir, args.opts);
  const bad = written.reduce((n, s) => n + s.malformed.length, 0);
  process.stderr.write(
    `wrote ${written.length} step files × ${args.opts.samplesPerStep} samples to ${args.dir} (${bad} malformed lines)\n`,
  );
  return 0;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href)
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
