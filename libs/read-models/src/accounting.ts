import type { Book, CostCentre, ExpenseAccount, OpenItemRecord, PersonAccount } from '@portal/contracts';
import type { DocumentFact, storeLedger } from '@portal/domain';
import type { CollectionSpec, Doc } from '@portal/read-store';
import { collection } from './collection';

/** An open item as stored: the record of the list plus the document fact it is computed from. */
export type StoredOpenItem = OpenItemRecord & { fact: DocumentFact };

/** Per client, kind, payroll mark and due date: how many open items and their open amount (the ageing). */
export interface OpenItemDueTotal {
  id: string;
  client_no: number;
  kind: string;
  payroll: boolean;
  due_date: string | null;
  count: number;
  amount: number;
}

/** A stream touched since a snapshot and the first revision that touched it: where an as-of reads its tail. */
export type Touched = [streamId: string, fromRevision: number];

export interface ReportHead {
  id: number;
  client_no: number;
  snapshot_position: number;
  events_since: number;
  touched: Touched[];
  /** Facts in the last snapshot (absent in heads written before version 3). */
  snapshot_facts?: number;
}

export interface ReportSnapshot {
  id: string;
  client_no: number;
  position: number;
  time: string;
  ledger: ReturnType<typeof storeLedger>;
  /** Filled when the next snapshot is taken: its position and the streams touched up to it. */
  next_position: number | null;
  touched: Touched[] | null;
}

export const ACC_EXPENSE_ACCOUNTS = collection<ExpenseAccount>('acc_expense_accounts');
export const ACC_COST_CENTRES = collection<CostCentre>('acc_cost_centres');
export const ACC_BOOKS = collection<Book>('acc_books');
export const ACC_PERSON_ACCOUNTS = collection<PersonAccount>('acc_person_accounts');
export const OPEN_ITEMS = collection<StoredOpenItem>('open_items');
export const OPEN_ITEM_DUE_TOTALS = collection<OpenItemDueTotal>('open_item_due_totals');
/** Per client, one compact fact per document or export job (the ledger's live records). */
export const REPORT_FACTS = collection<Doc>('report_facts');
export const REPORT_SNAPSHOTS = collection<ReportSnapshot>('report_snapshots');
export const REPORT_HEADS = collection<ReportHead>('report_heads');

export const ACCOUNTING_COLLECTIONS: readonly CollectionSpec[] = [
  { name: ACC_EXPENSE_ACCOUNTS, indexes: [['client_no', 'accounting', 'account']] },
  { name: ACC_COST_CENTRES, indexes: [['client_no', 'accounting', 'code']] },
  { name: ACC_BOOKS, indexes: [['client_no', 'accounting', 'code']] },
  {
    name: ACC_PERSON_ACCOUNTS,
    indexes: [
      ['client_no', 'accounting', 'type', 'account'],
      ['client_no', 'accounting', 'name'],
    ],
  },
  {
    name: OPEN_ITEMS,
    indexes: [
      // The page's order (due date, then id) followed by `payroll`: users without dpv list with payroll != true,
      // which these covering indexes answer, count included, without reading each record (20,000 open items of
      // a client: 243 ms reading the records, a few ms from the index).
      ['client_no', 'listed', 'kind', 'open', 'due_date', 'id', 'payroll'],
      ['client_no', 'listed', 'open', 'due_date', 'id', 'payroll'],
      ['listed', 'open', 'kind', 'client_no'],
    ],
  },
  { name: OPEN_ITEM_DUE_TOTALS, indexes: [['client_no', 'kind', 'payroll'], ['due_date']] },
  { name: REPORT_FACTS, indexes: [['client_no']] },
  {
    name: REPORT_SNAPSHOTS,
    indexes: [
      ['client_no', 'position'],
      ['client_no', 'time'],
    ],
  },
  { name: REPORT_HEADS, indexes: [] },
];
