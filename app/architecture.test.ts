// The layer rules of docs/architecture.md are enforced by ESLint (eslint.config.js); these checks
// lint small snippets as if they sat in each layer, so a rule that stops firing fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return (r?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message);
}

describe('layer rules', () => {
  it('keeps views out of IndexedDB and the runtimes (types allowed)', async () => {
    const file = 'app/ui/components/Probe.tsx';
    expect(
      await restricted(file, "import { listRows } from '../../db/store';\nvoid listRows;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(file, "import { llmHost } from '../../runtime/agent-ports';\nvoid llmHost;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        file,
        "import type { BatchRecord } from '../../db/db';\nexport type X = BatchRecord;\n",
      ),
    ).toEqual([]);
    expect(await restricted(file, "import { useRows } from '../data/queries';\nvoid useRows;\n")).toEqual([]);
  });

  it('keeps the core pure', async () => {
    expect(
      await restricted('app/core/metrics/probe.ts', "import { x } from '../../db/store';\nvoid x;\n"),
    ).toHaveLength(1);
    expect(
      await restricted('app/core/probe.ts', "import { x } from '../ui/keyboard';\nvoid x;\n"),
    ).toHaveLength(1);
    expect(
      await restricted('app/core/metrics/probe.ts', "import React from 'react';\nvoid React;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'app/core/metrics/probe.ts',
        "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n",
      ),
    ).toHaveLength(1);
    // Inside the core, any depth.
    expect(
      await restricted('app/core/metrics/probe.ts', "import { x } from '../report/payload';\nvoid x;\n"),
    ).toEqual([]);
  });

  it('keeps the runtime out of the workers’ code and test doubles out of production', async () => {
    expect(
      await restricted('app/runtime/probe.ts', "import { x } from '../../workers/embed.worker';\nvoid x;\n"),
    ).toHaveLength(1);
    expect(
      await restricted('app/services/probe.ts', "import { x } from '../testing/scripted-llm';\nvoid x;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'app/services/probe.test.ts',
        "import { x } from '../testing/scripted-llm';\nvoid x;\n",
      ),
    ).toEqual([]);
  });

  it('lets views refresh no query by hand, and still renders text only there', async () => {
    const file = 'app/ui/components/Probe.tsx';
    const syntax = async (code: string) =>
      ((await eslint.lintText(code, { filePath: file }))[0]?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => m.message);
    const refresh = 'declare const qc: { invalidateQueries(k: unknown): void };\nqc.invalidateQueries({});\n';
    expect(await syntax(refresh)).toEqual([
      'Views do not refresh queries by hand: the service that writes announces the change.',
    ]);
    expect(await syntax('declare const el: HTMLElement;\nel.innerHTML = "x";\n')).toEqual([
      'Render text, never HTML.',
    ]);
  });
});
