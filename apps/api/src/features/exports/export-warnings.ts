import type { ExportBooking, ExportFormat } from '@portal/contracts';
import { bmdText } from './bmd-ntcs';
import { belegfeld1, datevText } from './datev-extf';

const unquoted = (field: string) => field.slice(1, -1).replace(/""/g, '"');

/** Values a writer had to change to fit its format: recorded as the document's ERPInfo note. */
export function exportWarnings(format: ExportFormat, b: ExportBooking): string[] {
  const notes: string[] = [];
  const changed = (what: string, original: string, written: string) => {
    if (original.trim() !== written) notes.push(`${what} written as "${written}"`);
  };
  if (format === 'DATEV') {
    changed('invoice number (Belegfeld 1)', b.invoiceNumber, belegfeld1(b.invoiceNumber));
    changed('booking text (Buchungstext)', b.text, unquoted(datevText(b.text, 60)));
    if (b.costCentre) changed('cost centre (KOST1)', b.costCentre, unquoted(datevText(b.costCentre, 36)));
  } else {
    changed('invoice number (extbelegnr)', b.invoiceNumber, bmdText(b.invoiceNumber, 36));
    changed('booking text', b.text, bmdText(b.text, 255));
    if (b.costCentre) changed('cost centre (kost)', b.costCentre, bmdText(b.costCentre, 20));
  }
  return notes;
}
