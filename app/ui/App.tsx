import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AnnotatorBadge } from './components/shell/AnnotatorBadge';
import { DocumentView } from './components/documents/DocumentView';
import { ExportMenu } from './components/shell/ExportMenu';
import { HelpButton } from './components/shell/HelpButton';
import { HelpOverlay } from './components/shell/HelpOverlay';
import { ImportDialog } from './components/shell/ImportDialog';
import { ResetNotice } from './components/shell/ResetNotice';
import { useDemoWorld } from './data/corpus/corpora';
import { ensureDemoLoaded } from './data/demo';
import { isTyping } from './keyboard';
import { ErrorBoundary } from './components/shell/ErrorBoundary';
import { requestPersistentStorage } from '../services/storage/storage-health';
import { useAnnotationSync } from './data/refresh/annotation-sync';
import { useRestoreAnnotator } from './data/annotator-name';
import { warmTrajectoryWorker } from './data/trajectories/trajectory-view';
import { ComparePage } from './pages/ComparePage';
import { LinkedIds } from './components/shell/LinkedIds';
import { CorpusPage } from './pages/CorpusPage';
import { TrajectoriesPage } from './pages/TrajectoriesPage';
import { PapersPage } from './pages/PapersPage';
import { CalibrationPage } from './pages/CalibrationPage';
import { PresentPage } from './pages/PresentPage';
import { PairedPage } from './pages/PairedPage';
import { RunPage } from './pages/RunPage';
import { TrajectoryPage } from './pages/TrajectoryPage';
import { TrainingPage } from './pages/TrainingPage';
import { useResumeFollows } from './data/training-follow';
import { UnknownLink } from './pages/UnknownLink';
import { useCorpusUi } from './state/corpus-ui';
import { navigate, routeHash, useRoute, type Route } from './state/router';
import { useUi } from './state/ui-store';
import { shellPick } from './state/ui-picks';
import { useShallow } from 'zustand/react/shallow';

/** What each page is called in an error message. */
const PAGE_NAMES: Record<Route['page'], string> = {
  trajectories: 'the trajectory table',
  trajectory: 'this trajectory',
  corpus: 'the corpus page',
  run: 'the run page',
  paired: 'the paired comparison',
  papers: 'the papers page',
  calibrate: 'the calibration page',
  training: 'the training page',
  compare: 'the comparison',
  present: 'presenter mode',
  unknown: 'this link',
};

export function App() {
  const route = useRoute();
  useAnnotationSync();
  useRestoreAnnotator();
  // Dump folders followed before a reload go on importing their new step files.
  useResumeFollows();
  // Labels must not be evicted under storage pressure: ask once for persistent storage.
  useEffect(() => void requestPersistentStorage(), []);
  useEffect(() => warmTrajectoryWorker(), []);
  const qc = useQueryClient();
  const { helpOpen, setHelpOpen, setImportOpen, toast, setToast } = useUi(useShallow(shellPick));
  const demo = useQuery({
    queryKey: ['demo'],
    queryFn: ensureDemoLoaded,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The demo world's corpus and questions: the Corpus page opens on them, and their gold joins
  // onto matching trajectories.
  useDemoWorld();

  useEffect(() => {
    // A deep link opened on first start may have looked before the demo was stored.
    if (demo.data) void qc.invalidateQueries();
  }, [demo.data, qc]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelpOpen(!useUi.getState().helpOpen);
      } else if (e.key === 'Escape' && useUi.getState().helpOpen) {
        setHelpOpen(false);
      } else if (e.key === 'i' && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        // On the Corpus page, `i` loads a corpus; elsewhere it imports trajectories.
        if (location.hash.startsWith('#/corpus')) useCorpusUi.getState().setLoadOpen(true);
        else setImportOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setHelpOpen, setImportOpen]);

  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(t);
  }, [toast, setToast]);

  return (
    <div className="app">
      <header className="topbar">
        <button
          type="button"
          className="brand"
          onClick={() => navigate({ page: 'trajectories' })}
          title="Trajectories"
        >
          <img src="/favicon.svg" alt="" width={22} height={22} />
          <span>Hopscope</span>
        </button>
        <nav className="topnav">
          <button
            type="button"
            className={route.page === 'trajectories' ? 'active' : ''}
            onClick={() => navigate({ page: 'trajectories' })}
          >
            Trajectories
          </button>
          <button
            type="button"
            className={route.page === 'corpus' ? 'active' : ''}
            onClick={() => navigate({ page: 'corpus', corpusId: null })}
          >
            Corpus
          </button>
          <button
            type="button"
            className={route.page === 'run' ? 'active' : ''}
            onClick={() => navigate({ page: 'run' })}
            data-testid="nav-run"
          >
            Run
          </button>
          <button
            type="button"
            className={route.page === 'paired' ? 'active' : ''}
            onClick={() => navigate({ page: 'paired' })}
            data-testid="nav-paired"
          >
            Compare logs
          </button>
          <button
            type="button"
            className={route.page === 'calibrate' ? 'active' : ''}
            onClick={() => navigate({ page: 'calibrate' })}
            data-testid="nav-calibrate"
          >
            Calibrate
          </button>
          <button
            type="button"
            className={route.page === 'training' ? 'active' : ''}
            onClick={() => navigate({ page: 'training', sample: null })}
            data-testid="nav-training"
          >
            Training
          </button>
          <button
            type="button"
            className={route.page === 'papers' ? 'active' : ''}
            onClick={() => navigate({ page: 'papers', paperId: null })}
            data-testid="nav-papers"
          >
            Papers
          </button>
        </nav>
        <div className="spacer" />
        {demo.isFetching && <span className="muted">Loading demo set…</span>}
        {demo.error && <span className="error-text">Demo failed to load: {String(demo.error)}</span>}
        <button type="button" onClick={() => setImportOpen(true)} title="Import trajectories (i)">
          Import…
        </button>
        <ExportMenu />
        <AnnotatorBadge />
        <HelpButton onOpen={() => setHelpOpen(true)} />
      </header>
      <ResetNotice />
      <main className="main">
        <ErrorBoundary what={PAGE_NAMES[route.page]} resetKey={routeHash(route)}>
          {route.page === 'trajectories' ? (
            <TrajectoriesPage />
          ) : route.page === 'corpus' ? (
            <CorpusPage corpusId={route.corpusId} />
          ) : route.page === 'run' ? (
            <RunPage />
          ) : route.page === 'paired' ? (
            <PairedPage />
          ) : route.page === 'calibrate' ? (
            <CalibrationPage />
          ) : route.page === 'training' ? (
            route.sample ? (
              <LinkedIds ids={[route.sample]}>{([id]) => <TrainingPage sample={id ?? null} />}</LinkedIds>
            ) : (
              <TrainingPage sample={null} />
            )
          ) : route.page === 'papers' ? (
            <PapersPage paperId={route.paperId} />
          ) : route.page === 'compare' ? (
            <LinkedIds ids={route.ids}>{(ids) => <ComparePage ids={ids} />}</LinkedIds>
          ) : route.page === 'present' ? (
            <LinkedIds ids={[route.id]}>{([id]) => <PresentPage id={id ?? route.id} />}</LinkedIds>
          ) : route.page === 'unknown' ? (
            <UnknownLink hash={route.hash} />
          ) : (
            <LinkedIds ids={[route.id]}>
              {([id]) => <TrajectoryPage id={id ?? route.id} stepRef={route.step} />}
            </LinkedIds>
          )}
        </ErrorBoundary>
      </main>
      <ImportDialog />
      <DocumentView />
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
      {toast && (
        <div className="toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
