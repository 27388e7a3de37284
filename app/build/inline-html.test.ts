import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { escapeInlineScript, REPORT_CSP } from './inline-html';

describe('inline script escaping', () => {
  it('keeps </script and <!-- in code from ending or commenting the element', () => {
    const code = 'const s = "</script><b>x</b>"; const r = /<\\/SCRIPT>/; const c = "<!--";';
    const out = escapeInlineScript(code);
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain('<!--');
    // The same string values when run.
    const run = (src: string) => runInNewContext(`${src}; [s, c]`) as string[];
    expect(run(out)).toEqual(run(code));
  });
});

describe('report CSP', () => {
  it('allows only the hashed script and no network', () => {
    const csp = REPORT_CSP('sha256-abc');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'sha256-abc'");
    expect(csp).not.toMatch(/connect-src|unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
