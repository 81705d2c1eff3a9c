export { electronicFormatIBAN, isValidBIC, isValidIBAN } from '@portal/domain';
