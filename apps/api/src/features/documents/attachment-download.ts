/**
 * The MIME codes EN 16931 allows for an attached document (BT-125): served with their type. Any other
 * stated type (HTML, SVG, script) is sent as bytes: a browser never renders an invoice's attachment as a page.
 */
const SERVED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** The name a downloaded attachment is saved under: the stated file name without folders or control characters. */
export function attachmentFileName(stated: string | undefined, number: number): string {
  const base = (stated ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .replace(/^\.+/, '');
  return clean.slice(0, 200) || `attachment-${number}`;
}

/** The headers of an attachment's download: always a download (never inline), a harmless type, no sniffing, no script. */
export function attachmentDownloadHeaders(file: { filename?: string; mime?: string; size: number }, number: number): Record<string, string> {
  const mime = (file.mime ?? '').toLowerCase().trim();
  return {
    'Content-Type': SERVED_TYPES.has(mime) ? mime : 'application/octet-stream',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachmentFileName(file.filename, number))}`,
    'Content-Length': String(file.size),
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  };
}
