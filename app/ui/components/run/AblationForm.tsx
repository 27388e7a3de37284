import { useState } from 'react';
import { strategy as strategyById } from '../../../core/agents/registry';
import { ABLATION_PRESETS } from '../../../core/batch/ablation-presets';
import { BatchStartButton, useBatchForm } from './batch-form';

/** A new ablation batch: a paper's ablation arms of one strategy, run over the same questions. */
export function AblationForm({ onCreated }: { onCreated: (id: string) => void }) {
  const form = useBatchForm('ablation', 10, onCreated);
  const [presetId, setPresetId] = useState(ABLATION_PRESETS[0]!.id);
  const preset = ABLATION_PRESETS.find((p) => p.id === presetId) ?? ABLATION_PRESETS[0]!;
  const def = strategyById(preset.spec.strategy);
  const runs = form.questions * preset.spec.arms.length;
  const start = () =>
    form.start({ strategies: [], ablation: preset.spec }, (set) => `${set} · ${preset.label}`);

  return (
    <section className="card" data-testid="ablation-form">
      <h3>New ablation</h3>
      <div className="form-grid">
        <label>
          Preset
          <select
            value={presetId}
            data-testid="ablation-preset"
            onChange={(e) => setPresetId(e.target.value)}
          >
            {ABLATION_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {form.scope}
      </div>
      <p className="muted tiny">Reproduces {preset.source}.</p>
      <ul className="small ablation-arms" data-testid="ablation-arms">
        {preset.spec.arms.map((a) => (
          <li key={a.label}>
            <strong>{a.label}</strong>{' '}
            <span className="muted">
              {Object.entries(a.params)
                .map(([k, v]) => `${k}=${String(v)}`)
                .join(', ')}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted tiny">
        Each arm runs {def.label} with the parameters, model, retriever and prompts set on the Live run tab,
        its switches replaced by the arm’s.
      </p>
      <BatchStartButton form={form} ok onStart={start} testId="ablation-start">
        Start ablation ({runs} runs)
      </BatchStartButton>
    </section>
  );
}
