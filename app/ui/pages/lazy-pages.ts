// Every page but Training is its own chunk, loaded the first time it is shown. After a reload on
// the Training page (issue 37: "after a reload, 1M samples: Training page plotted ≤ 2 s") the
// browser fetched, parsed and ran the code of every page before the first plot, on a page start
// that competes for the cores; the Training page stays in the main chunk so its plots wait for no
// second fetch. docs/benchmarks.md, "The Training page after a reload".
import { lazy } from 'react';

export const TrajectoriesPage = lazy(() =>
  import('./TrajectoriesPage').then((m) => ({ default: m.TrajectoriesPage })),
);
export const TrajectoryPage = lazy(() =>
  import('./TrajectoryPage').then((m) => ({ default: m.TrajectoryPage })),
);
export const CorpusPage = lazy(() => import('./CorpusPage').then((m) => ({ default: m.CorpusPage })));
export const RunPage = lazy(() => import('./RunPage').then((m) => ({ default: m.RunPage })));
export const PairedPage = lazy(() => import('./PairedPage').then((m) => ({ default: m.PairedPage })));
export const CalibrationPage = lazy(() =>
  import('./CalibrationPage').then((m) => ({ default: m.CalibrationPage })),
);
export const PresentPage = lazy(() => import('./PresentPage').then((m) => ({ default: m.PresentPage })));
export const ComparePage = lazy(() => import('./ComparePage').then((m) => ({ default: m.ComparePage })));
export const PapersPage = lazy(() => import('./PapersPage').then((m) => ({ default: m.PapersPage })));
