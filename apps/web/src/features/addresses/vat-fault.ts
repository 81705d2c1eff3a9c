import type { VatCheck } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** VIES faults that mean "busy or down, try again later" (its documented codes). */
const BUSY =
  /^(?:SERVICE_UNAVAILABLE|MS_UNAVAILABLE|TIMEOUT|SERVER_BUSY|GLOBAL_MAX_CONCURRENT_REQ(?:_TIME)?|MS_MAX_CONCURRENT_REQ(?:_TIME)?|VAT_BLOCKED|IP_BLOCKED)$/;

/**
 * Why a VAT ID check did not say valid or invalid, in the reader's words. The stored fault is whatever decided
 * it (a rule's name, a VIES fault code, a network library's message such as `ENOTFOUND`): none of that is shown.
 */
export function vatFaultText(check: Pick<VatCheck, 'result' | 'source' | 'fault'>, t: TFunction): string | null {
  const fault = check.fault;
  if (!fault) return null;
  if (fault === 'format' || fault === 'INVALID_INPUT') return t('addresses.faults.format');
  if (fault === 'checksum') return t('addresses.faults.checksum');
  const otherCountry = /^VAT ID of ([A-Z]{2})$/.exec(fault);
  if (otherCountry) return t('addresses.faults.otherCountry', { country: otherCountry[1] });
  const notCovered = /^VIES does not cover ([A-Z]{2})$/.exec(fault);
  if (notCovered) return t('addresses.faults.notCovered', { country: notCovered[1] });
  if (BUSY.test(fault)) return t('addresses.faults.busy');
  if (check.result === 'check_failed') return t('addresses.faults.unreachable');
  return t('addresses.faults.unexpected');
}
