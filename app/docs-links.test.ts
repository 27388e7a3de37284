// Every relative link, anchor and image in README.md and docs/**/*.md resolves, as GitHub renders
// them: the target exists inside the repo, and a `#anchor` is a heading slug of its target
// (github-slugger is GitHub's own algorithm, duplicates included). Links are read with marked's
// lexer, so code blocks and inline code are not mistaken for links.
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Problem {
  file: string;
  line: number;
  href: string;
  reason: string;
}

/** The text a heading renders to (what GitHub slugs): inline code and emphasis without markup. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((t) =>
      'tokens' in t && t.tokens
        ? plainText(t.tokens)
        : t.type === 'html'
          ? ''
          : ((t as { text?: string }).text ?? ''),
    )
    .join('');
}

function headingSlugs(src: string): Set<string> {
  const slugger = new GithubSlugger();
  const slugs = new Set<string>();
  marked.walkTokens(marked.lexer(src), (t) => {
    if (t.type === 'heading') slugs.add(slugger.slug(plainText((t as Tokens.Heading).tokens)));
  });
  return slugs;
}

/** Links and images of one Markdown file, with the line each starts on. */
function linksOf(src: string): Array<{ href: string; line: number }> {
  const out: Array<{ href: string; line: number }> = [];
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(src), (t) => {
    if (t.type === 'link' || t.type === 'image') hrefs.push((t as Tokens.Link | Tokens.Image).href);
    if (t.type === 'html') for (const m of t.raw.matchAll(/\b(?:href|src)="([^"]+)"/g)) hrefs.push(m[1]!);
  });
  let from = 0;
  for (const href of hrefs) {
    const at = src.indexOf(href, from);
    const pos = at >= 0 ? at : from;
    from = at >= 0 ? at + href.length : from;
    out.push({ href, line: src.slice(0, pos).split('\n').length });
  }
  return out;
}

/** Every broken relative link of `files` (paths relative to `root`). */
function brokenLinks(root: string, files: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const slugCache = new Map<string, Set<string>>();
  const slugsOf = (abs: string) => {
    let s = slugCache.get(abs);
    if (!s) slugCache.set(abs, (s = headingSlugs(readFileSync(abs, 'utf8'))));
    return s;
  };
  for (const file of files) {
    const abs = join(root, file);
    for (const { href, line } of linksOf(readFileSync(abs, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // http:, mailto: …
      const report = (reason: string) => problems.push({ file, line, href, reason });
      const hash = href.indexOf('#');
      const path = decodeURI(hash >= 0 ? href.slice(0, hash) : href);
      const anchor = hash >= 0 ? decodeURIComponent(href.slice(hash + 1)) : null;
      const target =
        path === '' ? abs : path.startsWith('/') ? join(root, path) : resolve(dirname(abs), path);
      const inRepo = relative(root, target);
      if (inRepo.startsWith('..') || inRepo.split(sep)[0] === '..') {
        report('points outside the repository');
        continue;
      }
      if (!existsSync(target)) {
        report('no such file');
        continue;
      }
      if (anchor === null) continue;
      if (!target.endsWith('.md') || !statSync(target).isFile())
        report('an anchor on a file that has no headings');
      else if (!slugsOf(target).has(anchor)) report(`no heading with the slug "${anchor}"`);
    }
  }
  return problems;
}

function markdownUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f))
    .sort();
}

describe('the docs checker', () => {
  it('finds broken files, anchors and images, and passes good links, code and duplicate headings', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      mkdirSync(join(root, 'docs', 'guide'), { recursive: true });
      writeFileSync(join(root, 'shot.png'), '');
      writeFileSync(
        join(root, 'docs', 'target.md'),
        '# Target\n\n## Set up\n\n## Set up\n\n## The app in Chromium (`npm run bench -- ui`)\n\n## Q&A: why?\n',
      );
      writeFileSync(
        join(root, 'docs', 'guide', 'page.md'),
        [
          '# Page',
          '[ok](../target.md#set-up) [dup](../target.md#set-up-1) [code](../target.md#the-app-in-chromium-npm-run-bench----ui)',
          '[punct](../target.md#qa-why) [self](#page) [web](https://example.com/x#y) ![img](../../shot.png)',
          '`[not a link](nowhere.md)`',
          '```',
          '[also not](nowhere.md)',
          '```',
          '[gone](../missing.md)',
          '[bad anchor](../target.md#set-up-2)',
          '![no image](../missing.png)',
          '[outside](../../../shared/papers/x.txt)',
          '[self bad](#nope)',
        ].join('\n'),
      );
      const found = brokenLinks(root, ['docs/guide/page.md']).map((p) => `${p.line} ${p.href}: ${p.reason}`);
      expect(found).toEqual([
        '8 ../missing.md: no such file',
        '9 ../target.md#set-up-2: no heading with the slug "set-up-2"',
        '10 ../missing.png: no such file',
        '11 ../../../shared/papers/x.txt: points outside the repository',
        '12 #nope: no heading with the slug "nope"',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the repository docs', () => {
  const root = resolve(__dirname, '..');
  const files = ['README.md', ...markdownUnder(root, 'docs')];

  it('have every relative link, anchor and image resolving', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(brokenLinks(root, files)).toEqual([]);
  });

  it('keep README.md a front page: under 200 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThan(200);
  });
});
