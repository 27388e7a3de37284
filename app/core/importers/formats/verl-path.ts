// A training run's step and name from where a rollout dump sits: veRL writes `{step}.jsonl` into
// `rollout_data_dir` (and the validation dump into `validation_data_dir`); other trainers write
// `step_12.jsonl` or a `global_step_12/` folder per checkpoint. The importer reads the file name it
// is given, so a folder imported as one run is named `<run>/<path inside the folder>`.

/** A step folder (`global_step_12`, `step_12`), which names the step, not the run. */
const STEP_DIR = /^(?:global[_-]?)?step[_-]?(\d+)$/i;
/** A step file: `12.jsonl`, `step_12.jsonl`, `global_step_12.json`, `rollout_step12.jsonl`. */
const STEP_FILE = /^(?:.*?(?:global[_-]?)?step[_-]?)?(\d+)\.(?:jsonl|json|ndjson)$/i;

function segments(file: string): string[] {
  return file.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** The training step a file's name gives (its name, else its nearest step folder); null when none. */
export function stepFromFileName(file: string): number | null {
  const parts = segments(file);
  const name = parts[parts.length - 1] ?? '';
  const m = STEP_FILE.exec(name);
  if (m) return Number(m[1]);
  for (let i = parts.length - 2; i >= 0; i--) {
    const d = STEP_DIR.exec(parts[i] ?? '');
    if (d) return Number(d[1]);
  }
  return null;
}

/** The run a file belongs to: its nearest folder that is not a step folder; '' when none. */
export function runFromFileName(file: string): string {
  const parts = segments(file);
  for (let i = parts.length - 2; i >= 0; i--) {
    const p = parts[i] ?? '';
    if (!STEP_DIR.test(p)) return p;
  }
  return '';
}

/**
 * The name a step file is imported under so its run comes through: `run/relative path`. A run name
 * holding a slash keeps only what follows the last one (a run is one folder).
 */
export function trainingFileName(run: string, relativePath: string): string {
  const name = segments(run).pop() ?? '';
  const rel = segments(relativePath).join('/');
  return name ? `${name}/${rel}` : rel;
}
