import { useEffect, useMemo, useState } from 'react';
import type { Annotation } from '../core/annotations/annotation';
import { plural } from '../core/plural';
import type { ReportData } from '../core/report/payload';
import { type ReportSource, useReportTrajectory } from './source';
import { DocumentView } from '../ui/components/documents/DocumentView';
import { HelpButton } from '../ui/components/shell/HelpButton';
import { HelpOverlay } from '../ui/components/shell/HelpOverlay';
import { PresenterView } from '../ui/components/present/PresenterView';
import { isTyping } from '../ui/keyboard';
import { TrajectoryTable } from '../ui/pages/TrajectoryTable';
import type { TableQuery } from '../core/table/query';
import { useMemoryTable } from '../ui/pages/table-source';
import { navigate, useRoute } from '../ui/state/router';
import { useUi } from '../ui/state/ui-store';
import { ReportTrajectory } from './ReportTrajectory';

/** The report: the table, each trajectory and presenter mode, on the app's hash routes. */
export function ReportApp({
  head: data,
  source,
}: {
  head: Omit<ReportData, 'trajectories'>;
  source: ReportSource;
}) {
  const route = useRoute();
  const [helpOpen, setHelpOpen] = useState(false);
  const rows = data.rows;
  // The table computes its view over the report's inline rows (no worker in a file:// page).
  function useRowsTable(q: TableQuery) {
    return useMemoryTable(rows, q);
  }
  const annotationsOf = useMemo(() => {
    const m = new Map<string, Annotation[]>();
    for (const a of data.annotations) {
      const list = m.get(a.trajectoryId);
      if (list) list.push(a);
      else m.set(a.trajectoryId, [a]);
    }
    return m;
  }, [data]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      if (e.key === '?') setHelpOpen((h) => !h);
      else if (e.key === 'Escape' && helpOpen) setHelpOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [helpOpen]);
  // The pages read the help state from the app's store to keep their keys quiet under it.
  useEffect(() => useUi.getState().setHelpOpen(helpOpen), [helpOpen]);

  const id = route.page === 'trajectory' || route.page === 'present' ? route.id : null;
  const loaded = useReportTrajectory(source, id);
  const t = loaded?.state === 'ok' ? loaded.t : undefined;
  const missing = id !== null && !source.has(id) && (
    <div className="empty">
      This report has no trajectory <code>{id}</code>.{' '}
      <button type="button" className="link" onClick={() => navigate({ page: 'trajectories' })}>
        Back to the table
      </button>
    </div>
  );
  if (route.page === 'present' && t)
    return (
      <div className="app">
        <PresenterView
          key={t.id}
          t={t}
          annotations={annotationsOf.get(t.id) ?? []}
          onExit={() => navigate({ page: 'trajectory', id: t.id, step: null })}
        />
      </div>
    );
  return (
    <div className="app report">
      <header className="topbar">
        <button
          type="button"
          className="brand"
          onClick={() => navigate({ page: 'trajectories' })}
          title="The table"
        >
          <span>Hopscope report</span>
        </button>
        <span className="report-title" data-testid="report-title">
          {data.title}
        </span>
        <span className="muted small" title={data.sources.join('\n')}>
          {plural(data.rows.length, 'trajectory')}
          {data.sources.length > 0 ? ` from ${data.sources.join(', ')}` : ''} · made{' '}
          {data.createdAt.slice(0, 16).replace('T', ' ')} UTC · read-only
        </span>
        <div className="spacer" />
        <HelpButton onOpen={() => setHelpOpen(true)} />
      </header>
      <main className="main">
        {loaded?.state === 'loading' && source.has(id ?? '') && (
          <div className="empty">Loading trajectory…</div>
        )}
        {loaded?.state === 'error' && source.has(id ?? '') && (
          <div className="empty error-text">{loaded.error}</div>
        )}
        {missing ||
          (t ? (
            <ReportTrajectory
              key={t.id}
              t={t}
              stepRef={route.page === 'trajectory' ? route.step : null}
              annotations={annotationsOf.get(t.id) ?? []}
              order={useUi.getState().visibleIds.length ? useUi.getState().visibleIds : rows.map((r) => r.id)}
            />
          ) : id !== null ? null : (
            <TrajectoryTable useSource={useRowsTable} annotations={data.annotations} compare={false} />
          ))}
      </main>
      <DocumentView />
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
