import { round2 } from '@portal/domain';
import { OPEN_ITEM_DUE_TOTALS, put, remove, type OpenItemDueTotal } from '@portal/read-models';
import type { ChangeIntent, ProjectionView } from '../runtime/projection';

/** What an open item adds to the totals of its client, kind, payroll mark and due date. */
interface Contribution {
  key: string;
  client_no: number;
  kind: string;
  payroll: boolean;
  due_date: string | null;
  amount: number;
}

/** The fields of an open item the totals read (a listed, open item counts; a paid or unlisted one does not). */
export interface DueTotalsItem {
  client_no: number;
  kind: string;
  payroll?: boolean;
  due_date: string | null;
  listed: boolean;
  open: boolean;
  outstanding: number;
}

function contributionOf(item: DueTotalsItem | null): Contribution | null {
  if (!item || !item.listed || !item.open) return null;
  const payroll = item.payroll === true;
  return {
    key: `${item.client_no}|${item.kind}|${payroll ? 1 : 0}|${item.due_date ?? ''}`,
    client_no: item.client_no,
    kind: item.kind,
    payroll,
    due_date: item.due_date,
    amount: item.outstanding,
  };
}

/**
 * The changes to the due-date totals when an open item goes from `before` to `after`: its old contribution
 * leaves its old key, its new one joins its new key. A key whose count falls to 0 is removed, so the
 * collection holds one record per client, kind, payroll mark and due date that has open items: the ageing
 * of a client folds a few hundred records instead of every item.
 */
export async function dueTotalChanges(view: ProjectionView, before: DueTotalsItem | null, after: DueTotalsItem | null): Promise<ChangeIntent[]> {
  const removed = contributionOf(before);
  const added = contributionOf(after);
  if (removed?.key === added?.key && removed?.amount === added?.amount) return [];
  const deltas = new Map<string, { base: Contribution; count: number; amount: number }>();
  const add = (c: Contribution | null, sign: 1 | -1) => {
    if (!c) return;
    const d = deltas.get(c.key) ?? { base: c, count: 0, amount: 0 };
    d.count += sign;
    d.amount += sign * c.amount;
    deltas.set(c.key, d);
  };
  add(removed, -1);
  add(added, 1);
  const changes: ChangeIntent[] = [];
  for (const [key, d] of deltas) {
    const current = await view.get(OPEN_ITEM_DUE_TOTALS, key);
    const count = ((current?.count as number | undefined) ?? 0) + d.count;
    if (count <= 0) {
      if (current) changes.push(remove(OPEN_ITEM_DUE_TOTALS, key));
      continue;
    }
    const { base } = d;
    const doc: OpenItemDueTotal = {
      id: key,
      client_no: base.client_no,
      kind: base.kind,
      payroll: base.payroll,
      due_date: base.due_date,
      count,
      amount: round2(((current?.amount as number | undefined) ?? 0) + d.amount),
    };
    changes.push(put(OPEN_ITEM_DUE_TOTALS, doc));
  }
  return changes;
}
