import { makeAutoObservable } from 'mobx';
import type { BankTransaction, MatchSuggestion } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
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

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    makeAutoObservable<BankMatchesStore, 'root' | 'banking'>(this, { root: false, banking: false }, { autoBind: true });
  }

  async open(tx: BankTransaction): Promise<void> {
    this.transaction = tx;
    this.suggestions = [];
    this.searchResults = [];
    this.error = null;
    await this.loadSuggestions();
  }

  close(): void {
    this.transaction = null;
    this.suggestions = [];
    this.searchResults = [];
    this.error = null;
  }

  /** A newer version of the open transaction (pushed or answered): shown, with its suggestions asked again. */
  follow(tx: BankTransaction): void {
    if (this.transaction?.id !== tx.id) return;
    this.transaction = tx;
    void this.loadSuggestions();
  }

  async loadSuggestions(): Promise<void> {
    const tx = this.transaction;
    const client = this.banking.client;
    if (!tx || client === null) return;
    try {
      const result = await this.root.client.service<MatchSuggestion>(SERVICES.bankMatches).find({ client_no: client, transaction_id: tx.id, $limit: 10 });
      act('BankMatchesStore.suggestions', () => {
        if (this.transaction?.id === tx.id) this.suggestions = recordsOf(result);
      });
    } catch (e) {
      act('BankMatchesStore.suggestionsFailed', () => (this.error = toFeathersError(e).message));
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
      const result = await this.root.client.service<MatchSuggestion>(SERVICES.bankMatches).find({ client_no: client, transaction_id: tx.id, search: text.trim(), $limit: 20 });
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
