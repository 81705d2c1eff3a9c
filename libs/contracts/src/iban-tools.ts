// ibantools ships ESM type declarations beside its CommonJS build: load the CommonJS build, typed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ibantools = require('ibantools') as typeof import('ibantools', { with: { 'resolution-mode': 'import' } });

/** ISO 13616 and ISO 9362 by ibantools (country length and format, mod-97 check digits): every IBAN and BIC check of the portal. */
export const { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } = ibantools;
