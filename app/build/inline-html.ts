// A Vite plugin that turns a built page into ONE file: its JS chunk and CSS are written into the
// HTML, and a Content-Security-Policy allows exactly that script (by hash), inline styles and
// data: images, and nothing else: no network, no other script. Used for the HTML report, which
// must open from file:// where a page cannot load its sibling files as modules.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** `</script` inside the code would end the inline element early; `<\/script` means the same in JS. */
export function escapeInlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export const REPORT_CSP = (scriptHash: string) =>
  [
    "default-src 'none'",
    `script-src '${scriptHash}'`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

export function inlineHtml(): Plugin {
  return {
    name: 'hopscope-inline-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const html of Object.values(bundle)) {
        if (html.type !== 'asset' || !html.fileName.endsWith('.html')) continue;
        let page = String(html.source);
        // The page with the inlined code left out: what must load nothing from outside.
        let skeleton = page;
        const scripts: string[] = [];
        for (const [name, item] of Object.entries(bundle)) {
          const base = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          if (item.type === 'chunk') {
            const tag = new RegExp(`<script type="module" crossorigin src="[^"]*${base}"></script>`);
            const code = escapeInlineScript(item.code);
            if (!tag.test(page)) continue;
            scripts.push(code);
            page = page.replace(tag, () => `<script type="module">${code}</script>`);
            skeleton = skeleton.replace(tag, '<script type="module"></script>');
            delete bundle[name];
          } else if (name.endsWith('.css')) {
            const tag = new RegExp(`<link rel="stylesheet" crossorigin href="[^"]*${base}">`);
            const css = String(item.source).replace(/<\/(style)/gi, '<\\/$1');
            page = page.replace(tag, () => `<style>${css}</style>`);
            skeleton = skeleton.replace(tag, '<style></style>');
            delete bundle[name];
          }
        }
        if (scripts.length !== 1)
          this.error(`expected one script chunk in ${html.fileName}, found ${scripts.length}`);
        const left = /<script[^>]+src=[^>]*>|<link[^>]+(?:stylesheet|modulepreload)[^>]*>/.exec(page);
        if (left)
          this.error(`${html.fileName} still loads a file (${left[0]}); the report must be self-contained`);
        const hash = `sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}`;
        const csp = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP(hash)}" />`;
        html.source = page.replace('<head>', `<head>\n    ${csp}`);
      }
    },
  };
}
