import type { NtcsRecord } from '@portal/domain';
import { decodeStatement } from '../../sv-tool/statement-csv';
import { csvRows, dateOrEmpty, FirstRows, ImportFileError, returnTypeOf, taxNumberOf, yearProblem, type RejectedRow } from './columns';

/**
 * The NTCS side (README "FON monitoring"): the client list with returns the firm exports from BMD NTCS, as CSV
 *
 *   PersNr;Name;Steuernummer;Erklärungsart;Veranlagungsjahr;Abgabedatum;Zuständig;Mandant
 *   10045;Muster GmbH;46-123/4567;KSt;2025;15.10.2026;Anna Berger;1001
 *
 * `Mandant` (optional) is the portal's client number: its responsible person (responsibility view) is shown.
 */
export interface ParsedNtcsFile {
  rows: number;
  records: NtcsRecord[];
  rejected: RejectedRow[];
}

const COLUMNS = {
  persNr: ['persnr', 'personennummer', 'ntcspersnr', 'klientennummerntcs', 'persnummer'],
  name: ['name', 'klientenname', 'bezeichnung'],
  taxId: ['steuernummer', 'stnr', 'steuernr'],
  returnType: ['erklaerungsart', 'quotenart', 'art', 'abgabenart'],
  year: ['veranlagungsjahr', 'jahr'],
  filingDate: ['abgabedatum', 'eingereicht', 'einreichdatum'],
  responsible: ['zustaendig', 'zustaendigermitarbeiter', 'zustma', 'sachbearbeiter', 'mitarbeiter'],
  clientNo: ['mandant', 'mandantennummer', 'portalmandant', 'mandantnr'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['persNr', 'name', 'taxId', 'returnType'];

export function parseNtcsFile(bytes: Uint8Array, taxYear: number): ParsedNtcsFile {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.');
  const { text } = decodeStatement(bytes);
  if (text.trimStart().startsWith('<')) throw new ImportFileError('The NTCS export is a CSV file (PersNr;Name;Steuernummer;…), not XML.');
  const rows = csvRows(text, COLUMNS, REQUIRED);
  const records: NtcsRecord[] = [];
  const rejected: RejectedRow[] = [];
  const first = new FirstRows();
  rows.forEach((row) => {
    const line = row.line;
    const cell = (c: Column) => row.cell(c).trim();
    const problems: string[] = [];
    const persNr = cell('persNr');
    if (!persNr) problems.push('the NTCS person number is empty');
    const name = cell('name').replace(/\s+/g, ' ').slice(0, 200);
    if (!name) problems.push('the name is empty');
    const taxId = taxNumberOf(cell('taxId'));
    if (!taxId) problems.push(`tax number "${cell('taxId')}" is not nine digits (12-345/6789)`);
    const returnType = returnTypeOf(cell('returnType'));
    if (!returnType) problems.push(`return type "${cell('returnType')}" is not one the quota counts (ESt, KSt, USt, FSt, KfzSt, EnAb)`);
    const year = yearProblem(cell('year'), taxYear);
    if (year) problems.push(year);
    const filingDate = dateOrEmpty(cell('filingDate'));
    if (filingDate === undefined) problems.push(`submission date "${cell('filingDate')}" is not a date (dd.mm.yyyy)`);
    const clientText = cell('clientNo');
    const clientNo = clientText === '' ? null : Number(clientText);
    if (clientNo !== null && (!Number.isSafeInteger(clientNo) || clientNo <= 0)) problems.push(`client number "${clientText}" is not a number`);
    if (problems.length) {
      rejected.push({ line, reason: `Line ${line}: ${problems.join('; ')}.` });
      return;
    }
    const repeated = first.repeats(taxId!, returnType!, line);
    if (repeated !== null) {
      rejected.push({ line, reason: `Line ${line}: the same return as line ${repeated}.` });
      return;
    }
    records.push({
      persNr: persNr.slice(0, 40),
      name,
      taxId: taxId!,
      returnType: returnType!,
      filingDate: filingDate!,
      responsible: cell('responsible').slice(0, 120) || null,
      clientNo,
    });
  });
  if (rows.length === 0) throw new ImportFileError('The file holds no client records.');
  return { rows: rows.length, records, rejected };
}
