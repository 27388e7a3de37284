import { useState } from 'react';
import { STRATEGIES } from '../../../core/agents/registry';
import { summarizeByStrategy } from '../../../core/batch/aggregate';
import { strategyTable } from '../../../core/batch/summary-table';
import type { BatchRecord } from '../../../db/db';
import { removeBatch, useBatches, useBatchTrajectories } from '../../data/runs/batches';
import { useBatchRun } from '../../state/batch-run';
import { useLiveRun } from '../../state/live-run';
import { useRunConfig } from '../../state/run-config';
import { CompareWithImports } from './CompareWithImports';
import { fileSlug } from '../../data/export/figure-export';
import { CsvExport } from '../charts/ExportButtons';
import { AblationForm } from './AblationForm';
import { BatchStartButton, useBatchForm } from './batch-form';
import { AblationResults } from './AblationResults';
import { SweepForm } from './SweepForm';
import { SweepResults } from './SweepResults';
import { TestModelWarning } from '../model/TestModelWarning';
import { plural } from '../../../core/plural';

const fmtS = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);

/** Batch runs: strategies × a question set, with progress, pause/resume/cancel and comparison. */
export function BatchPanel() {
  const batches = useBatches();
  const runner = useBatchRun();
  const [selected, setSelected] = useState<string | null>(null);
  const [mode, setMode] = useState<'batch' | 'sweep' | 'ablation'>('batch');
  const list = batches.data ?? [];
  const shown = list.find((b) => b.id === selected) ?? list[0] ?? null;
  return (
    <div className="batch-page">
      <aside className="run-config">
        <div className="segmented" role="group" aria-label="What to start">
          {(['batch', 'sweep', 'ablation'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              className={mode === m ? 'active' : ''}
              data-testid={`mode-${m}`}
              onClick={() => setMode(m)}
            >
              {m === 'batch' ? 'Batch' : m === 'sweep' ? 'Sweep' : 'Ablation'}
            </button>
          ))}
        </div>
        {mode === 'batch' ? (
          <NewBatch onCreated={(id) => setSelected(id)} />
        ) : mode === 'sweep' ? (
          <SweepForm onCreated={(id) => setSelected(id)} />
        ) : (
          <AblationForm onCreated={(id) => setSelected(id)} />
        )}
        <section className="card">
          <h3>Batches</h3>
          {list.length === 0 && <p className="muted small">None yet.</p>}
          <ul className="batch-list">
            {list.map((b) => (
              <BatchItem key={b.id} b={b} selected={b.id === shown?.id} onSelect={() => setSelected(b.id)} />
            ))}
          </ul>
        </section>
      </aside>
      <div className="run-main">
        {runner.status !== 'idle' && (
          <section className="card batch-progress" data-testid="batch-progress">
            <h3>
              <span className="dot dot-working" /> {runner.status === 'preparing' ? 'Preparing…' : 'Running'}{' '}
              · {runner.done} / {runner.total}
              {runner.etaS !== null && <span className="muted small"> · ETA {fmtS(runner.etaS)}</span>}
            </h3>
            <progress max={runner.total || 1} value={runner.done} />
            <p className="small muted">{runner.current}</p>
            <div className="row">
              <button type="button" onClick={() => void runner.pause()} data-testid="batch-pause">
                Pause
              </button>
              <button type="button" onClick={() => void runner.cancel()}>
                Cancel
              </button>
            </div>
          </section>
        )}
        {runner.error && <p className="error-text">{runner.error}</p>}
        {shown ? (
          <BatchResults b={shown} />
        ) : (
          <>
            <div className="empty">Start a batch on the left, or compare imported runs:</div>
            <CompareWithImports trajectories={[]} />
          </>
        )}
      </div>
    </div>
  );
}

function BatchItem({ b, selected, onSelect }: { b: BatchRecord; selected: boolean; onSelect: () => void }) {
  const runner = useBatchRun();
  const apiKey = useRunConfig((s) => s.apiKey);
  const total = b.spec.questions.length * b.spec.strategies.length;
  const mine = runner.batchId === b.id && runner.status !== 'idle';
  const liveBusy = useLiveRun((s) => s.status === 'running' || s.status === 'preparing');
  // "running" in storage but not in this page: the page was closed mid-batch.
  const status = b.status === 'running' && !mine ? 'interrupted' : b.status;
  return (
    <li className={selected ? 'selected' : ''} data-testid="batch-item">
      <button type="button" className="link batch-name" onClick={onSelect}>
        {b.name}
      </button>
      <div className="small muted">
        <span data-testid="batch-status">{status}</span> · {b.done.length}/{total} ·{' '}
        {b.spec.sweep
          ? `sweep of ${b.spec.sweep.strategy}: ${b.spec.sweep.params.map((p) => p.name).join(' × ')}`
          : b.spec.ablation
            ? `ablation of ${b.spec.ablation.strategy}: ${b.spec.ablation.arms.map((a) => a.label).join(' vs ')}`
            : b.spec.strategies.join(', ')}
      </div>
      <div className="row">
        {!mine && b.done.length < total && status !== 'cancelled' && (
          <button
            type="button"
            disabled={runner.status !== 'idle' || liveBusy}
            data-testid="batch-resume"
            onClick={() => void runner.run(b, apiKey || undefined)}
          >
            {b.done.length === 0 ? 'Start' : 'Resume'}
          </button>
        )}
        {!mine && (
          <button
            type="button"
            className="link small"
            onClick={async () => {
              if (!confirm(`Delete the batch “${b.name}”? Its trajectories stay in the trajectory table.`))
                return;
              await removeBatch(b.id);
            }}
          >
            delete
          </button>
        )}
      </div>
    </li>
  );
}

function NewBatch({ onCreated }: { onCreated: (id: string) => void }) {
  const form = useBatchForm('batch', 50, onCreated);
  const [picked, setPicked] = useState<string[]>(['direct', 'search-r1']);
  const create = () => form.start({ strategies: picked }, (set) => `${set} × ${picked.join(' + ')}`);
  return (
    <section className="card">
      <h3>New batch</h3>
      <div className="form-grid">{form.scope}</div>
      <div className="strategy-checks">
        {STRATEGIES.map((s) => (
          <label key={s.id} className="check">
            <input
              type="checkbox"
              checked={picked.includes(s.id)}
              data-testid={`batch-strategy-${s.id}`}
              onChange={(e) =>
                setPicked((p) => (e.target.checked ? [...p, s.id] : p.filter((x) => x !== s.id)))
              }
            />{' '}
            {s.label}
          </label>
        ))}
      </div>
      <p className="muted tiny">
        Uses the model, retriever, parameters and prompts set on the Live run tab. Direct beside a retrieval
        strategy gives the four-category breakdown.
      </p>
      <BatchStartButton form={form} ok={picked.length > 0} onStart={create} testId="batch-start">
        Start batch ({plural(form.questions * picked.length, 'run')})
      </BatchStartButton>
    </section>
  );
}

/** Models whose output the batch shows: each run's generator, and the embedder of a dense retriever. */
function batchModels(b: BatchRecord, ts: ReadonlyArray<{ agent: { model?: string } }>): string[] {
  const models = new Set(ts.flatMap((t) => (t.agent.model ? [t.agent.model] : [])));
  const retriever = b.spec.retriever as { kind?: string; mode?: string } | null;
  const embed = b.spec.embed as { modelId?: string } | null;
  if (retriever?.kind === 'local' && retriever.mode !== 'bm25' && embed?.modelId) models.add(embed.modelId);
  return [...models];
}

function BatchResults({ b }: { b: BatchRecord }) {
  const version = useBatchRun((s) => s.version);
  const ts = useBatchTrajectories(b, version);
  return (
    <div>
      <h2 className="batch-title">{b.name}</h2>
      <p className="muted small">
        {b.done.length} of {plural(b.spec.questions.length * b.spec.strategies.length, 'run')} stored ·
        created {new Date(b.createdAt).toLocaleString()}
      </p>
      {batchModels(b, ts.data ?? []).map((m) => (
        <TestModelWarning key={m} modelId={m} />
      ))}
      {ts.data &&
        (b.spec.sweep ? (
          <SweepResults sweep={b.spec.sweep} trajectories={ts.data} name={b.name} />
        ) : b.spec.ablation ? (
          <AblationResults ablation={b.spec.ablation} trajectories={ts.data} name={b.name} />
        ) : (
          <>
            <p className="small">
              <CsvExport
                name={`${fileSlug(b.name)}-strategies`}
                table={() => strategyTable(summarizeByStrategy(ts.data))}
                label="Strategy table as CSV"
              />
            </p>
            <CompareWithImports trajectories={ts.data} />
          </>
        ))}
    </div>
  );
}
