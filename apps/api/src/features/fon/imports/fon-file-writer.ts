import type { FonRecord, NtcsRecord } from '@portal/domain';
import { formatTaxId } from '@portal/domain';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cell = (text: string) => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const german = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

/** A FON quota list in the documented XML form (the sandbox answers it; the bench and demo write it). */
export function fonQuotaXml(taxYear: number, records: readonly FonRecord[]): string {
  const rows = records.map((r) =>
    [
      '<Erklaerung>',
      `<Steuernummer>${formatTaxId(r.taxId)}</Steuernummer>`,
      `<Name>${escapeXml(r.name)}</Name>`,
      `<Erklaerungsart>${r.returnType}</Erklaerungsart>`,
      `<Quotenrelevant>${r.counted}</Quotenrelevant>`,
      `<BetrieblicheEinkuenfte>${r.businessIncome}</BetrieblicheEinkuenfte>`,
      r.abgabedatum ? `<Abgabedatum>${r.abgabedatum}</Abgabedatum>` : '',
      r.eingangsDatum ? `<Eingangsdatum>${r.eingangsDatum}</Eingangsdatum>` : '',
      r.officeName ? `<Finanzamt>${escapeXml(r.officeName)}</Finanzamt>` : '',
      r.registeredOn ? `<Erfassungsdatum>${r.registeredOn}</Erfassungsdatum>` : '',
      '</Erklaerung>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Quotenliste xmlns="urn:kanzleiportal:fon-quote:1" Veranlagungsjahr="${taxYear}">\n${rows.join('\n')}\n</Quotenliste>\n`;
}

/** The same list as CSV (`;`, German dates). */
export function fonQuotaCsv(taxYear: number, records: readonly FonRecord[]): string {
  const head = 'Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum;Erfassungsdatum';
  const rows = records.map((r) =>
    [
      formatTaxId(r.taxId),
      cell(r.name),
      cell(r.officeName ?? ''),
      taxYear,
      r.returnType,
      r.counted ? 'ja' : 'nein',
      r.businessIncome ? 'ja' : 'nein',
      german(r.abgabedatum),
      german(r.eingangsDatum),
      german(r.registeredOn ?? null),
    ].join(';'),
  );
  return [head, ...rows].join('\r\n') + '\r\n';
}

/** An NTCS client export as the portal reads it. */
export function ntcsCsv(taxYear: number, records: readonly NtcsRecord[]): string {
  const head = 'PersNr;Name;Steuernummer;Erklärungsart;Veranlagungsjahr;Abgabedatum;Zuständig;Mandant';
  const rows = records.map((r) =>
    [cell(r.persNr), cell(r.name), formatTaxId(r.taxId), r.returnType, taxYear, german(r.filingDate), cell(r.responsible ?? ''), r.clientNo ?? ''].join(';'),
  );
  return [head, ...rows].join('\r\n') + '\r\n';
}
