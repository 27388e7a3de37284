// What the batch, sweep and ablation forms share: the question set, N and name they run over,
// the retriever for that set, and create-then-run (store the batch with the Live run tab's
// settings, select it, start it). Each form adds only what it runs: strategies, a grid, or arms.
import { type ReactNode, useState } from 'react';
import { batchQuestions, createBatch, type NewBatch } from '../../../services/batch/batch-create';
import { useQuestionSet, useQuestionSets } from '../../data/corpus/corpora';
import { useBatchRun } from '../../state/batch-run';
import { useCorpusUi } from '../../state/corpus-ui';
import { useLiveRun } from '../../state/live-run';
import { useRunConfig } from '../../state/run-config';
import { BatchScopeFields } from './BatchScopeFields';
import { useRetrieverChoice } from './RetrieverPicker';

type Kind = 'batch' | 'sweep' | 'ablation';

/** What one form runs; the scope (questions, settings) is filled in by `start`. */
export type BatchPlan = Omit<NewBatch, 'questions' | 'settings' | 'name'>;

export function useBatchForm(kind: Kind, defaultN: number, onCreated: (id: string) => void) {
  const cfg = useRunConfig();
  const embed = useCorpusUi((s) => s.embed);
  const sets = useQuestionSets();
  const runner = useBatchRun();
  const liveBusy = useLiveRun((s) => s.status === 'running' || s.status === 'preparing');
  const [setId, setSetId] = useState('');
  const [n, setN] = useState(defaultN);
  const [name, setName] = useState('');
  const sid = setId || sets.data?.[0]?.id || '';
  const set = useQuestionSet(sid || null);
  const summary = sets.data?.find((s) => s.id === sid);
  const retriever = useRetrieverChoice(summary?.corpusId ?? null);

  /** Creates the batch (named `defaultName(set name)` unless the user named it), selects it, runs it. */
  const start = async (plan: BatchPlan, defaultName: (setName: string) => string) => {
    if (!set.data || !retriever) return;
    const b = await createBatch({
      ...plan,
      name: name.trim() || defaultName(set.data.name),
      questions: batchQuestions(set.data, n),
      settings: { params: cfg.params, prompts: cfg.prompts, llm: cfg.llm, retriever, embed },
    });
    onCreated(b.id);
    void runner.run(b, cfg.apiKey || undefined);
  };

  return {
    start,
    /** Questions each strategy, grid point or arm runs: N, at most the set's size. */
    questions: Math.min(n, summary?.questions ?? 0),
    liveBusy,
    /** Whether the scope allows a start (a set loaded, a retriever, no batch or live run going). */
    ready: !!set.data && runner.status === 'idle' && !!retriever && !liveBusy,
    scope: (
      <BatchScopeFields
        kind={kind}
        sets={sets.data}
        setId={sid}
        onSetId={setSetId}
        n={n}
        onN={setN}
        name={name}
        onName={setName}
      />
    ),
  };
}

export function BatchStartButton({
  form,
  ok,
  onStart,
  testId,
  children,
}: {
  form: ReturnType<typeof useBatchForm>;
  /** What the form itself needs (strategies picked, a valid grid). */
  ok: boolean;
  onStart: () => Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="primary"
      disabled={!ok || !form.ready}
      title={form.liveBusy ? 'A live run is in progress' : undefined}
      onClick={() => void onStart()}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
