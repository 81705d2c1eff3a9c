import { makeAutoObservable } from 'mobx';
import type { BankTransaction, MatchSuggestion, OpenItem } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { recordsOf } from '../../stores/live/LiveList';
import type { BankingStore, BankingRoot } from './BankingStore';

/** Matching one transaction to open items: the suggestions, a search for others to split it over, confirm and undo. */
export class BankMatchesStore {
  /** The transaction whose matching panel is open. */
  transaction: BankTransaction | null = null;
  suggestions: MatchSuggestion[] = [];
  /** Searched open items for a split, beside the suggestions. */
  searchResults: MatchSuggestion[] = [];
  error: string | null = null;
  busy = false;
  /** Suggestions are asked again on every push and answer: only the newest answer is shown. */
  private readonly latestSuggestions = new LatestRequest();

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    makeAutoObservable<BankMatchesStore, 'root' | 'banking' | 'latestSuggestions'>(
      this,
      { root: false, banking: false, latestSuggestions: false },
      { autoBind: true },
    );
  }

  async open(tx: BankTransaction): Promise<void> {
    this.transaction = tx;
    this.suggestions = [];
    this.searchResults = [];
    this.error = null;
    await this.loadSuggestions();
  }

  close(): void {
    this.latestSuggestions.cancel();
    this.transaction = null;
    this.suggestions = [];
    this.searchResults = [];
    this.error = null;
  }

  /** A newer version of the open transaction (pushed or answered): shown, with its suggestions asked again. */
  follow(tx: BankTransaction): void {
    if (this.transaction?.id !== tx.id) return;
    const matchIds = (t: BankTransaction) => t.matches.map((m) => m.match_id).join(' ');
    // A confirmed or undone match changes what is open: found items are searched for again (the drawer clears the search).
    if (matchIds(this.transaction) !== matchIds(tx)) this.searchResults = [];
    this.transaction = tx;
    void this.loadSuggestions();
  }

  /** A pushed open item: one settled is no longer offered; one still open is offered with what is left of it. */
  openItemChanged(item: OpenItem): void {
    const id = String(item.id);
    // Item ids are document ids, unique across clients: one listed here is of this client (a removal may carry only the id).
    if (![...this.suggestions, ...this.searchResults].some((s) => s.open_item_id === id)) return;
    if (!item.open || !item.listed) {
      this.suggestions = this.suggestions.filter((s) => s.open_item_id !== id);
      this.searchResults = this.searchResults.filter((s) => s.open_item_id !== id);
      return;
    }
    const openCents = Math.round(item.outstanding * 100);
    this.searchResults = this.searchResults.map((s) =>
      s.open_item_id === id ? { ...s, open_cents: openCents, amount_cents: Math.sign(s.amount_cents) * Math.min(Math.abs(s.amount_cents), openCents) } : s,
    );
    // The score and any cash discount of a suggestion depend on the amount left: the server weighs it again.
    if (this.suggestions.some((s) => s.open_item_id === id && s.open_cents !== openCents)) void this.loadSuggestions();
  }

  async loadSuggestions(): Promise<void> {
    const tx = this.transaction;
    const client = this.banking.client;
    if (!tx || client === null) return;
    const isNewest = this.latestSuggestions.next();
    try {
      const result = await this.root.client.service<MatchSuggestion>(SERVICES.bankMatches).find({ client_no: client, transaction_id: tx.id, $limit: 10 });
      act('BankMatchesStore.suggestions', () => {
        if (isNewest() && this.transaction?.id === tx.id) this.suggestions = recordsOf(result);
      });
    } catch (e) {
      act('BankMatchesStore.suggestionsFailed', () => isNewest() && (this.error = toFeathersError(e).message));
    }
  }

  /** Any open item of the fitting kind by number, party or reference, to split the transaction over (two characters at least). */
  async search(text: string): Promise<void> {
    const tx = this.transaction;
    const client = this.banking.client;
    if (!tx || client === null) return;
    if (text.trim().length < 2) {
      this.searchResults = [];
      return;
    }
    try {
      const result = await this.root.client
        .service<MatchSuggestion>(SERVICES.bankMatches)
        .find({ client_no: client, transaction_id: tx.id, search: text.trim(), $limit: 20 });
      act('BankMatchesStore.searched', () => {
        if (this.transaction?.id === tx.id) this.searchResults = recordsOf(result);
      });
    } catch (e) {
      act('BankMatchesStore.searchFailed', () => (this.error = toFeathersError(e).message));
    }
  }

  /** Confirms a match: one or more open items with the amount each takes (a split when several). */
  async confirm(allocations: Array<{ open_item_id: string; amount_cents: number }>): Promise<boolean> {
    const tx = this.transaction;
    if (!tx || allocations.length === 0) return false;
    return this.change('confirm', () => this.root.client.service<BankTransaction>(SERVICES.bankMatches).create({ transaction_id: tx.id, allocations }));
  }

  async undo(tx: BankTransaction, matchId: string): Promise<void> {
    await this.change('undo', () => this.root.client.service<BankTransaction>(SERVICES.bankMatches).remove(matchId, { transaction_id: tx.id }));
  }

  /** The answer is the transaction as matched now. */
  private async change(name: string, work: () => Promise<BankTransaction>): Promise<boolean> {
    this.busy = true;
    this.error = null;
    try {
      const updated = await work();
      act(`BankMatchesStore.${name}`, () => {
        this.busy = false;
        this.banking.transactions.apply(updated);
      });
      return true;
    } catch (e) {
      act(`BankMatchesStore.${name}Failed`, () => {
        this.busy = false;
        this.error = toFeathersError(e).message;
      });
      return false;
    }
  }
}
