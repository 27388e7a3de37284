import { describe, expect, it } from 'vitest';
import { afterServed, loadServedFirst } from './served-first';

describe('served files first', () => {
  it('an import that starts while the demo loads waits for it, even when the demo fails', async () => {
    const order: string[] = [];
    let finish!: () => void;
    let fail!: (e: Error) => void;
    const demo = loadServedFirst(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const broken = loadServedFirst(
      () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
    );
    const user = afterServed().then(() => order.push('user import'));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    finish();
    await demo;
    order.push('demo stored');
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['demo stored']);
    fail(new Error('offline'));
    await expect(broken).rejects.toThrow('offline');
    await user;
    expect(order).toEqual(['demo stored', 'user import']);
  });

  it('does not hold imports when nothing is loading, nor for ever behind a stuck load', async () => {
    await expect(afterServed()).resolves.toBeUndefined();
    void loadServedFirst(() => new Promise<void>(() => {}));
    await expect(afterServed(20)).resolves.toBeUndefined();
  });
});
