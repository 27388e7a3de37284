import type { OutputBundle } from 'rolldown';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { NOT_PRODUCTION, productionReact } from './production-react';

type Hook = (this: unknown, ...args: unknown[]) => void;
const hook = (name: 'configResolved' | 'generateBundle') => productionReact()[name] as unknown as Hook;

describe('the report build refuses development React', () => {
  it('stops a build whose process is not in production mode', () => {
    const run = (isProduction: boolean) => () =>
      hook('configResolved').call({}, { isProduction } as ResolvedConfig);
    expect(run(false)).toThrow(NOT_PRODUCTION);
    expect(run(true)).not.toThrow();
  });

  it('stops a bundle that calls the development JSX runtime, naming the chunk', () => {
    const errors: string[] = [];
    const ctx = { error: (m: string) => void errors.push(m) };
    const bundle = (code: string) =>
      ({ 'report.js': { type: 'chunk', fileName: 'report.js', code } }) as unknown as OutputBundle;
    hook('generateBundle').call(ctx, {}, bundle('(0, X.jsx)("div", {})'));
    expect(errors).toEqual([]);
    hook('generateBundle').call(ctx, {}, bundle('(0, X.jsxDEV)("div", {}, void 0, false)'));
    expect(errors).toEqual([expect.stringContaining('report.js calls React')]);
  });
});
