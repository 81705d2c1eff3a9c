export {
  generateDemoInvoices,
  FACTURX_FILE_NAME,
  SCAN_DPI,
  isValidVatId,
  XRECHNUNG_PROFILE,
  makeCompany,
  suppliersFor,
  customersFor,
  makeVatId,
  makeRegisterNumber,
  prngFor,
  textScan,
} from './invoices';
export type { DemoInvoice, DemoInvoiceKind, DemoInvoiceOptions, LegalParty, Prng } from './invoices';
// The generator's steps (compose, lay out, render), for pages made to measure the readers.
export { composeInvoice, layoutInvoice, textWidth, wrapText, PAGE_WIDTH, renderScan, renderTextPdf, renderImagePdf, buildFacturXXmp } from './invoices';
export type { DrawOp, Rgb, Language } from './invoices';
export { seededRandom } from './seeded-random';
