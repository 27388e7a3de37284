import { describe, expect, it } from 'vitest';
import { importing, importStarted, importsRunning, subscribeImports } from './import-activity';

describe('import activity', () => {
  it('counts nested imports, tells listeners when importing starts and ends, and ends each once', () => {
    const heard: boolean[] = [];
    const stop = subscribeImports(() => heard.push(importing()));
    const run = importStarted();
    const file = importStarted();
    file();
    file();
    expect(importsRunning()).toBe(1);
    expect(importing()).toBe(true);
    run();
    expect(importsRunning()).toBe(0);
    expect(heard).toEqual([true, false]);
    stop();
    importStarted()();
    expect(heard).toHaveLength(2);
  });

  it("tells a run's start and end once, whatever its step files do inside it", () => {
    // Each notification re-rendered the Training page's plots of every step: 5,000 one-sample files
    // made 10,000 renders, each costing more as the steps grew.
    let heard = 0;
    const stop = subscribeImports(() => heard++);
    const run = importStarted();
    for (let i = 0; i < 500; i++) importStarted()();
    run();
    stop();
    expect(heard).toBe(2);
  });
});
