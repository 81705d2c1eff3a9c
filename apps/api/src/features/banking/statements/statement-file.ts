import type { CsvMapping, StatementPreview } from '@portal/contracts';
import { unzipSync } from 'fflate';
import { parseCamt053 } from './camt053';
import { parseCsv, readCsvTable } from './csv';
import { parseMt940 } from './mt940';
import { StatementParseError, type ParsedStatement } from './statement';
import { decodeText } from './text-decoding';

export type FileKind = 'camt' | 'zip' | 'mt940' | 'csv';

/** Limits for ZIP archives, so a small upload cannot unpack into gigabytes. */
export const ZIP_LIMITS = { files: 500, bytesPerFile: 64 * 1024 * 1024, totalBytes: 256 * 1024 * 1024 };

/** What a file is, from its content (not its name). */
export function kindOf(bytes: Uint8Array): FileKind {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  const head = decodeText(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<')) return 'camt';
  if (/^(\{1:|:20:)/.test(head) || /^:(20|25|28C):/m.test(head)) return 'mt940';
  return 'csv';
}

/** The camt.053 documents inside a ZIP (German banks deliver camt.053.001.08 as ZIP since November 2025). */
function unzipStatements(bytes: Uint8Array): Array<{ name: string; bytes: Uint8Array }> {
  let count = 0;
  let total = 0;
  let tooLarge: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return false;
        count++;
        total += file.originalSize;
        if (file.originalSize > ZIP_LIMITS.bytesPerFile || total > ZIP_LIMITS.totalBytes || count > ZIP_LIMITS.files) {
          tooLarge = file.name;
          return false;
        }
        return true;
      },
    });
  } catch (e) {
    throw new StatementParseError(`The ZIP archive cannot be read: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if (tooLarge) throw new StatementParseError(`The ZIP archive is too large to import (at ${tooLarge}; at most ${ZIP_LIMITS.files} files, ${ZIP_LIMITS.totalBytes / 1048576} MB unpacked).`);
  const entries = Object.entries(files)
    .filter(([name]) => !/\.(pdf|txt|html?)$/i.test(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => ({ name, bytes: content }));
  if (entries.length === 0) throw new StatementParseError('The ZIP archive holds no statement file.');
  return entries;
}

export interface StatementFileOptions {
  /** Needed for CSV: the mapping saved for the account's bank. */
  csvMapping?: CsvMapping | null;
  currency?: string;
}

/** Reads a statement file of any supported kind into statements; a clear StatementParseError otherwise. */
export function parseStatementFile(bytes: Uint8Array, options: StatementFileOptions = {}): ParsedStatement[] {
  const kind = kindOf(bytes);
  if (kind === 'zip') {
    return unzipStatements(bytes).flatMap((file) => {
      try {
        const inner = kindOf(file.bytes);
        if (inner === 'zip') throw new StatementParseError('A ZIP inside the ZIP is not read.');
        return parseStatementFile(file.bytes, options);
      } catch (e) {
        throw e instanceof StatementParseError ? new StatementParseError(`${file.name}: ${e.message}`) : e;
      }
    });
  }
  const text = decodeText(bytes);
  if (kind === 'camt') return parseCamt053(text);
  if (kind === 'mt940') return parseMt940(text);
  if (!options.csvMapping) throw new StatementParseError('This looks like a CSV export: choose the account and save its column mapping first.');
  return [parseCsv(text, options.csvMapping, options.currency ?? 'EUR')];
}

/**
 * For the import dialog: the kind; for camt and MT940 the IBANs read and whether a statement names none (then
 * the user chooses the account); for CSV the column titles and a few rows (CSV always needs the account).
 * A file that cannot be read throws the same StatementParseError as the import.
 */
export function previewStatementFile(bytes: Uint8Array, skipLines = 0): Omit<StatementPreview, 'fileName'> {
  const kind = kindOf(bytes);
  if (kind !== 'csv') {
    const statements = parseStatementFile(bytes);
    const ibans = [...new Set(statements.flatMap((s) => (s.iban ? [s.iban] : [])))];
    return { kind, columns: [], rows: [], delimiter: null, ibans, needsAccount: statements.some((s) => s.iban === null) };
  }
  const table = readCsvTable(decodeText(bytes.subarray(0, 256 * 1024)), skipLines, null);
  return { kind, columns: table.columns, rows: table.rows.slice(0, 5), delimiter: table.delimiter, ibans: [], needsAccount: true };
}
