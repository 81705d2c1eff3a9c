import { randomUUID } from 'node:crypto';
import { subCommandId } from '@portal/commands';
import {
  BadRequest,
  Conflict,
  NotFound,
  SERVICES,
  Unprocessable,
  mayAccessClient,
  type BankTransaction,
  type MatchSuggestion,
  type OpenItemRecord,
  type TransactionMatch,
} from '@portal/contracts';
import { bankLedgerDecider, bankLedgerStreamId, DomainError, leftToMatch, openItemDecider, openItemStreamId, overAllocation } from '@portal/domain';
import { BANK_TRANSACTIONS, OPEN_ITEMS, type StoredBankTransaction } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { BANK_PAYMENT_PREFIX, itemScope, maySeeItem, recordOpenItemPayment } from '../open-items/open-items.service';
import { validate } from '../validate';
import { BANKING } from './banking-permissions';
import { transactionQueryFor, transactionReply } from './bank-transactions.service';
import { OpenItemIndex } from './matching';

const findSchema = z.strictObject({
  client_no: z.coerce.number().int().positive(),
  transaction_id: z.string().min(1).max(80).optional(),
  /** With transaction_id: any open item of the fitting kind by number, party, title or reference (for splitting). */
  search: z.string().trim().min(2, 'Search for at least two characters.').max(100).optional(),
  $limit: z.coerce.number().int().min(1).max(500).optional(),
});
const createSchema = z.strictObject({
  transaction_id: z.string().min(1).max(80),
  allocations: z
    .array(
      z.strictObject({
        open_item_id: z.union([z.string(), z.number()]).transform(String),
        amount_cents: z
          .number()
          .int()
          .refine((n) => n !== 0, 'Every allocation needs an amount.'),
      }),
    )
    .min(1, 'A match allocates the transaction to at least one open item.')
    .max(50),
});

const toAmount = (cents: number) => Math.abs(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);

/** Open items of the transaction's kind whose number, party, title or reference holds the text, as choices without a score. */
function searchItems(items: OpenItemRecord[], tx: BankTransaction, text: string, limit: number): MatchSuggestion[] {
  const left = tx.amount_cents - tx.matched_cents;
  if (left === 0) return [];
  const kind = left > 0 ? 'receivable' : 'payable';
  const needle = text.toLowerCase();
  return items
    .filter(
      (i) => i.kind === kind && i.outstanding > 0 && [i.invoice_number, i.party, i.title, i.payment_reference].some((v) => v?.toLowerCase().includes(needle)),
    )
    .slice(0, limit)
    .map((i) => ({
      id: `${tx.id}:${i.id}`,
      transaction_id: tx.id,
      open_item_id: String(i.id),
      label: [i.invoice_number ?? i.title, i.party].filter(Boolean).join(' · '),
      open_cents: cents(i.outstanding),
      amount_cents: Math.sign(left) * Math.min(cents(i.outstanding), Math.abs(left)),
      skonto_cents: 0,
      confidence: 0,
      reasons: [],
    }));
}

/**
 * bank-matches (adm or ban, client scope): find { client_no, transaction_id? } suggests open items for one
 * transaction (or the best one per unmatched transaction); create { transaction_id, allocations } confirms a
 * match, split over several items, which records a payment on each open item (source bank); remove with the
 * match id (query transaction_id) undoes it and cancels those payments. Suggestions and allocations reckon with
 * what is left of the transaction as the user sees it (transactionFor), so they agree with its matched amount
 * and status and never allocate beyond it.
 */
export function bankMatchesService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const transaction = async (context: CallContext, id: string) => {
    const tx = await store.get(BANK_TRANSACTIONS, id);
    if (!tx || !mayAccessClient(context.user, tx.client_no)) throw NotFound(`No record found for id '${id}'`);
    return tx;
  };
  /**
   * Cancels the match's payment on each item (on the item's stream, whether or not the item is still listed).
   * A payment that was never recorded there is nothing to take back; every other refusal is thrown.
   */
  const cancelPayments = async (ctx: ReturnType<typeof commandContextOf>, matchId: TransactionMatch['match_id'], itemIds: string[], reason: string) => {
    for (const id of itemIds) {
      try {
        await commands.send(
          openItemDecider,
          openItemStreamId(Number(id)),
          { type: 'CancelPayment', paymentId: `${BANK_PAYMENT_PREFIX}${matchId}`, reason },
          { ...ctx, commandId: undefined },
        );
      } catch (e) {
        if (!(e instanceof DomainError && e.kind === 'not-found')) throw e;
      }
    }
  };
  /** The transaction as this user sees it: its matched amount is what suggestions and allocations reckon with. */
  const seenBy = (context: CallContext, tx: StoredBankTransaction) => transactionReply(context.user, tx) as BankTransaction;
  const openItems = async (context: CallContext, clientNo: number) =>
    (
      await store.find(OPEN_ITEMS, {
        where: { client_no: clientNo, listed: true, open: true, ...itemScope(context.user) },
        sort: [],
        skip: 0,
        limit: 1_000_000,
      })
    ).data;

  const find = async (context: CallContext, raw: Record<string, unknown>) => {
    const q = validate(findSchema, raw, 'query');
    if (!mayAccessClient(context.user, q.client_no)) return { total: 0, limit: q.$limit ?? 100, skip: 0, data: [] };
    const index = new OpenItemIndex(q.search ? [] : await openItems(context, q.client_no));
    let data: MatchSuggestion[];
    if (q.search && !q.transaction_id) throw BadRequest('Searching open items needs the transaction (transaction_id).');
    if (q.transaction_id) {
      const tx = await transaction(context, q.transaction_id);
      if (tx.client_no !== q.client_no) throw NotFound(`No record found for id '${q.transaction_id}'`);
      const seen = seenBy(context, tx);
      data =
        tx.status !== 'booked'
          ? []
          : q.search
            ? searchItems(await openItems(context, q.client_no), seen, q.search, q.$limit ?? 20)
            : index.suggest(seen, q.$limit ?? 10);
    } else {
      const unmatched = transactionQueryFor(context.user, {
        where: { client_no: q.client_no, status: 'booked', match_status: { $ne: 'matched' } },
        sort: [
          ['booking_date', -1],
          ['id', 1],
        ],
        skip: 0,
        limit: 500,
      });
      const open = await store.find(BANK_TRANSACTIONS, unmatched);
      data = open.data.flatMap((tx) => index.suggest(seenBy(context, tx), 1)).slice(0, q.$limit ?? 100);
    }
    return { total: data.length, limit: q.$limit ?? 100, skip: 0, data: data.map((s) => ({ ...s, client_no: q.client_no })) };
  };

  const create = async (context: CallContext, raw: Record<string, unknown> | null) => {
    const d = validate(createSchema, raw, 'match');
    const tx = await transaction(context, d.transaction_id);
    if (tx.status !== 'booked') throw Unprocessable('A pending transaction cannot be matched yet; wait until it is booked.');
    const seen = seenBy(context, tx);
    const refused = overAllocation(
      d.allocations.reduce((s, a) => s + a.amount_cents, 0),
      leftToMatch(seen.amount_cents, seen),
    );
    if (refused) throw Conflict(refused);
    const items = new Map<string, OpenItemRecord>();
    for (const a of d.allocations) {
      const item = await store.get(OPEN_ITEMS, Number(a.open_item_id));
      if (!item || item.client_no !== tx.client_no || !item.listed || !maySeeItem(context.user, item))
        throw NotFound(`No open item found for id '${a.open_item_id}'`);
      if ((item.kind === 'receivable') !== tx.amount_cents > 0)
        throw BadRequest(
          `Open item ${a.open_item_id} is a ${item.kind}; money ${tx.amount_cents > 0 ? 'in' : 'out'} pays ${tx.amount_cents > 0 ? 'receivables' : 'payables'}.`,
        );
      items.set(a.open_item_id, item);
    }
    const matchId = context.commandId ? `m-${context.commandId}` : randomUUID();
    const ctx = { ...commandContextOf(context, tx.client_no), expectedRevision: undefined };
    const allocations = d.allocations.map((a) => ({
      openItemId: a.open_item_id,
      amountCents: a.amount_cents,
      label: [items.get(a.open_item_id)!.invoice_number ?? items.get(a.open_item_id)!.title, items.get(a.open_item_id)!.party].filter(Boolean).join(' · '),
    }));
    const stream = bankLedgerStreamId(tx.account_id, tx.booking_date);
    await commands.send(
      bankLedgerDecider,
      stream,
      { type: 'ConfirmMatch', matchId, transactionId: tx.id, allocations },
      { ...ctx, commandId: subCommandId(matchId, 'confirm') },
    );
    const paid: string[] = [];
    try {
      for (const a of allocations) {
        await recordOpenItemPayment(store, commands, context, Number(a.openItemId), {
          amount: toAmount(a.amountCents),
          date: tx.booking_date,
          note: `${tx.counterparty_name} ${tx.remittance}`.trim().slice(0, 500),
          paymentId: `${BANK_PAYMENT_PREFIX}${matchId}`,
          source: { kind: 'bank', reference: tx.id },
        });
        paid.push(a.openItemId);
      }
    } catch (e) {
      // The payment was refused (item paid meanwhile, amount too high): take the match back whole, or say what is left.
      try {
        await cancelPayments(ctx, matchId, paid, 'Match not completed');
      } catch (rollback) {
        throw Conflict(
          `The match was not completed (${(e as Error).message}) and its payments could not all be taken back (${(rollback as Error).message}); undo the match to finish.`,
        );
      }
      await commands.send(bankLedgerDecider, stream, { type: 'UndoMatch', matchId }, { ...ctx, commandId: subCommandId(matchId, 'rollback') });
      throw e;
    }
    return transactionReply(context.user, await store.get(BANK_TRANSACTIONS, tx.id));
  };

  const remove = async (context: CallContext, rawId: string | number | null, query: Record<string, unknown>) => {
    if (rawId === null) throw BadRequest('A match id is required.');
    const txId = typeof query.transaction_id === 'string' ? query.transaction_id : null;
    if (!txId) throw BadRequest('Name the transaction of the match (query transaction_id).');
    const tx = await transaction(context, txId);
    const match = tx.matches.find((m) => m.match_id === String(rawId));
    if (!match) throw NotFound(`No match found for id '${String(rawId)}'`);
    const ctx = { ...commandContextOf(context, tx.client_no), expectedRevision: undefined };
    // The payments go first: the ledger says "unmatched" only once every item has its payment back. A failure
    // answers as such and leaves the match in place; undoing again finishes it (cancelled payments stay cancelled).
    await cancelPayments(
      ctx,
      match.match_id,
      match.allocations.map((a) => a.open_item_id),
      'Bank match undone',
    );
    await commands.send(
      bankLedgerDecider,
      bankLedgerStreamId(tx.account_id, tx.booking_date),
      { type: 'UndoMatch', matchId: match.match_id },
      { ...ctx, commandId: subCommandId(match.match_id, `undo:${tx.matches.length}`) },
    );
    return transactionReply(context.user, await store.get(BANK_TRANSACTIONS, tx.id));
  };

  return {
    path: SERVICES.bankMatches,
    methods: {
      find: { anyOf: BANKING, run: (context, args) => find(context, args.query) },
      create: { anyOf: BANKING, run: (context, args) => create(context, args.data) },
      remove: { anyOf: BANKING, run: (context, args) => remove(context, args.id, args.query) },
    },
  };
}
