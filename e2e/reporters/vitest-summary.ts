// Prints the plain "N passed, N failed" line that this workplace's CI reads.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      let testsFailed = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') testsFailed++;
        else skipped++;
      }
      // A file that failed outside its tests (a beforeAll that timed out, an import that threw)
      // skips its tests: it counts as one failure, or the line would read "0 failed" on a red run.
      failed += testsFailed || (m.state() === 'failed' ? 1 : 0);
    }
    console.log(`\nunit: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
