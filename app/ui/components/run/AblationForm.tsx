import { useState } from 'react';
import { strategy as strategyById } from '../../../core/agents/registry';
import { ABLATION_PRESETS } from '../../../core/batch/ablation-presets';
import { batchQuestions, createBatch } from '../../../services/batch-create';
import { useQuestionSet, useQuestionSets } from '../../data/corpora';
import { useBatchRun } from '../../state/batch-run';
import { useCorpusUi } from '../../state/corpus-ui';
import { useLiveRun } from '../../state/live-run';
import { useRunConfig } from '../../state/run-config';
import { BatchScopeFields } from './BatchScopeFields';
import { useRetrieverChoice } from './RetrieverPicker';

/** A new ablation batch: a paper's ablation arms of one strategy, run over the same questions. */
export function AblationForm({ onCreated }: { onCreated: (id: string) => void }) {
  const cfg = useRunConfig();
  const embed = useCorpusUi((s) => s.embed);
  const sets = useQuestionSets();
  const runner = useBatchRun();
  const liveBusy = useLiveRun((s) => s.status === 'running' || s.status === 'preparing');
  const [presetId, setPresetId] = useState(ABLATION_PRESETS[0]!.id);
  const [setId, setSetId] = useState('');
  const [n, setN] = useState(10);
  const [name, setName] = useState('');
  const preset = ABLATION_PRESETS.find((p) => p.id === presetId) ?? ABLATION_PRESETS[0]!;
  const sid = setId || sets.data?.[0]?.id || '';
  const set = useQuestionSet(sid || null);
  const summary = sets.data?.find((s) => s.id === sid);
  const retriever = useRetrieverChoice(summary?.corpusId ?? null);
  const def = strategyById(preset.spec.strategy);
  const runs = Math.min(n, summary?.questions ?? 0) * preset.spec.arms.length;

  const start = async () => {
    if (!set.data || !retriever) return;
    const b = await createBatch({
      name: name.trim() || `${set.data.name} · ${preset.label}`,
      questions: batchQuestions(set.data, n),
      strategies: [],
      ablation: preset.spec,
      settings: { params: cfg.params, prompts: cfg.prompts, llm: cfg.llm, retriever, embed },
    });
    onCreated(b.id);
    void runner.run(b, cfg.apiKey || undefined);
  };

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
        <BatchScopeFields
          kind="ablation"
          sets={sets.data}
          setId={sid}
          onSetId={setSetId}
          n={n}
          onN={setN}
          name={name}
          onName={setName}
        />
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
      <button
        type="button"
        className="primary"
        disabled={!set.data || runner.status !== 'idle' || !retriever || liveBusy}
        title={liveBusy ? 'A live run is in progress' : undefined}
        onClick={() => void start()}
        data-testid="ablation-start"
      >
        Start ablation ({runs} runs)
      </button>
    </section>
  );
}
