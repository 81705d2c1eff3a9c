export { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from '@portal/domain';
