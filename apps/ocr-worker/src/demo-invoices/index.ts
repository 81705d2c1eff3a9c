export { generateDemoInvoices } from './generate';
export type { DemoInvoice, DemoInvoiceKind, DemoInvoiceOptions } from './generate';
export { FACTURX_FILE_NAME } from './cii-xml';
export { SCAN_DPI } from './render-scan';
export { isValidVatId } from './vat-ids';
export { XRECHNUNG_PROFILE } from './ubl-xml';
