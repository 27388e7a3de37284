import { describe, expect, it } from 'vitest';
import { importStarted, importsRunning, subscribeImports } from './import-activity';

describe('import activity', () => {
  it('counts nested imports, tells listeners each start and end, and ends each once', () => {
    const heard: number[] = [];
    const stop = subscribeImports(() => heard.push(importsRunning()));
    const run = importStarted();
    const file = importStarted();
    file();
    file();
    expect(importsRunning()).toBe(1);
    run();
    expect(importsRunning()).toBe(0);
    expect(heard).toEqual([1, 2, 1, 0]);
    stop();
    importStarted()();
    expect(heard).toHaveLength(4);
  });
});
