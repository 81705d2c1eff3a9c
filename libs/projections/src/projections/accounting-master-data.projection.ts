import { ACCOUNTING_EVENT_TYPES, type AccountingEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, ACC_EXPENSE_ACCOUNTS, ACC_COST_CENTRES, ACC_BOOKS, ACC_PERSON_ACCOUNTS, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/** acc-exp-acc, acc-cost, acc-books, acc-suppliers: the accounting master data of each client. */
export const accountingMasterDataProjection: Projection = {
  name: 'accounting-master-data',
  version: 1,
  collections: collectionSpecs(ACC_EXPENSE_ACCOUNTS, ACC_COST_CENTRES, ACC_BOOKS, ACC_PERSON_ACCOUNTS),
  handles: ACCOUNTING_EVENT_TYPES,
  async project(recorded, view) {
    const event = domainEventOf<AccountingEvent>(recorded);
    const client_no = recorded.metadata.clientNo;
    if (client_no === null) return [];
    const at = recorded.metadata.time;
    const common = { client_no, revision: recorded.revision, updated_at: at };
    switch (event.type) {
      case 'ExpenseAccountDefined': {
        const d = event.data;
        return [
          put(ACC_EXPENSE_ACCOUNTS, {
            id: `${client_no}-${d.accounting ?? 'default'}-${d.account}`,
            ...common,
            accounting: d.accounting,
            account: d.account,
            name: d.name,
            tax_rate: d.tax_rate,
          }),
        ];
      }
      case 'CostCentreDefined':
        return [put(ACC_COST_CENTRES, { id: `${client_no}-${event.data.accounting}-${event.data.code}`, ...common, ...event.data })];
      case 'BookDefined':
        return [put(ACC_BOOKS, { id: `${client_no}-${event.data.accounting}-${event.data.code}`, ...common, ...event.data })];
      case 'PersonAccountCreated': {
        const id = `${client_no}-${event.data.accounting}-${event.data.account}`;
        const existing = await view.get(ACC_PERSON_ACCOUNTS, id);
        return [
          put(ACC_PERSON_ACCOUNTS, {
            id,
            ...common,
            ...event.data,
            created_at: existing?.created_at ?? at,
            created_by: existing?.created_by ?? recorded.metadata.userId,
          }),
        ];
      }
    }
  },
};
