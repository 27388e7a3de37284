// Writes .npy bytes as numpy.save does (version 1.0, header padded to 64 bytes), for tests and the
// e2e fixture: real files, so the reader is checked against the format, not against itself.
export function encodeNpy(
  data: Float32Array | Float64Array,
  shape: number[],
  options: { descr?: string; fortranOrder?: boolean; version?: 1 | 2 } = {},
): Uint8Array {
  const descr = options.descr ?? (data instanceof Float64Array ? '<f8' : '<f4');
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  const dict = `{'descr': '${descr}', 'fortran_order': ${options.fortranOrder ? 'True' : 'False'}, 'shape': ${shapeText}, }`;
  const version = options.version ?? 1;
  const pre = version === 1 ? 10 : 12;
  const total = Math.ceil((pre + dict.length + 1) / 64) * 64;
  const header = dict.padEnd(total - pre - 1, ' ') + '\n';
  const body = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(total + body.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[pre + i] = header.charCodeAt(i);
  out.set(body, total);
  return out;
}
