import type { AddressClientAccounts } from '@portal/contracts';
import { ACC_PERSON_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { accountNotFound } from './address-errors';

/** Supplier accounts are person accounts of type 3 or 4, customer accounts of type 2 or 4 (acc-suppliers), in any period of the client. */
export async function checkAccountsExist(store: ReadStore, accounts: AddressClientAccounts[]): Promise<void> {
  for (const a of accounts) {
    for (const [field, account, types] of [
      ['supplier_account', a.supplier_account, [3, 4]],
      ['customer_account', a.customer_account, [2, 4]],
    ] as const) {
      if (account === null) continue;
      const found = await store.find(ACC_PERSON_ACCOUNTS, {
        where: { client_no: a.client_no, account, type: { $in: [...types] } },
        sort: [],
        skip: 0,
        limit: 1,
        select: ['id'],
      });
      if (found.total === 0) throw accountNotFound(field, a.client_no, account);
    }
  }
}
