import type { CsvMapping, StatementFormat } from '@portal/contracts';
import { readCamt } from './camt/read-camt';
import { readBankCsv } from './csv/read-bank-csv';
import { readCsvTable, readMappedCsv } from './csv/read-mapped-csv';
import { assignKeys } from './entry-keys';
import { notStatementText } from './not-text';
import { StatementParseError, type BankStatement, type StatementFile } from './statement';
import { readSwift } from './swift/read-swift';
import { decodeText } from './text-decoding';
import { decodedPieces } from './text-pieces';
import { isZip, unzipStatements } from './zip/unzip-statements';

export type FileKind = 'camt' | 'zip' | 'mt940' | 'csv';

const SWIFT_START = /^(\{1:|\{2:|\{4:|ä4:|:(20|21|25|28C?|60[FM]|61|62[FM]|86|34F|13D|940):)/m;

/** What a file is, from its content (not its name). */
export function kindOf(bytes: Uint8Array): FileKind {
  if (isZip(bytes)) return 'zip';
  const head = decodeText(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'camt';
  // SWIFT tags at a line start within the first lines (banks put their own header lines before them).
  const lines = head
    .split(/\r\n|\r|\n/)
    .slice(0, 12)
    .join('\n');
  if (SWIFT_START.test(lines)) return 'mt940';
  return 'csv';
}

/**
 * A member of a ZIP bundle read as a statement: camt XML (what the DK bundles hold) or MT940/MT942, told by the
 * content, not the name (MT940 often comes as .txt). A PDF or HTML copy of the statement, notes, a CSV (which
 * may need a column mapping of its own) and a ZIP inside are no statement of the bundle.
 */
function isStatementMember(name: string, bytes: Uint8Array): boolean {
  if (isZip(bytes) || /\.(pdf|html?)$/i.test(name)) return false;
  const kind = kindOf(bytes);
  if (kind === 'mt940') return true;
  return kind === 'camt' && !/^(\uFEFF)?\s*<(!DOCTYPE\s+html|html)[\s>]/i.test(decodeText(bytes.subarray(0, 512)));
}

export interface StatementFileOptions {
  /** For a CSV the portal does not recognise: the column mapping the user saved for the account. */
  csvMapping?: CsvMapping | null;
  currency?: string;
  /** false: the entries keep empty keys (the preview counts and reconciles them; only an import needs their keys). */
  keys?: boolean;
  /**
   * false: camt entries without counterparty, purpose and references (what the preview neither shows nor
   * reconciles; a 20 MB file's strings are most of what its reading allocates and keeps).
   */
  details?: boolean;
}

/**
 * Reads a statement file of any supported kind: camt.052/053/054 XML (also as ZIP bundle), MT940/MT942, a bank
 * CSV export the portal recognises, or another CSV through the saved column mapping. Entries get their keys
 * (per file and account). A file that cannot be read throws a StatementParseError naming the line or element.
 */
export function parseStatementFile(bytes: Uint8Array, options: StatementFileOptions = {}): StatementFile {
  const file = readFile(bytes, options);
  if (options.keys !== false) assignKeys(file.statements);
  return file;
}

/** The undated entries of a bundle's files, each named with its file. */
function undatedOf(parts: StatementFile[], names: string[]): Pick<StatementFile, 'undatedEntries'> {
  const undated = parts.flatMap((p, i) => (p.undatedEntries ?? []).map((where) => `${names[i]}: ${where}`));
  return undated.length > 0 ? { undatedEntries: undated } : {};
}

function readFile(bytes: Uint8Array, options: StatementFileOptions): StatementFile {
  const kind = kindOf(bytes);
  if (kind === 'zip') {
    const skippedFiles: string[] = [];
    const parts: StatementFile[] = [];
    const names: string[] = [];
    for (const inner of unzipStatements(bytes)) {
      if (!isStatementMember(inner.name, inner.bytes)) {
        skippedFiles.push(inner.name);
        continue;
      }
      try {
        parts.push(readFile(inner.bytes, options));
        names.push(inner.name);
      } catch (e) {
        throw e instanceof StatementParseError ? new StatementParseError(`${inner.name}: ${e.message}`) : e;
      }
    }
    if (parts.length === 0)
      throw new StatementParseError(`The ZIP archive holds no statement file${skippedFiles.length > 0 ? ` (skipped: ${skippedFiles.join(', ')})` : ''}.`);
    return {
      format: parts[0]!.format,
      bank: parts.map((p) => p.bank).find(Boolean) ?? null,
      statements: parts.flatMap((p) => p.statements),
      skippedLines: [],
      skippedFiles,
      ...undatedOf(parts, names),
      table: null,
    };
  }
  const notText = notStatementText(bytes);
  if (notText) throw new StatementParseError(notText);
  // camt is read as its bytes are decoded, a piece at a time (a 20 MB file is never a 40 MB string).
  if (kind === 'camt') return { ...readCamt(decodedPieces(bytes), { details: options.details !== false }), skippedLines: [], table: null };
  const text = decodeText(bytes);
  if (kind === 'mt940') return { ...readSwift(text), skippedLines: [], table: null };
  const bankCsv = readBankCsv(text);
  if (bankCsv) {
    if (bankCsv.statements.every((s) => s.entries.length === 0)) throw new StatementParseError(`The ${bankCsv.bank} export holds no rows.`);
    return {
      format: 'csv',
      bank: bankCsv.bank,
      statements: bankCsv.statements,
      skippedLines: bankCsv.skippedLines,
      table: { columns: bankCsv.columns, delimiter: bankCsv.delimiter, skipLines: bankCsv.skipLines },
    };
  }
  if (!options.csvMapping)
    throw new StatementParseError('This CSV is not an export of a bank the portal knows: choose the account and save its column mapping first.');
  const { statements, skippedLines } = readMappedCsv(text, options.csvMapping, options.currency ?? 'EUR');
  return { format: 'csv', bank: null, statements, skippedLines, table: null };
}

/** The preview's table of a CSV the portal does not recognise: column titles and the first rows, after `skipLines` lines. */
export function csvPreviewTable(bytes: Uint8Array, skipLines: number): { columns: string[]; rows: string[][]; delimiter: string } {
  const table = readCsvTable(decodeText(bytes.subarray(0, 256 * 1024)), skipLines, null);
  return { columns: table.columns, rows: table.rows.slice(0, 5), delimiter: table.delimiter };
}

export type { BankStatement, StatementFormat };
