// Runs the command line (app/cli/main.ts) in a Node process of its own, as a user would, from the
// checkout; resolves with what it wrote and its exit code (a failing exit is not thrown).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');

export async function runCli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', ...args], { cwd: ROOT });
    return { ...r, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; code: number };
    return { stdout: err.stdout, stderr: err.stderr, code: err.code };
  }
}
