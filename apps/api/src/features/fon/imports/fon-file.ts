import type { FonRecord } from '@portal/domain';
import { XMLParser } from 'fast-xml-parser';
import { decodeStatement } from '../../sv-tool/statement-csv';
import { csvRows, dateOrEmpty, FirstRows, ImportFileError, returnTypeOf, taxNumberOf, yearProblem, yesNo, type FileRow, type RejectedRow } from './columns';

/**
 * The FinanzOnline side of the quota (README "FON monitoring"): the quota list a firm downloads, as CSV
 *
 *   Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum;Erfassungsdatum
 *   46-123/4567;Muster GmbH;Linz;2025;KSt;ja;nein;15.10.2026;16.10.2026;12.03.2026
 *
 * (Erfassungsdatum, optional: when the tax number was registered for the quota; after 30 June Y+1 it counts from
 * the deadline after that day)
 *
 * or as XML (`<Quotenliste Veranlagungsjahr="2025"><Erklaerung>` with the same fields as elements).
 */
export interface ParsedFonFile {
  format: 'csv' | 'xml';
  rows: number;
  records: FonRecord[];
  rejected: RejectedRow[];
}

const COLUMNS = {
  taxId: ['steuernummer', 'stnr', 'steuernr'],
  name: ['name', 'bezeichnung', 'abgabepflichtiger'],
  returnType: ['erklaerungsart', 'quotenart', 'art', 'abgabenart'],
  year: ['veranlagungsjahr', 'jahr', 'zeitraum'],
  counted: ['quotenrelevant', 'relevant'],
  business: ['betrieblicheeinkuenfte', 'betrieblich', 'feststellungmitbetrieblicheneinkuenften'],
  abgabedatum: ['abgabedatum', 'einreichdatum', 'uebermittelt'],
  eingangsDatum: ['eingangsdatum', 'eingang'],
  office: ['finanzamt', 'finanzamtname', 'dienststelle'],
  registeredOn: ['erfassungsdatum', 'erfasstam', 'anmeldedatum', 'angemeldetam', 'registrierungsdatum'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['taxId', 'name', 'returnType'];

/** One row's fields by column; the problems of a row make it rejected, the rest of the file is read on. */
function recordOf(cell: (c: Column) => string, taxYear: number): { record: FonRecord } | { problem: string } {
  const problems: string[] = [];
  const taxId = taxNumberOf(cell('taxId'));
  if (!taxId) problems.push(`tax number "${cell('taxId')}" is not nine digits (12-345/6789)`);
  const name = cell('name').trim().replace(/\s+/g, ' ').slice(0, 200);
  if (!name) problems.push('the name is empty');
  const returnType = returnTypeOf(cell('returnType'));
  if (!returnType) problems.push(`return type "${cell('returnType')}" is not one the quota counts (ESt, KSt, USt, FSt, KfzSt, EnAb)`);
  const year = yearProblem(cell('year'), taxYear);
  if (year) problems.push(year);
  const counted = yesNo(cell('counted'), true);
  if (counted === undefined) problems.push(`Quotenrelevant "${cell('counted')}" is not ja or nein`);
  const business = yesNo(cell('business'), false);
  if (business === undefined) problems.push(`Betriebliche Einkünfte "${cell('business')}" is not ja or nein`);
  const abgabedatum = dateOrEmpty(cell('abgabedatum'));
  if (abgabedatum === undefined) problems.push(`submission date "${cell('abgabedatum')}" is not a date (dd.mm.yyyy)`);
  const eingangsDatum = dateOrEmpty(cell('eingangsDatum'));
  if (eingangsDatum === undefined) problems.push(`receipt date "${cell('eingangsDatum')}" is not a date (dd.mm.yyyy)`);
  const registeredOn = dateOrEmpty(cell('registeredOn'));
  if (registeredOn === undefined) problems.push(`registration date "${cell('registeredOn')}" is not a date (dd.mm.yyyy)`);
  if (problems.length) return { problem: problems.join('; ') };
  const office = cell('office').trim().slice(0, 100);
  return {
    record: {
      taxId: taxId!,
      name,
      returnType: returnType!,
      counted: counted!,
      businessIncome: business! && returnType === 'FSt',
      abgabedatum: abgabedatum!,
      eingangsDatum: eingangsDatum ?? abgabedatum!,
      ...(office ? { officeName: office } : {}),
      ...(registeredOn ? { registeredOn } : {}),
    },
  };
}

/** Rows of one file: each return once (a second row of the same tax number and type is rejected). */
function collect(rows: Array<FileRow<Column>>, taxYear: number, format: ParsedFonFile['format']): ParsedFonFile {
  const records: FonRecord[] = [];
  const rejected: RejectedRow[] = [];
  const first = new FirstRows();
  for (const { line, cell } of rows) {
    const result = recordOf(cell, taxYear);
    if ('problem' in result) {
      rejected.push({ line, reason: `Line ${line}: ${result.problem}.` });
      continue;
    }
    const repeated = first.repeats(result.record.taxId, result.record.returnType, line);
    if (repeated !== null) {
      rejected.push({ line, reason: `Line ${line}: the same return as line ${repeated}.` });
      continue;
    }
    records.push(result.record);
  }
  if (rows.length === 0) throw new ImportFileError('The file holds no returns.');
  return { format, rows: rows.length, records, rejected };
}

function parseCsv(text: string, taxYear: number): ParsedFonFile {
  return collect(csvRows(text, COLUMNS, REQUIRED), taxYear, 'csv');
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name, jpath) => name === 'Erklaerung' || jpath === 'Quotenliste.Finanzamt',
});

function parseXml(text: string, taxYear: number): ParsedFonFile {
  let doc: Record<string, unknown>;
  try {
    doc = xml.parse(text, true) as Record<string, unknown>;
  } catch (error) {
    throw new ImportFileError(`The XML is not well-formed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const list = doc.Quotenliste as Record<string, unknown> | undefined;
  if (!list || typeof list !== 'object') throw new ImportFileError('The XML has no <Quotenliste> root element.');
  const year = String(list['@Veranlagungsjahr'] ?? '');
  if (year && Number(year) !== taxYear) throw new ImportFileError(`The file is the quota list of ${year}, not of ${taxYear}.`);
  // Returns directly in the list, or grouped per tax office (<Finanzamt Name="Linz">).
  const groups = [
    { office: '', returns: (list.Erklaerung as unknown[] | undefined) ?? [] },
    ...((list.Finanzamt as Array<Record<string, unknown>> | undefined) ?? []).map((f) => ({
      office: String(f['@Name'] ?? ''),
      returns: (f.Erklaerung as unknown[] | undefined) ?? [],
    })),
  ];
  const rows: Array<FileRow<Column>> = [];
  const element: Record<Column, string> = {
    taxId: 'Steuernummer',
    name: 'Name',
    returnType: 'Erklaerungsart',
    year: 'Veranlagungsjahr',
    counted: 'Quotenrelevant',
    business: 'BetrieblicheEinkuenfte',
    abgabedatum: 'Abgabedatum',
    eingangsDatum: 'Eingangsdatum',
    office: 'Finanzamt',
    registeredOn: 'Erfassungsdatum',
  };
  for (const group of groups) {
    for (const raw of group.returns) {
      const entry = (raw ?? {}) as Record<string, unknown>;
      const value = (c: Column) => {
        const v = entry[element[c]] ?? entry[`@${element[c]}`];
        return v === undefined || v === null || typeof v === 'object' ? (c === 'office' ? group.office : '') : String(v);
      };
      rows.push({ line: rows.length + 1, cell: value });
    }
  }
  const parsed = collect(rows, taxYear, 'xml');
  // In XML "line" counts the <Erklaerung> elements.
  return {
    ...parsed,
    rejected: parsed.rejected.map((r) => ({ ...r, reason: r.reason.replace(/^Line (\d+)/, 'Return $1').replace(/as line (\d+)/, 'as return $1') })),
  };
}

/** A FON quota file of `taxYear`, CSV or XML (by its first character), UTF-8 or Windows-1252. */
export function parseFonFile(bytes: Uint8Array, taxYear: number): ParsedFonFile {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.');
  const { text } = decodeStatement(bytes);
  if (text.trimStart().startsWith('<')) return parseXml(text, taxYear);
  return parseCsv(text, taxYear);
}
