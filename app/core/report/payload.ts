// The data inside a self-contained HTML report. The table's rows (toRow, the app's one row
// derivation), annotations and the header go in one block; the trajectories in chunks of
// CHUNK_SIZE, each its own block, decoded only when one of its trajectories is opened, so a
// report of thousands of trajectories shows its table at once. Every block is JSON, gzipped and
// base64-encoded in an inert <script type="application/x-hopscope-report…"> element (browsers
// never run those types). Base64 has no `<`, so no trajectory text can end a block and become
// markup: model and document text reaches the page only as data.
import { type Annotation, AnnotationSchema } from '../annotations/annotation';
import type { QuestionIndex } from '../corpus/gold-join';
import { rowOfView, type TrajectoryRow } from '../table/row';
import { trajectoryView } from '../view/trajectory-view';
import { parseTrajectory, type Trajectory } from '../schema/trajectory';

export const REPORT_SCHEMA = 'hopscope.report/1' as const;
/** The block the report template leaves empty for the data (vite.report.config.ts builds it). */
export const DATA_OPEN = '<script type="application/x-hopscope-report" id="hopscope-report-data">';
export const CHUNK_TYPE = 'application/x-hopscope-report-chunk';
const CLOSE = '</script>';
/** Trajectories per chunk: opening one decodes this many (a few MB of JSON at most). */
export const CHUNK_SIZE = 100;

/** What a report holds, as its viewer sees it. */
export interface ReportData {
  schema: typeof REPORT_SCHEMA;
  title: string;
  createdAt: string;
  /** Where the trajectories came from (file names), for the report's header. */
  sources: string[];
  rows: TrajectoryRow[];
  annotations: Annotation[];
  trajectories: Trajectory[];
}

type Head = Omit<ReportData, 'trajectories'>;

/**
 * A row as the report packs it: less its searches, which only the SQL tables read (the report
 * runs none; its trajectory pages read the trajectory itself), and which grow with every search.
 */
type PackedRow = Omit<TrajectoryRow, 'searches'>;

function packedRow({ searches: _searches, ...row }: TrajectoryRow): PackedRow {
  return row;
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

async function pack(value: unknown): Promise<string> {
  return toBase64(await pipe(new TextEncoder().encode(JSON.stringify(value)), new CompressionStream('gzip')));
}

async function unpack(b64: string): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await pipe(fromBase64(b64), new DecompressionStream('gzip'))));
}

/** The encoded blocks: the head (rows, annotations, header) and the trajectory chunks. */
export interface EncodedReport {
  head: string;
  chunks: string[];
}

export async function encodeReport(data: ReportData): Promise<EncodedReport> {
  const { trajectories, ...head } = data;
  const chunks: string[] = [];
  for (let i = 0; i < trajectories.length; i += CHUNK_SIZE)
    chunks.push(await pack(trajectories.slice(i, i + CHUNK_SIZE)));
  return { head: await pack({ ...head, rows: head.rows.map(packedRow) }), chunks };
}

/** The head; checked enough that a tampered file fails with a message, not a blank page. */
export async function decodeHead(b64: string): Promise<Head> {
  const raw = (await unpack(b64)) as Partial<Head>;
  if (raw.schema !== REPORT_SCHEMA) throw new Error(`not a Hopscope report (schema ${String(raw.schema)})`);
  if (!Array.isArray(raw.rows)) throw new Error('report data: field rows: expected an array');
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
    // Not packed (packedRow): the report's rows list no searches.
    rows: (raw.rows as PackedRow[]).map((r) => ({ ...r, searches: [] })),
    annotations,
  };
}

/** One chunk's trajectories; a bad one is named by its place in the report and its field. */
export async function decodeChunk(b64: string, chunkIndex: number): Promise<Trajectory[]> {
  const list = await unpack(b64);
  if (!Array.isArray(list)) throw new Error(`report chunk ${chunkIndex + 1}: expected an array`);
  return list.map((t, i) => {
    const r = parseTrajectory(t);
    if (!r.ok) throw new Error(`report trajectory ${chunkIndex * CHUNK_SIZE + i + 1}: ${r.error}`);
    return r.value;
  });
}

/** The template with the head in its data block and the chunks right after it. */
export function fillTemplate(template: string, enc: EncodedReport): string {
  const at = template.indexOf(DATA_OPEN);
  const end = at < 0 ? -1 : template.indexOf(CLOSE, at + DATA_OPEN.length);
  if (at < 0 || end < 0) throw new Error('the report template has no data block (rebuild it: npm run build)');
  for (const b of [enc.head, ...enc.chunks])
    if (/[^A-Za-z0-9+/=]/.test(b)) throw new Error('report data must be base64');
  const chunks = enc.chunks.map((c) => `<script type="${CHUNK_TYPE}">${c}${CLOSE}`).join('\n');
  return `${template.slice(0, at + DATA_OPEN.length)}${enc.head}${CLOSE}\n${chunks}${template.slice(end + CLOSE.length)}`;
}

/**
 * The report's data: rows derived by the app's toRow, the annotations of these trajectories, a
 * title. The whole original record (`raw`) stays out: the report never shows it, and it is often
 * a third of a log's size.
 */
export function reportData(
  trajectories: readonly Trajectory[],
  annotations: readonly Annotation[],
  opts: {
    title?: string;
    sources?: readonly string[];
    now?: Date;
    /**
     * The question sets the app has loaded: each trajectory goes in with the gold the app's table
     * joined from them, so the report's rows and views count what the table counted.
     */
    questions?: QuestionIndex | null;
  } = {},
): ReportData {
  const ids = new Set(trajectories.map((t) => t.id));
  const questions = opts.questions ?? null;
  // One view a trajectory: its row and the trajectory the report opens carry the same joined gold.
  const views = trajectories.map(({ raw: _raw, ...t }) => trajectoryView(t, { questions }));
  return {
    schema: REPORT_SCHEMA,
    title: opts.title ?? 'Hopscope report',
    createdAt: (opts.now ?? new Date()).toISOString(),
    sources: [...(opts.sources ?? [])],
    rows: views.map(rowOfView),
    annotations: annotations.filter((a) => ids.has(a.trajectoryId)),
    trajectories: views.map((v) => v.trajectory),
  };
}
