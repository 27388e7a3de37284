import { describe, expect, it } from 'vitest';
import { cancelledRunMessage, stoppedRunMessage } from './training-import';

describe('a run import stopped by a failed step file', () => {
  it('says the failure, where in the run it stopped and what the files before it kept', () => {
    const failure =
      "The browser's storage was full while storing grpo/120.jsonl: 1,000 records of it were stored and kept; the rest of it was not imported.";
    expect(stoppedRunMessage(failure, 119, 200, 60_928)).toBe(
      `${failure} The import stopped at step file 120 of 200. The 119 step files before it stored 60,928 samples, which are kept.`,
    );
    expect(stoppedRunMessage('x.', 0, 3, 0)).toBe(
      'x. The import stopped at step file 1 of 3. No earlier step file was imported.',
    );
  });
});

describe('a run import the user cancelled', () => {
  it('says how many step files were stored whole and how many samples are kept', () => {
    expect(cancelledRunMessage(7, 30, 7)).toBe(
      'Import cancelled after 7 of 30 step files: 7 samples stored, which are kept.',
    );
    expect(cancelledRunMessage(119, 2000, 60_928)).toBe(
      'Import cancelled after 119 of 2,000 step files: 60,928 samples stored, which are kept.',
    );
    expect(cancelledRunMessage(0, 1, 0)).toBe('Import cancelled after 0 of 1 step file: nothing was stored.');
  });
});
