import { describe, expect, it } from 'vitest';
import { describeStorageError, isQuotaError } from './storage-health';

const quota = () => {
  const e = new Error('The quota has been exceeded.');
  e.name = 'QuotaExceededError';
  return e;
};

describe('storage errors', () => {
  it('recognise a full disk however the browser reports it', () => {
    expect(isQuotaError(quota())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', message: 'x', cause: quota() })).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new Error('ConstraintError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('name the cause, usage and quota, and what can be deleted', () => {
    const msg = describeStorageError(quota(), { usage: 1_234_000_000, quota: 1_250_000_000 });
    expect(msg).toContain("the browser's storage for this site is full (using 1.2 GB of 1.3 GB allowed)");
    expect(msg).toContain('Nothing already saved was lost');
    expect(msg).toMatch(/Corpus page.*Run page/);
    expect(describeStorageError(quota(), null)).toMatch(/^the browser's storage for this site is full\. /);
  });

  it('leave other errors as they are', () => {
    expect(describeStorageError(new Error('Key already exists'), null)).toBe('Key already exists');
  });
});
