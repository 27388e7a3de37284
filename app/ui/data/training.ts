// Hooks over training runs: the over-steps summaries, from SQL aggregates in the SQL worker once
// its tables hold the rows (app/runtime/sql, core/sql/step-summary-sql.ts; the engine is started
// once there is a step to plot), else from the table worker's JS summaries
// (app/runtime/table/training.ts) while the engine loads or an import runs
// (./training-summary-pick.ts), and before either after a reload the last session's summaries
// stored when they are current (db/step-summary-store.ts); one question's samples from the table worker; the followed
// folders' state (app/services/training-follow.ts).
// Under the rows key, so every import refreshes them.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type HeldSteps, mergeStepChanges, NO_STEPS } from '../../core/training/step-summary';
import { sqlWorker } from '../../runtime/sql/client';
import { tableWorker } from '../../runtime/table/client';
import { followStatuses, subscribeFollows } from '../../services/training-follow';
import { importing as anyImportRunning, subscribeImports } from '../../services/import-activity';
import { loadStepSummaries } from '../../db/step-summary-store';
import { keys } from './queries';
import { useSqlRows } from './sql';
import { holdFirstRowsRead, useTableLoad } from './trajectories/table-view';
import { releaseFirstRead } from './trajectories/first-read-hold';
import {
  pickTrainingSummary,
  sqlCurrent,
  summaryQueries,
  type TrainingSummary,
} from './training-summary-pick';

export type { TrainingSummary, TrainingSummarySource } from './training-summary-pick';

/** One summary per (run, step): from SQL once the SQL tables hold the rows, else from the table worker. */
export function useTrainingSummary(): TrainingSummary {
  const qc = useQueryClient();
  // Before the table load mounts: its first read of every row waits while the stored summaries
  // are read and drawn (trajectories/first-read-hold.ts; released below, by trainingPlotsDrawn, or
  // when the page is left; in development StrictMode's second mount releases it at once).
  useState(() => holdFirstRowsRead(qc));
  useEffect(() => releaseFirstRead, []);
  const load = useTableLoad();
  const importing = useSyncExternalStore(subscribeImports, anyImportRunning);
  // How many samples the table worker's summaries count: with none (no step to plot yet) or too
  // many (tooLargeForSql), the SQL engine is not started for the plots.
  const [samples, setSamples] = useState(0);
  const rows = useSqlRows(summaryQueries(importing, false, samples).sql);
  // The generation of the rows the SQL tables hold now; null while the first load runs.
  const held = rows.data !== undefined && !rows.isPlaceholderData ? rows.data.generation : null;
  const sql = useQuery({
    queryKey: ['training-summary-sql', held],
    queryFn: () => sqlWorker().trainingSummary(),
    enabled: held !== null && !importing,
    staleTime: Number.POSITIVE_INFINITY,
    // The plots keep the last summary while the next (a step just imported) is loaded and grouped.
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });
  // The table worker's summaries as held here: each refresh asks for the steps changed since and
  // merges them, so its cost follows what an import added, not every step stored; the summaries
  // of unchanged steps stay the same objects.
  const steps = useRef<HeldSteps>(NO_STEPS);
  const table = useQuery({
    queryKey: ['training-summary', load.data],
    queryFn: async () => {
      const from = steps.current;
      const changes = await tableWorker().trainingSummaryChanges(from.epoch, from.version);
      steps.current = mergeStepChanges(steps.current, changes);
      setSamples(steps.current.list.reduce((n, s) => n + s.samples, 0));
      return steps.current.list;
    },
    enabled:
      load.data !== undefined &&
      summaryQueries(importing, sqlCurrent({ sql, held, rowsFetching: rows.isFetching }), samples).table,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });
  // The last session's summaries, when current: plotted until the table worker's arrive. Under the
  // rows key, so a write announced meanwhile reads them again (and finds them no longer current).
  const stored = useQuery({
    queryKey: [...keys.rows, 'stored-step-summaries'],
    queryFn: loadStepSummaries,
    enabled: table.data === undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Nothing stored to draw: the read need not wait.
  const nothingStored = stored.isError || (stored.isSuccess && !stored.data?.steps.length);
  useEffect(() => {
    if (nothingStored) releaseFirstRead();
  }, [nothingStored]);
  return pickTrainingSummary({
    importing,
    // Not while read again after a write: what it held may be of rows since changed.
    stored: stored.isFetching ? null : stored.data,
    sql,
    held,
    rowsFetching: rows.isFetching,
    rowsError: rows.error,
    table,
    samples,
  });
}

/** The Training page's plots are on screen: the table worker's first read begins after that frame. */
export function trainingPlotsDrawn(): void {
  requestAnimationFrame(() => setTimeout(releaseFirstRead, 0));
}

/** Questions of `run` matching `text` (the picker of "one question through training"). */
export function useTrainingQuestions(run: string, text: string) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-questions', load.data, run, text],
    queryFn: () => tableWorker().trainingQuestions(run, text),
    enabled: load.data !== undefined && run !== '',
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** Every sample of `question` in `run`, by step. */
export function useQuestionSamples(run: string, question: string | null) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-question-samples', load.data, run, question],
    queryFn: () => tableWorker().questionSamples(run, question!),
    enabled: load.data !== undefined && run !== '' && question !== null,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** The folders followed now, and what each is doing. */
export function useFollows() {
  return useSyncExternalStore(subscribeFollows, followStatuses);
}

/** The run and question of training sample `id` (a `#/training/q/<id>` link); null without one. */
export function useTrainingSample(id: string | null) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-sample', load.data, id],
    queryFn: () => tableWorker().trainingSampleOf(id!),
    enabled: load.data !== undefined && id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
