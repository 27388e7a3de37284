// The data inside a self-contained HTML report: trajectories and their annotations as JSON,
// gzipped and base64-encoded into an inert <script type="application/x-hopscope-report"> block
// (browsers never run that type). Base64 has no `<`, so no trajectory text can end the block
// and become markup: model and document text reaches the page only as data.
import { type Annotation, AnnotationSchema } from '../annotations/annotation';
import { parseTrajectory, type Trajectory } from '../schema/trajectory';

export const REPORT_SCHEMA = 'hopscope.report/1' as const;
/** The block the report template leaves empty for the data (vite.report.config.ts builds it). */
export const DATA_OPEN = '<script type="application/x-hopscope-report" id="hopscope-report-data">';
const DATA_CLOSE = '</script>';

export interface ReportData {
  schema: typeof REPORT_SCHEMA;
  title: string;
  createdAt: string;
  /** Where the trajectories came from (file names), for the report's header. */
  sources: string[];
  trajectories: Trajectory[];
  annotations: Annotation[];
}

async function pipe(bytes: Uint8Array, t: GenericTransformStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(t);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array {
  const s = atob(b64.trim());
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export async function encodeReport(data: ReportData): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(data));
  return toBase64(await pipe(json, new CompressionStream('gzip')));
}

/** Decodes and checks the data; a bad trajectory or annotation is named by its index and field. */
export async function decodeReport(b64: string): Promise<ReportData> {
  const json = new TextDecoder().decode(await pipe(fromBase64(b64), new DecompressionStream('gzip')));
  const raw = JSON.parse(json) as Partial<ReportData>;
  if (raw.schema !== REPORT_SCHEMA) throw new Error(`not a Hopscope report (schema ${String(raw.schema)})`);
  const trajectories = (raw.trajectories ?? []).map((t, i) => {
    const r = parseTrajectory(t);
    if (!r.ok) throw new Error(`report trajectory ${i + 1}: ${r.error}`);
    return r.value;
  });
  const annotations = (raw.annotations ?? []).map((a, i) => {
    const r = AnnotationSchema.safeParse(a);
    if (!r.success) throw new Error(`report annotation ${i + 1}: ${r.error.issues[0]?.message ?? 'invalid'}`);
    return r.data;
  });
  return {
    schema: REPORT_SCHEMA,
    title: String(raw.title ?? 'Hopscope report'),
    createdAt: String(raw.createdAt ?? ''),
    sources: (raw.sources ?? []).map(String),
    trajectories,
    annotations,
  };
}

/** The template with the encoded data in its data block. */
export function fillTemplate(template: string, encoded: string): string {
  const at = template.indexOf(DATA_OPEN);
  const end = at < 0 ? -1 : template.indexOf(DATA_CLOSE, at + DATA_OPEN.length);
  if (at < 0 || end < 0) throw new Error('the report template has no data block (rebuild it: npm run build)');
  if (/[^A-Za-z0-9+/=]/.test(encoded)) throw new Error('report data must be base64');
  return template.slice(0, at + DATA_OPEN.length) + encoded + template.slice(end);
}

/** Joins annotations to the trajectories they belong to, and a title, into the report's data. */
export function reportData(
  trajectories: readonly Trajectory[],
  annotations: readonly Annotation[],
  opts: { title?: string; sources?: readonly string[]; now?: Date } = {},
): ReportData {
  const ids = new Set(trajectories.map((t) => t.id));
  return {
    schema: REPORT_SCHEMA,
    title: opts.title ?? 'Hopscope report',
    createdAt: (opts.now ?? new Date()).toISOString(),
    sources: [...(opts.sources ?? [])],
    trajectories: [...trajectories],
    annotations: annotations.filter((a) => ids.has(a.trajectoryId)),
  };
}
