// NumPy `.npy` matrices of precomputed passage embeddings (shape [n, d], one row per passage, in
// corpus order), as `np.save` writes them: magic, version, a little-endian header length, a
// Python-dict header (`descr`, `fortran_order`, `shape`), then the raw array. Pure: bytes in,
// floats or problems out. Format: numpy.lib.format (versions 1.0, 2.0 and 3.0).
import type { LoadIssue } from '../corpus/types';

export interface VectorMatrix {
  rows: number;
  dims: number;
  /** rows × dims floats, row-major. */
  data: Float32Array;
}

export type VectorParse = { ok: true; matrix: VectorMatrix } | { ok: false; errors: LoadIssue[] };

/** More problems than this are counted, not listed. */
export const MAX_LISTED = 100;
const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

export interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
  /** Byte offset of the array data. */
  dataOffset: number;
}

/** Reads the header; a problem is a message naming the header field. */
export function parseNpyHeader(bytes: Uint8Array): NpyHeader | LoadIssue {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b))
    return { field: 'magic', message: 'not a .npy file (it does not start with \\x93NUMPY)' };
  const major = bytes[6]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let len: number;
  let start: number;
  if (major === 1) {
    len = view.getUint16(8, true);
    start = 10;
  } else if (major === 2 || major === 3) {
    if (bytes.length < 12) return { field: 'header', message: 'the header is truncated' };
    len = view.getUint32(8, true);
    start = 12;
  } else return { field: 'version', message: `unsupported .npy version ${major}.${bytes[7]}` };
  if (start + len > bytes.length) return { field: 'header', message: 'the header is truncated' };
  const text = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + len));
  const descr = /['"]descr['"]\s*:\s*['"]([^'"]+)['"]/.exec(text)?.[1];
  const fortran = /['"]fortran_order['"]\s*:\s*(True|False)/.exec(text)?.[1];
  const shapeText = /['"]shape['"]\s*:\s*\(([^)]*)\)/.exec(text)?.[1];
  if (descr === undefined) return { field: 'descr', message: 'the header has no dtype ("descr")' };
  if (fortran === undefined) return { field: 'fortran_order', message: 'the header has no "fortran_order"' };
  if (shapeText === undefined) return { field: 'shape', message: 'the header has no "shape"' };
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (shape.some((n) => !Number.isInteger(n) || n < 0))
    return { field: 'shape', message: `the shape (${shapeText}) is not a list of sizes` };
  return { descr, fortranOrder: fortran === 'True', shape, dataOffset: start + len };
}

/** Reads a float32 (or float64, narrowed) [n, d] matrix; every non-finite value is reported. */
export function parseNpyVectors(bytes: Uint8Array): VectorParse {
  const h = parseNpyHeader(bytes);
  if ('message' in h) return { ok: false, errors: [h] };
  const width = h.descr === '<f4' || h.descr === '=f4' ? 4 : h.descr === '<f8' || h.descr === '=f8' ? 8 : 0;
  if (width === 0)
    return {
      ok: false,
      errors: [
        { field: 'descr', message: `dtype ${h.descr} is not little-endian float32 (<f4) or float64 (<f8)` },
      ],
    };
  if (h.fortranOrder)
    return {
      ok: false,
      errors: [
        { field: 'fortran_order', message: 'the matrix is column-major: save it with np.ascontiguousarray' },
      ],
    };
  if (h.shape.length !== 2 || h.shape[1] === 0)
    return {
      ok: false,
      errors: [
        { field: 'shape', message: `the shape is (${h.shape.join(', ')}), expected (passages, dims)` },
      ],
    };
  const [rows, dims] = h.shape as [number, number];
  const need = rows * dims * width;
  if (bytes.length - h.dataOffset < need)
    return {
      ok: false,
      errors: [
        {
          field: 'data',
          message: `the file holds ${bytes.length - h.dataOffset} bytes of data, the shape needs ${need}`,
        },
      ],
    };
  const view = new DataView(bytes.buffer, bytes.byteOffset + h.dataOffset, need);
  const data = new Float32Array(rows * dims);
  const errors: LoadIssue[] = [];
  let unlisted = 0;
  for (let i = 0; i < data.length; i++) {
    const v = width === 4 ? view.getFloat32(i * 4, true) : view.getFloat64(i * 8, true);
    if (!Number.isFinite(v)) {
      // Rows are 1-based like lines, so a message reads the same for .npy and JSONL.
      if (errors.length < MAX_LISTED)
        errors.push({
          line: Math.floor(i / dims) + 1,
          field: `[${i % dims}]`,
          message: `${v} is not a finite number`,
        });
      else unlisted++;
      continue;
    }
    data[i] = v;
  }
  if (unlisted) errors.push({ message: `and ${unlisted} more non-finite values` });
  return errors.length ? { ok: false, errors } : { ok: true, matrix: { rows, dims, data } };
}
