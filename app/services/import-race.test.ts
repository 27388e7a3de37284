import { describe, expect, it } from 'vitest';
import { AbortError } from '../core/abort';
import { cancelSwitch, rethrowImportFailure, unlessCancelled } from './import-race';

describe('an import the page can cancel (one file or a group)', () => {
  it('answers the Cancel while the worker never settles, and the worker answers when it comes first', async () => {
    const a = cancelSwitch();
    const never = new Promise<number>(() => {});
    const answer = unlessCancelled(never, a.cancelled);
    a.cancel();
    expect(await answer).toBe('cancelled');
    expect(await unlessCancelled(Promise.resolve(3), cancelSwitch().cancelled)).toBe(3);
  });

  it('a worker that rejects after the Cancel leaves no unhandled rejection', async () => {
    const a = cancelSwitch();
    let reject = (_: unknown) => {};
    const work = new Promise<number>((_, r) => (reject = r));
    const answer = unlessCancelled(work, a.cancelled);
    a.cancel();
    reject(new Error('worker ended'));
    expect(await answer).toBe('cancelled');
  });

  it('a full quota naming the failing file is explained first; one naming another is explained alone', async () => {
    const quota = new Error('The storage was full while storing run/7.jsonl: 2 records of it were stored');
    quota.name = 'QuotaExceededError';
    const named = await rethrowImportFailure(quota, 'run/7.jsonl').catch((e: unknown) => e as Error);
    expect(named.message).toMatch(
      /^the browser's storage for this site is full.*\. The storage was full while storing run\/7\.jsonl/,
    );
    expect(named.cause).toBe(quota);
    const other = await rethrowImportFailure(quota, 'run/8.jsonl').catch((e: unknown) => e as Error);
    expect(other.message).toMatch(/^the browser's storage for this site is full/);
    expect(other.message).not.toContain('run/7.jsonl');
    const cancel = new AbortError('cancelled');
    await expect(rethrowImportFailure(cancel, 'run/7.jsonl')).rejects.toBe(cancel);
    const plain = new TypeError('bad');
    await expect(rethrowImportFailure(plain, undefined)).rejects.toBe(plain);
  });
});
