import type { TFunction } from 'i18next';
import { errorText } from '../../api/error-text';
import type { FeathersError } from '../../api/errors';

/** Field refusals whose key the server names (domain rules) or whose message it sends (input checks). */
const FIELD_KEYS = ['ibanInvalid', 'emailInvalid', 'phoneInvalid'];
const SIX_DIGITS = /Six digits required/;

interface ErrorData {
  key?: string;
  reason?: { key?: string | null; message?: string } & Record<string, unknown>;
  account?: string;
  client_no?: number;
}

/** A refused address change in the user's language: the spec's RPA text with its reason, "Account not found", a field's rule, or save/delete failed. */
export function addressErrorText(error: FeathersError, action: 'save' | 'delete', t: TFunction, locale: string): string {
  const data = (error.data ?? {}) as ErrorData;
  if (data.key === 'rpaFailed') {
    const reason = data.reason ?? {};
    const message = reason.key ? t(`addresses.errors.${reason.key}`, reason as Record<string, unknown>) : (reason.message ?? error.message);
    return t('addresses.errors.rpaFailed', { message });
  }
  if (data.key === 'accountNotFound')
    return `${t('addresses.errors.accountNotFound')}: ${data.account ?? ''} (${t('addresses.client')} ${data.client_no ?? ''})`;
  if (data.key && FIELD_KEYS.includes(data.key)) return t(`addresses.errors.${data.key}`);
  const failed = t(action === 'delete' ? 'addresses.errors.deleteFailed' : 'addresses.errors.saveFailed');
  if (SIX_DIGITS.test(error.message)) return `${failed}: ${t('addresses.errors.sixDigits')}`;
  return `${failed}: ${errorText(error, t as unknown as (key: string, options?: Record<string, unknown>) => string, locale)}`;
}
