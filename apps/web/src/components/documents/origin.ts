import { ORIGIN } from '@portal/contracts';

/** Spec 3 name of an extraction-origin code (PDF_Parse, OCR, ..., EInvoice_XML), engine families included. */
export function originName(code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const named = (Object.entries(ORIGIN) as Array<[string, number]>).find(([, v]) => v === code);
  if (named) return named[0];
  const families: Array<[string, number]> = [
    ['EASY_OCR', 17],
    ['DOC_TR_OCR', 20],
    ['SURYA_OCR', 23],
    ['PADDLE_OCR', 26],
    ['PARTIAL_OCR', 29],
    ['PARTIAL_APPLE_OCR', 32],
    ['PDFIUM_PARTIAL_APPLE_OCR', 35],
  ];
  for (const [name, first] of families) {
    if (code >= first && code <= first + 2) return [name, `${name}_ML`, `${name}_HL`][code - first];
  }
  return null;
}

/** i18n key of an origin's readable label (documents.origin.*), with the code for unknown ones. */
export function originLabelKey(code: number): string {
  return ['2', '7', '9', '10', '11', '12', '13', '50', '51'].includes(String(code)) ? `documents.origin.${code}` : 'documents.origin.unknown';
}
