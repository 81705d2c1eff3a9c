import type { Intent } from '@blueprintjs/core';
import type { BankAccess } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** Spec 4: valid, expiring soon, expires today / tomorrow / in N days, expired (and revoked, pending). */
export function validityText(t: TFunction, access: Pick<BankAccess, 'validity' | 'days_left'>): string {
  const days = access.days_left;
  switch (access.validity) {
    case 'expiring':
      if (days === 0) return t('banking.accesses.validity.expiresToday');
      if (days === 1) return t('banking.accesses.validity.expiresTomorrow');
      return days === null ? t('banking.accesses.validity.expiring') : t('banking.accesses.validity.expiresInDays', { count: days });
    case 'valid':
      return t('banking.accesses.validity.valid');
    case 'expired':
      return t('banking.accesses.validity.expired');
    case 'revoked':
      return t('banking.accesses.validity.revoked');
    case 'pending':
      return t('banking.accesses.validity.pending');
  }
}

export function validityIntent(validity: BankAccess['validity'] | null): Intent {
  return validity === 'expired' ? 'danger' : validity === 'expiring' ? 'warning' : validity === 'valid' ? 'success' : 'none';
}
