// ibantools ships ESM type declarations beside its CommonJS build: load the CommonJS build, typed.
const ibantools = require('ibantools') as typeof import('ibantools', { with: { 'resolution-mode': 'import' } });

export const { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } = ibantools;
