import { decodeText } from './text-decoding';

const KINDS = 'camt XML, MT940 or a CSV export';
/** Control characters no statement text holds (tab, line ends, form feed and the DOS end-of-file mark are allowed). */
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u0019\u001B-\u001F]/;

/**
 * Why a file is no statement text at all, before any format is tried: it is empty, a PDF (the printed
 * statement instead of the data), or binary (an image, an office document); null for a text file.
 */
export function notStatementText(bytes: Uint8Array): string | null {
  const head = decodeText(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (head.startsWith('%PDF')) return `Line 1: this is a PDF document, not a statement file (${KINDS}).`;
  if (CONTROL.test(head)) return `Line 1: this is a binary file, not a statement file (${KINDS}).`;
  if (head.trim() === '' && (bytes.length <= 4096 || decodeText(bytes).trim() === '')) return 'Line 1: the file is empty.';
  return null;
}
