// A training run's step and name from where a rollout dump sits: veRL writes `{step}.jsonl` into
// `rollout_data_dir` (and the validation dump into `validation_data_dir`); other trainers write
// `step_12.jsonl`, `rollout_step12_gpu0.jsonl` or a `global_step_12/` folder per checkpoint. The
// importer reads only the file name it is given, so a step file is imported under
// `<run>/<its step folders>/<file>` (importName) and the run is read back as every folder of that
// name but the step folders (runFromFileName): one rule for the app, the follower and run-summary.

/** A step folder (`global_step_12`, `step_12`), which names the step, not the run. */
const STEP_DIR = /^(?:global[_-]?)?step[_-]?(\d+)$/i;
/** `step12`, `step_12`, `global_step_12` inside a file name (`rollout_step12_gpu0`): the step. */
const STEP_IN_NAME = /(?:^|[^a-z])(?:global[_-]?)?step[_-]?(\d+)(?!\d)/i;
/** A file name that is only a number (`12.jsonl`, veRL's own): the step. */
const NUMBER_NAME = /^(\d+)$/;
const RECORDS_EXT = /\.(?:jsonl|json|ndjson)$/i;

function segments(file: string): string[] {
  return file.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/**
 * The training step a file's name gives: a `step` followed by digits in its name, else a name that
 * is a number, else its nearest step folder; null when none (the records' `step` field must say).
 * Other digits (a GPU rank, a date) are not a step.
 */
export function stepFromFileName(file: string): number | null {
  const parts = segments(file);
  const stem = (parts[parts.length - 1] ?? '').replace(RECORDS_EXT, '');
  const m = STEP_IN_NAME.exec(stem) ?? NUMBER_NAME.exec(stem);
  if (m) return Number(m[1]);
  for (let i = parts.length - 2; i >= 0; i--) {
    const d = STEP_DIR.exec(parts[i] ?? '');
    if (d) return Number(d[1]);
  }
  return null;
}

/** The folders of a path but its step folders, `/`-joined: its run's folder; '' when none. */
export function runFromFileName(file: string): string {
  return segments(file)
    .slice(0, -1)
    .filter((p) => !STEP_DIR.test(p))
    .join('/');
}

/** A path's step folders and file name: what stays of it once its run is named. */
export function stepPart(file: string): string {
  const parts = segments(file);
  return parts.filter((p, i) => i === parts.length - 1 || STEP_DIR.test(p)).join('/');
}

/**
 * The name a step file of `run` is imported under, so that runFromFileName gives `run` back:
 * `run/<step folders>/<file>` (the path's other folders are where the run sat, not part of it).
 */
export function importName(run: string, relativePath: string): string {
  const name = segments(run).join('/');
  const rest = stepPart(relativePath);
  return name ? `${name}/${rest}` : rest;
}
