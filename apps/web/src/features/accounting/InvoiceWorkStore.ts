import { makeAutoObservable, reaction } from 'mobx';
import { bookingGaps, type BookingFieldName, type DocumentRecord, type PaymentQr } from '@portal/contracts';
import { act } from '../../stores/act';
import { LabelStore } from '../labels/LabelStore';
import { EInvoiceFocus } from '../einvoices/EInvoiceFocus';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import type { AccountOption, PersonKind } from '../../stores/AccountingStore';
import { InvoiceDetailStore } from './InvoiceDetailStore';
import { InvoiceListStore } from './InvoiceListStore';
import type { InvoiceType } from './invoice-route';
import { isIncoming, tabOf, typeOf } from './invoice-route';

/** Where the route should go after opening: the first of the list for id 0, or nowhere. */
export type OpenOutcome = { redirectTo: number } | { redirectTo: null };

/**
 * The accounting work screen (`/invoices/{client}/{document_type?}/{document_id?}`): the list of
 * the chosen type, the open invoice, what the user may do with it (by permission), the accounting pickers,
 * and the live updates of every other viewer's actions.
 */
export class InvoiceWorkStore {
  readonly list: InvoiceListStore;
  readonly detail: InvoiceDetailStore;
  /** The Label mode of the open invoice (lab). */
  readonly labels: LabelStore;
  /** The finding the user looks at, shared by the findings tab and the readable e-invoice. */
  readonly einvoiceFocus: EInvoiceFocus;
  client: number | null = null;
  type: InvoiceType = 'er_u';

  constructor(private readonly root: RootStore) {
    this.list = new InvoiceListStore(root.client, root.prefetched);
    this.detail = new InvoiceDetailStore(root.client);
    this.labels = new LabelStore(root);
    this.einvoiceFocus = new EInvoiceFocus(() => this.detail.record?.einvoice_validation?.findings ?? []);
    makeAutoObservable<InvoiceWorkStore, 'root'>(this, { root: false, list: false, detail: false, labels: false, einvoiceFocus: false }, { autoBind: true });
  }

  /** Subscribes to pushed document events and loads the accounting master data of the selected client. */
  activate(): () => void {
    const upsert = (doc: DocumentRecord) => {
      this.list.applyUpserted(doc);
      // The user's own label arriving as a push before its answer is no change by someone else.
      if (this.labels.changing && doc.id === this.detail.id) this.detail.applyOwn(doc);
      else this.detail.applyPushed(doc);
    };
    const onReconnect = () => {
      // Pushed events are lost while the connection is down: catch up.
      if (this.client !== null) void this.list.load(this.client, tabOf(this.type));
      const id = this.detail.id;
      if (id !== null && !this.detail.dirty) {
        this.detail.close();
        void this.detail.open(id);
      }
    };
    const company = this.root.company;
    return new Subscriptions(this.root.client, 'InvoiceWorkStore')
      .on<DocumentRecord>('documents', { created: upsert, patched: upsert, updated: upsert, removed: this.list.applyRemoved })
      .onReconnect(onReconnect)
      .add(
        reaction(
          () => [company.client, company.companyReady, company.accountingPeriods.map((p) => p.accounting).join()] as const,
          ([client, ready]) => {
            if (client !== null && ready)
              void this.root.accounting.load(
                client,
                company.accountingPeriods.map((p) => p.accounting),
              );
          },
          { fireImmediately: true },
        ),
      ).stop;
  }

  /** Follows the route: loads the list of the client's type and opens the document (id 0: the first of the list). */
  async open(client: number, type: InvoiceType, documentId: number): Promise<OpenOutcome> {
    const otherList = client !== this.client || type !== this.type;
    const listChanged = otherList || !this.list.rows.loaded;
    // The invoice open in the previous list did not leave the new one: it never was in it. Kept open, it would
    // read as "left the list" and send the route back to its own type.
    if (otherList && documentId !== this.detail.id) this.detail.close();
    this.client = client;
    this.type = type;
    const listing = listChanged ? this.list.load(client, tabOf(type)) : Promise.resolve();
    if (documentId === 0) {
      await listing;
      if (client !== this.client || type !== this.type) return { redirectTo: null };
      const first = this.list.first;
      if (!first) {
        this.detail.close();
        this.list.select(null);
        return { redirectTo: null };
      }
      return { redirectTo: first.id };
    }
    this.list.select(documentId);
    if (documentId !== this.detail.id) this.labels.reset();
    const record = await this.detail.open(documentId);
    await listing;
    act('InvoiceWorkStore.opened', () => this.list.select(documentId));
    // A document of another client (the company picker changed the client): start at that client's first.
    if (record && record.client_no !== client) {
      this.detail.close();
      return this.open(client, type, 0);
    }
    return { redirectTo: null };
  }

  get record(): DocumentRecord | null {
    return this.detail.record;
  }

  private has(...anyOf: Parameters<RootStore['session']['has']>): boolean {
    return this.root.session.has(...anyOf);
  }

  /** Edit until booked: unconfirmed by app, acc or lab; a confirmed one (a correction) by app only. */
  get canEdit(): boolean {
    const r = this.record;
    if (!r || r.locked || r.deleted || this.detail.busy) return false;
    return r.confirmed ? this.has('app') : this.has('app', 'acc', 'lab');
  }

  /** Label mode (lab) for the open invoice: not for e-invoice XML files, which have no page to draw on. */
  get mayLabel(): boolean {
    const r = this.record;
    return !!r && this.has('lab') && !/xml/.test(r.media_type);
  }

  get mayConfirm(): boolean {
    return this.has('app');
  }

  /** A document still being read has no fields to check yet: nothing to confirm. */
  get stillReading(): boolean {
    return this.record?.extraction === 'pending';
  }

  get canConfirm(): boolean {
    const r = this.record;
    return !!r && this.mayConfirm && !r.confirmed && !r.deleted && !this.stillReading && !this.detail.busy && !this.detail.form.blocksConfirm;
  }

  /**
   * The fields booking needs (the export needs them) that are empty on the saved invoice; the expense account
   * is left out when the client's settings name a default, which booking fills in.
   */
  get bookingGaps(): BookingFieldName[] {
    const r = this.record;
    if (!r) return [];
    const defaultExpense = this.root.company.companySettings?.default_expense_account ?? null;
    return bookingGaps(r.booking)
      .map((g) => g.field)
      .filter((field) => !(field === 'expense_account' && defaultExpense));
  }

  get mayBook(): boolean {
    return this.has('acc');
  }

  get canBook(): boolean {
    const r = this.record;
    return (
      !!r &&
      this.mayBook &&
      r.confirmed &&
      !r.booked &&
      !r.deleted &&
      !this.detail.busy &&
      !this.detail.dirty &&
      !this.detail.form.blocksConfirm &&
      this.bookingGaps.length === 0
    );
  }

  get mayMarkExported(): boolean {
    return this.has('exp');
  }

  get canMarkExported(): boolean {
    const r = this.record;
    return !!r && this.mayMarkExported && r.confirmed && !this.detail.hasFlag('ERPImported') && !r.deleted && !this.detail.busy && !this.detail.dirty;
  }

  /**
   * Where the route goes once the open invoice has left the list of the route's type (confirmed: er_u → er):
   * the next invoice of the list, else the previous one, else the invoice under its new type — so the work
   * goes on and the URL stays true. Null while it is still in the list.
   */
  get moveOnTo(): { type: InvoiceType; id: number } | null {
    const r = this.record;
    if (!r || !this.list.rows.loaded || this.list.rows.loading || this.detail.dirty || r.client_no !== this.client) return null;
    // Still of this list's kind and not in the trash: it has not left the list, its row is only not there yet (a
    // push on its way, a page not loaded). Moving on then would replace the invoice the user just opened.
    if (typeOf(r.category) === this.type && !r.deleted) return null;
    if (this.list.rows.get(r.id)) return null;
    const neighbour = this.list.next ?? this.list.previous;
    return neighbour ? { type: this.type, id: neighbour.id } : { type: typeOf(r.category), id: r.id };
  }

  /**
   * The move on, only while the route (its list type and invoice id) still shows the open invoice in the store's
   * list: once the user has gone elsewhere and the store has not followed yet, a move computed from the previous
   * list would send them back to it.
   */
  moveOnFrom(type: InvoiceType, documentId: number): { type: InvoiceType; id: number } | null {
    return this.detail.id === documentId && this.type === type ? this.moveOnTo : null;
  }

  /** Why Save is disabled (an i18n key under invoices.why), or null when it is not. */
  get saveBlockedReason(): string | null {
    const r = this.record;
    if (!r || this.detail.busy) return null;
    if (r.locked) return 'locked';
    if (r.deleted) return 'deleted';
    if (!this.canEdit) return r.confirmed ? 'editConfirmedNeedsApp' : 'editNeedsPermission';
    if (!this.detail.dirty) return 'nothingChanged';
    return null;
  }

  get confirmBlockedReason(): string | null {
    const r = this.record;
    if (!r || this.detail.busy || this.canConfirm) return null;
    if (r.deleted) return 'deleted';
    if (this.stillReading) return 'stillReading';
    if (this.detail.form.blocksConfirm) return 'fixErrors';
    return null;
  }

  get bookBlockedReason(): string | null {
    const r = this.record;
    if (!r || this.detail.busy || this.canBook) return null;
    if (r.deleted) return 'deleted';
    if (!r.confirmed) return 'bookNeedsConfirmed';
    if (this.detail.dirty) return 'saveFirst';
    if (this.detail.form.blocksConfirm) return 'fixErrors';
    if (this.bookingGaps.length > 0) return 'bookNeedsFields';
    return null;
  }

  get markExportedBlockedReason(): string | null {
    const r = this.record;
    if (!r || this.detail.busy || this.canMarkExported) return null;
    if (r.deleted) return 'deleted';
    if (!r.confirmed) return 'exportNeedsConfirmed';
    if (this.detail.dirty) return 'saveFirst';
    return null;
  }

  /** Payment QR (pay) for an unpaid incoming invoice with an IBAN and an amount. */
  get canPay(): boolean {
    const r = this.record;
    if (!r || !this.has('pay') || r.deleted || !isIncoming(r.category)) return false;
    return !!r.booking.iban && typeof r.booking.gross_amount === 'number' && r.booking.gross_amount > 0;
  }

  paymentQr(documentId: number): Promise<PaymentQr> {
    return this.root.client.service<PaymentQr>('payment-qr').get(documentId);
  }

  /** The accounting period of the open invoice: the one holding its invoice date, else the current one. */
  get accounting(): number | null {
    const periods = this.root.company.accountingPeriods;
    const date = this.detail.form.values?.invoice_date;
    const holding = typeof date === 'string' ? periods.find((p) => p.start <= date && date <= p.end) : undefined;
    return (holding ?? periods.find((p) => p.current) ?? periods[0])?.accounting ?? null;
  }

  get personKind(): PersonKind {
    return this.record && !isIncoming(this.record.category) && this.record.category !== 'KA' && this.record.category !== 'Other' ? 'customer' : 'supplier';
  }

  /** Picker options (only with acc). */
  get pickerOptions(): { supplier_account?: AccountOption[]; expense_account?: AccountOption[]; cost_center?: AccountOption[] } {
    const acc = this.root.accounting;
    if (!acc.enabled || !acc.loaded) return {};
    return {
      supplier_account: acc.personOptions(this.personKind, this.accounting),
      expense_account: acc.expenseOptions(this.accounting),
      cost_center: acc.costOptions(this.accounting),
    };
  }
}
