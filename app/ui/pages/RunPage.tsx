import { plural } from '../../core/plural';
import { useEffect, useRef, useState } from 'react';
import { STRATEGIES, strategy as strategyById } from '../../core/agents/registry';
import { questionGold } from '../../core/corpus/gold-join';
import { BatchPanel } from '../components/run/BatchPanel';
import { LiveView } from '../components/run/LiveView';
import { ModelConfig } from '../components/run/ModelConfig';
import { ParamsForm } from '../components/run/ParamsForm';
import { PromptEditor } from '../components/run/PromptEditor';
import { QuestionPicker, useChosenQuestion } from '../components/run/QuestionPicker';
import { RetrieverPicker, useRetrieverChoice } from '../components/run/RetrieverPicker';
import { useQuestionSets } from '../data/corpus/corpora';
import { useBatchRun } from '../state/batch-run';
import { useCorpusUi } from '../state/corpus-ui';
import { useLiveRun } from '../state/live-run';
import { useRunConfig } from '../state/run-config';
import { useUi } from '../state/ui-store';

/** Run one agent live, or a batch of questions × strategies, in the browser or against a server. */
export function RunPage() {
  const [tab, setTab] = useState<'single' | 'batch'>('single');
  return (
    <div className="run-page">
      <div className="tabs run-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'single'}
          className={tab === 'single' ? 'active' : ''}
          onClick={() => setTab('single')}
        >
          Live run
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'batch'}
          className={tab === 'batch' ? 'active' : ''}
          data-testid="batch-tab"
          onClick={() => setTab('batch')}
        >
          Batch &amp; compare
        </button>
      </div>
      {tab === 'single' ? <SingleRun /> : <BatchPanel />}
    </div>
  );
}

function SingleRun() {
  const cfg = useRunConfig();
  const run = useLiveRun();
  const embed = useCorpusUi((s) => s.embed);
  const sets = useQuestionSets();
  const setToast = useUi((s) => s.setToast);
  const chosen = useChosenQuestion();
  const linked =
    sets.data?.find((s) => s.id === (cfg.question.setId || sets.data?.[0]?.id))?.corpusId ?? null;
  const retriever = useRetrieverChoice(cfg.question.setId === '' && cfg.question.typed ? null : linked);
  const def = strategyById(cfg.strategy);
  const active = run.status === 'running' || run.status === 'preparing';
  // One model at a time: a live run would share (or replace) the model a batch is using.
  const batchBusy = useBatchRun((s) => s.status !== 'idle');
  const [showPrompts, setShowPrompts] = useState(false);

  const start = () => {
    if (!chosen.question || !retriever) return;
    void run.start(
      {
        def,
        question: chosen.question,
        ...(chosen.q ? { qid: chosen.q.id, gold: questionGold(chosen.q) } : {}),
        ...(chosen.setName ? { dataset: chosen.setName } : {}),
        params: cfg.params[def.id] ?? {},
        prompts: cfg.prompts[def.id] ?? {},
        llm: cfg.llm,
        ...(cfg.apiKey ? { apiKey: cfg.apiKey } : {}),
        retriever,
        embed,
      },
      (t) => {
        setToast(
          `Saved: ${t.agent.strategy} run, ${plural(t.steps.length, 'step')} (${t.finishReason ?? 'finished'})`,
        );
      },
    );
  };

  // Ctrl/⌘+Enter runs (also while typing a question), Esc stops a run in progress.
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const live = useLiveRun.getState();
      const busy = live.status === 'running' || live.status === 'preparing';
      if (
        e.key === 'Enter' &&
        (e.ctrlKey || e.metaKey) &&
        !busy &&
        useBatchRun.getState().status === 'idle'
      ) {
        e.preventDefault();
        startRef.current();
      } else if (e.key === 'Escape' && busy) {
        e.preventDefault();
        live.stop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="run-body">
      <aside className="run-config">
        <section className="card">
          <h3>Question</h3>
          <QuestionPicker />
        </section>
        <section className="card">
          <h3>Strategy</h3>
          <select
            value={def.id}
            data-testid="strategy-select"
            onChange={(e) => cfg.setStrategy(e.target.value)}
          >
            {STRATEGIES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
          <p className="small">{def.description}</p>
          <p className="muted tiny">{def.paper}</p>
          <ParamsForm
            defaults={def.defaults as Record<string, unknown>}
            values={cfg.params[def.id] ?? {}}
            onChange={(k, v) => cfg.setParam(def.id, k, v)}
            onReset={() => cfg.resetParams(def.id)}
          />
          <button type="button" className="link small" onClick={() => setShowPrompts(!showPrompts)}>
            {showPrompts ? 'hide prompts' : `prompts (${Object.keys(def.prompts).length})`}
            {Object.keys(cfg.prompts[def.id] ?? {}).length > 0 && ' · edited'}
          </button>
          {showPrompts && (
            <PromptEditor
              defaults={def.prompts}
              overrides={cfg.prompts[def.id] ?? {}}
              onChange={(name, text) => cfg.setPrompt(def.id, name, text)}
            />
          )}
        </section>
        <section className="card">
          <h3>Model</h3>
          <ModelConfig />
        </section>
        <section className="card">
          <h3>Retriever</h3>
          <RetrieverPicker value={retriever} />
        </section>
        <div className="run-actions">
          <button
            type="button"
            className="primary"
            disabled={active || batchBusy || !chosen.question || !retriever}
            onClick={start}
            data-testid="run-button"
            title={
              batchBusy
                ? 'A batch is running: pause it first'
                : !chosen.question
                  ? 'Pick or type a question first'
                  : 'Run the agent (Ctrl+Enter)'
            }
          >
            ▶ Run
          </button>
          <button
            type="button"
            disabled={!active}
            onClick={() => run.stop()}
            data-testid="stop-button"
            title="Stop the run (Esc)"
          >
            ■ Stop
          </button>
        </div>
      </aside>
      <div className="run-main">
        <LiveView />
      </div>
    </div>
  );
}
