export { generateVariedInvoices } from './generate';
export type { VariedInvoice, VariedOptions } from './generate';
