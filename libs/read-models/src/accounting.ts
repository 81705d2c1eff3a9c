import type { CollectionSpec } from '@portal/read-store';

export const ACC_EXPENSE_ACCOUNTS = 'acc_expense_accounts';
export const ACC_COST_CENTRES = 'acc_cost_centres';
export const ACC_BOOKS = 'acc_books';
export const ACC_PERSON_ACCOUNTS = 'acc_person_accounts';
export const OPEN_ITEMS = 'open_items';
export const OPEN_ITEM_DUE_TOTALS = 'open_item_due_totals';
export const REPORT_FACTS = 'report_facts';
export const REPORT_SNAPSHOTS = 'report_snapshots';
export const REPORT_HEADS = 'report_heads';

export const ACCOUNTING_COLLECTIONS: readonly CollectionSpec[] = [
  { name: ACC_EXPENSE_ACCOUNTS, indexes: [['client_no', 'accounting', 'account']] },
  { name: ACC_COST_CENTRES, indexes: [['client_no', 'accounting', 'code']] },
  { name: ACC_BOOKS, indexes: [['client_no', 'accounting', 'code']] },
  { name: ACC_PERSON_ACCOUNTS, indexes: [['client_no', 'accounting', 'type', 'account'], ['client_no', 'accounting', 'name']] },
  {
    name: OPEN_ITEMS,
    indexes: [
      ['client_no', 'listed', 'kind', 'open', 'due_date'],
      ['client_no', 'listed', 'open', 'due_date'],
      ['listed', 'open', 'kind', 'client_no'],
    ],
  },
  { name: OPEN_ITEM_DUE_TOTALS, indexes: [['client_no', 'kind', 'payroll'], ['due_date']] },
  { name: REPORT_FACTS, indexes: [['client_no']] },
  { name: REPORT_SNAPSHOTS, indexes: [['client_no', 'position'], ['client_no', 'time']] },
  { name: REPORT_HEADS, indexes: [] },
];
