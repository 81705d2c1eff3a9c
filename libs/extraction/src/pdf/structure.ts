/**
 * Whether a PDF's cross-reference structure is intact: the last `startxref` near the end points at an `xref`
 * table or an xref stream object, and the file ends with `%%EOF`. pdf.js reconstructs a damaged file leniently and
 * may then show an empty page; this tells such a file from an intact one that simply holds no text.
 */
export function pdfStructureIntact(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tail = buffer.subarray(Math.max(0, buffer.length - 4096)).toString('latin1');
  if (!/%%EOF\s*$/.test(tail.slice(-1024))) return false;
  const starts = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const offset = Number(starts[starts.length - 1]?.[1] ?? NaN);
  if (!Number.isInteger(offset) || offset <= 0 || offset >= buffer.length) return false;
  const at = buffer
    .subarray(offset, offset + 64)
    .toString('latin1')
    .replace(/^\s+/, '');
  return at.startsWith('xref') || /^\d+\s+\d+\s+obj\b/.test(at);
}

/** Cheap hint that associated files may be there: the key itself, or object streams that could hide it. */
export function mayHaveAssociatedFiles(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.includes('/AF') || (buffer.length < 10 * 1024 * 1024 && buffer.includes('/ObjStm'));
}
