// Loads the bundled demo set on first start (and again when it changes). Imports are idempotent
// (stable ids), so a repeated load never duplicates.
import { DEMO_COLLECTION } from '../../core/collections/collection';
import { adoptDemoFiles } from '../../db/collection-store';
import { getMeta, setMeta } from '../../db/store';
import { loadServedFirst } from '../../services/corpus/served-first';
import { announce } from '../../services/changes';
import { importServedFile } from '../../services/trajectory-import';

interface Manifest {
  version?: string;
  files: Array<{ path: string; format?: string; label?: string }>;
}

async function readManifest(): Promise<{ manifest: Manifest; text: string }> {
  const res = await fetch(`${import.meta.env.BASE_URL}demo/manifest.json`);
  if (!res.ok) throw new Error(`demo manifest missing: HTTP ${res.status}`);
  const text = await res.text();
  return { manifest: JSON.parse(text) as Manifest, text };
}

/** The file names the demo's trajectories carry in the table (rows' `file`). */
export async function demoFileNames(): Promise<string[]> {
  const { manifest } = await readManifest();
  return manifest.files.map((f) => f.path.split('/').pop() ?? f.path);
}

/** Stores the demo set when it is new or changed; a user's import started meanwhile waits for it. */
export function ensureDemoLoaded(): Promise<boolean> {
  return loadServedFirst(async () => {
    const { manifest, text } = await readManifest();
    const version = manifest.version ?? text;
    const names = manifest.files.map((f) => f.path.split('/').pop() ?? f.path);
    // A database from before collections gave the demo's files a collection each: Demo takes them.
    if (await adoptDemoFiles(names)) announce('trajectories');
    if ((await getMeta<string>('demo-version')) === version) return false;
    for (const [i, f] of manifest.files.entries())
      await importServedFile(`${import.meta.env.BASE_URL}${f.path}`, names[i]!, f.format, DEMO_COLLECTION);
    await setMeta('demo-version', version);
    return true;
  });
}
