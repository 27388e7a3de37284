// Every screen that shows a trajectory's numbers takes them from trajectoryView (or from the
// trajectory worker's view, which is trajectoryView's), never from the derivations themselves:
// a second call site is how two screens came to show two numbers (the live view showed no flags).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each screen, and how it reaches the view. */
const SCREENS: Record<string, RegExp> = {
  'table rows (core/table/row.ts)': /\btrajectoryView\(/,
  'trajectory page and presenter page (runtime/trajectory/view.ts)': /\btrajectoryView\(/,
  'trajectory page (ui/pages/TrajectoryPage.tsx)': /\buseTrajectoryView\(/,
  'presenter (ui/components/present/PresenterView.tsx)': /\btrajectoryView\(/,
  'live run and fork panel (ui/components/run/LiveView.tsx)': /\bLiveViewMemo\b/,
  'a growing run (core/view/live-view.ts)': /\btrajectoryView\b/,
  'fork panel (ui/components/fork/ForkPanel.tsx)': /<LiveTrajectory\b/,
  'fork list (ui/components/fork/ForkLineage.tsx)': /\btrajectoryView\(/,
  'report (report/ReportTrajectory.tsx)': /\btrajectoryView\(/,
  'CLI summarize (cli/main.ts)': /\btrajectoryView\(/,
  'CLI diagnose (cli/diagnose.ts)': /\btrajectoryView\(/,
  'Calibrate, the detector measured (services/judges/calibration.ts)': /\btrajectoryView\(/,
  'compare runs (services/compare/compare-runs.ts)': /\btrajectoryView\(/,
  'compare runs, each run summarized (core/compare/align.ts)': /\btrajectoryView\(/,
  'compare logs, groups loaded (services/compare/paired-compare.ts)': /\btrajectoryView\(/,
  'compare logs, pairs scored (core/compare/paired.ts)': /\btrajectoryView\(/,
  'batch comparison (core/batch/aggregate.ts)': /\btrajectoryView\(/,
};

/** The derivations trajectoryView makes; a screen importing one derives a number itself. */
const DERIVATIONS = ['joinGold', 'trajectoryMetrics', 'diagnose', 'flagTrajectory'];

function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe('the screens', () => {
  for (const [screen, reaches] of Object.entries(SCREENS)) {
    it(`${screen} shows the trajectory view, deriving nothing itself`, () => {
      const file = /\(([^)]+)\)$/.exec(screen)![1]!;
      const source = readFileSync(resolve('app', file), 'utf8');
      expect(source).toMatch(reaches);
      expect(importedNames(source).filter((n) => DERIVATIONS.includes(n))).toEqual([]);
    });
  }

  it('the app and the report draw a trajectory with the same header, hops and tabs', () => {
    const page = ['ui/pages/TrajectoryPage.tsx', 'ui/pages/trajectory/TrajectoryTabs.tsx']
      .map((f) => readFileSync(resolve('app', f), 'utf8'))
      .join('\n');
    const report = readFileSync(resolve('app', 'report/ReportTrajectory.tsx'), 'utf8');
    for (const source of [page, report]) {
      for (const part of ['<TrajectoryHeader', '<TrajectoryHops', '<TabBar']) expect(source).toContain(part);
      for (const copy of ['className="traj-head"', 'className="answer-line"', '<PlanTree', 'role="tablist"'])
        expect(source).not.toContain(copy);
    }
  });

  it('the import check sees a derivation imported as a value', () => {
    expect(importedNames("import { type Flag, flagTrajectory } from './flags';")).toEqual(['flagTrajectory']);
    expect(importedNames("import type { Diagnosis } from './diagnose';")).toEqual([]);
  });
});
