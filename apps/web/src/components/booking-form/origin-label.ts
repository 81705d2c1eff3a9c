import { ORIGIN } from '@portal/contracts';

/** Short label key (invoices.origins.*) of a spec §3 extraction-origin code. */
export function originKey(code: number): string {
  switch (code) {
    case ORIGIN.PDF_Parse:
      return 'pdf';
    case ORIGIN.OCR:
      return 'ocr';
    case ORIGIN.Human_Labeling:
      return 'human';
    case ORIGIN.Machine_Learning:
      return 'ml';
    case ORIGIN.Aggregator:
      return 'aggregator';
    case ORIGIN.Human_Confirmation:
      return 'confirmation';
    case ORIGIN.Human_Booking:
      return 'booking';
    case ORIGIN.EInvoice_XML:
      return 'xml';
    case ORIGIN.RPA_Address_Database:
      return 'rpa';
    default:
      // OCR engine families 17-37: plain, machine-learning and human-labeling variants.
      if (code >= 17 && code <= 37) return ['ocr', 'ocrMl', 'ocrHuman'][(code - 17) % 3];
      return 'unknown';
  }
}

/** Human-entered values are shown apart from machine-read ones. */
export function isHumanOrigin(code: number): boolean {
  return (
    code === ORIGIN.Human_Labeling || code === ORIGIN.Human_Confirmation || code === ORIGIN.Human_Booking || (code >= 17 && code <= 37 && (code - 17) % 3 === 2)
  );
}
