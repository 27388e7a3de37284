// What the servers send with the page (production build under `vite preview`; the dev server is
// checked in dev-server.spec.ts): cross-origin isolation for WASM threads, and a CSP whose
// frame-ancestors keeps the app out of other sites' frames. The built index.html also carries the
// policy as a meta tag for static hosts that cannot set headers.
import { expect, test } from './fixtures';

test('the preview server sends isolation and CSP headers; the page carries the CSP meta', async ({
  request,
  page,
}) => {
  const r = await request.get('/');
  const h = r.headers();
  expect(h['cross-origin-opener-policy']).toBe('same-origin');
  expect(h['cross-origin-embedder-policy']).toBe('require-corp');
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toContain("script-src 'self' blob: 'wasm-unsafe-eval'");
  await page.goto('/');
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(meta).toHaveAttribute(
    'content',
    /^default-src 'self'; script-src 'self' blob: 'wasm-unsafe-eval';/,
  );
});
