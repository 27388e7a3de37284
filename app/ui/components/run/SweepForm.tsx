import { useState } from 'react';
import { STRATEGIES, strategy as strategyById } from '../../../core/agents/registry';
import {
  gridSize,
  numericParams,
  parseValues,
  type SweepSpec,
  sweepProblem,
} from '../../../core/batch/sweep-grid';
import { SWEEP_PRESETS } from '../../../core/batch/sweep-presets';
import { BatchStartButton, useBatchForm } from './batch-form';

interface Row {
  name: string;
  text: string;
}

const FIRST = SWEEP_PRESETS[0]!;
const rowsOf = (spec: SweepSpec): Row[] =>
  spec.params.map((p) => ({ name: p.name, text: p.values.join(', ') }));

/** The values typed for each parameter as a sweep, or the first problem with them. */
function readSweep(strategy: string, rows: readonly Row[]): { spec: SweepSpec } | { error: string } {
  const defaults = strategyById(strategy).defaults as Record<string, unknown>;
  const params: SweepSpec['params'] = [];
  for (const r of rows) {
    const parsed = parseValues(r.name, r.text, Number(defaults[r.name]));
    if ('error' in parsed) return parsed;
    params.push({ name: r.name, values: parsed.values });
  }
  const spec = { strategy, params };
  const problem = sweepProblem(spec, defaults);
  return problem ? { error: problem } : { spec };
}

/** A new parameter sweep: a strategy, parameters with value lists (or a paper's preset), questions. */
export function SweepForm({ onCreated }: { onCreated: (id: string) => void }) {
  const form = useBatchForm('sweep', 10, onCreated);
  const [strategy, setStrategy] = useState(FIRST.spec.strategy);
  const [rows, setRows] = useState<Row[]>(rowsOf(FIRST.spec));
  const [preset, setPreset] = useState(FIRST.id);
  const def = strategyById(strategy);
  const numeric = numericParams(def.defaults);
  const read = readSweep(strategy, rows);
  const runs = 'spec' in read ? form.questions * gridSize(read.spec) : 0;
  const current = SWEEP_PRESETS.find((p) => p.id === preset);

  const edit = (i: number, patch: Partial<Row>) => {
    setPreset('');
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  };
  const valueOf = (p: string) => String((def.defaults as Record<string, unknown>)[p]);
  const start = async () => {
    if (!('spec' in read)) return;
    const swept = read.spec.params.map((p) => p.name).join(' × ');
    await form.start(
      { strategies: [], sweep: read.spec },
      (set) => `${set} · ${def.label} sweep of ${swept}`,
    );
  };

  return (
    <section className="card" data-testid="sweep-form">
      <h3>New sweep</h3>
      <div className="form-grid">
        <label>
          Preset
          <select
            value={preset}
            data-testid="sweep-preset"
            onChange={(e) => {
              const p = SWEEP_PRESETS.find((x) => x.id === e.target.value);
              setPreset(e.target.value);
              if (p) {
                setStrategy(p.spec.strategy);
                setRows(rowsOf(p.spec));
              }
            }}
          >
            <option value="">custom</option>
            {SWEEP_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Strategy
          <select
            value={strategy}
            data-testid="sweep-strategy"
            onChange={(e) => {
              const next = strategyById(e.target.value);
              const first = numericParams(next.defaults)[0];
              setPreset('');
              setStrategy(next.id);
              setRows(
                first
                  ? [{ name: first, text: String((next.defaults as Record<string, unknown>)[first]) }]
                  : [],
              );
            }}
          >
            {STRATEGIES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {rows.map((r, i) => (
          <div key={i} className="sweep-param">
            <select
              value={r.name}
              aria-label={`Swept parameter ${i + 1}`}
              data-testid="sweep-param"
              onChange={(e) => edit(i, { name: e.target.value, text: valueOf(e.target.value) })}
            >
              {numeric.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <input
              value={r.text}
              aria-label={`Values of ${r.name}`}
              placeholder="e.g. 1, 3, 5"
              data-testid="sweep-values"
              onChange={(e) => edit(i, { text: e.target.value })}
            />
            <button
              type="button"
              className="link small"
              aria-label={`Remove ${r.name}`}
              onClick={() => {
                setPreset('');
                setRows((rs) => rs.filter((_, j) => j !== i));
              }}
            >
              remove
            </button>
          </div>
        ))}
        {rows.length < numeric.length && (
          <button
            type="button"
            className="link small add-param"
            data-testid="sweep-add-param"
            onClick={() => {
              const free = numeric.find((p) => !rows.some((r) => r.name === p))!;
              setPreset('');
              setRows((rs) => [...rs, { name: free, text: valueOf(free) }]);
            }}
          >
            + parameter
          </button>
        )}
        {form.scope}
      </div>
      {current && <p className="muted tiny">Reproduces {current.source}.</p>}
      {'error' in read && (
        <p className="error-text small" role="alert" data-testid="sweep-error">
          {read.error}
        </p>
      )}
      <p className="muted tiny">
        Each grid point runs {def.label} with the parameters, model, retriever and prompts set on the Live run
        tab, the swept parameters replaced by the point’s values.
      </p>
      <BatchStartButton form={form} ok={'spec' in read} onStart={start} testId="sweep-start">
        Start sweep ({runs} runs)
      </BatchStartButton>
    </section>
  );
}
