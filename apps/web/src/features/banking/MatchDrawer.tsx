import { Button, Callout, Checkbox, Classes, Drawer, FormGroup, InputGroup, NumericInput, Position, Tag } from '@blueprintjs/core';
import type { MatchSuggestion } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../i18n/format';
import { useStores } from '../../app/stores-context';
import type { BankingStore } from './BankingStore';
import { MatchStatusTag } from './MatchStatusTag';

interface RowProps {
  s: MatchSuggestion;
  chosen: Record<string, number>;
  setChosen: (next: Record<string, number>) => void;
  toggle: (s: MatchSuggestion) => void;
  left: number;
  money: (cents: number) => string;
}

/** One open item to allocate to: suggested (with confidence and reasons) or found by search. */
function SuggestionRow({ s, chosen, setChosen, toggle, left, money }: RowProps) {
  const { t } = useTranslation();
  return (
    <div className="portal-banking-suggestion" data-testid={s.confidence > 0 ? 'suggestion' : 'search-result'}>
      <Checkbox checked={s.open_item_id in chosen} onChange={() => toggle(s)} labelElement={<strong>{s.label}</strong>} data-testid="suggestion-check" />
      <div className={Classes.TEXT_MUTED}>
        {t('banking.matching.open', { amount: money(Math.sign(left) * s.open_cents) })}
        {s.skonto_cents ? ` · ${t('banking.matching.skonto', { amount: money(s.skonto_cents) })}` : ''}
      </div>
      {s.confidence > 0 ? (
        <div className="portal-banking-suggestion-reasons">
          <Tag minimal intent={s.confidence >= 70 ? 'success' : s.confidence >= 50 ? 'primary' : 'none'}>
            {t('banking.matching.confidence', { value: s.confidence })}
          </Tag>
          {s.reasons.map((r) => (
            <Tag key={r} minimal>
              {t(`banking.matching.reasons.${r}`)}
            </Tag>
          ))}
        </div>
      ) : null}
      {s.open_item_id in chosen ? (
        <label className={Classes.LABEL}>
          {t('banking.matching.allocate')}
          <NumericInput
            value={Math.abs(chosen[s.open_item_id]!) / 100}
            min={0.01}
            stepSize={1}
            minorStepSize={0.01}
            onValueChange={(v) => setChosen({ ...chosen, [s.open_item_id]: Math.sign(left) * Math.round((Number.isFinite(v) ? v : 0) * 100) })}
            fill
          />
        </label>
      ) : null}
    </div>
  );
}

/** A transaction's details, its matches (undo), suggested open items and any other found by search, to confirm, split over several. */
export const MatchDrawer = observer(function MatchDrawer({ store, locale, mobile }: { store: BankingStore; locale: string; mobile: boolean }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const tx = store.matches.transaction;
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [search, setSearch] = useState('');
  /** Items taken from a search stay listed while the search changes. */
  const [picked, setPicked] = useState<MatchSuggestion[]>([]);
  useEffect(() => {
    setChosen({});
    setSearch('');
    setPicked([]);
  }, [tx?.id, tx?.matches.length]);
  const suggested = new Set(store.matches.suggestions.map((s) => s.open_item_id));
  const extra = picked.filter((s) => s.open_item_id in chosen && !suggested.has(s.open_item_id));
  const listed = new Set([...suggested, ...extra.map((s) => s.open_item_id)]);
  const found = [...extra, ...store.matches.searchResults.filter((s) => !listed.has(s.open_item_id))];
  const money = (cents: number) => formatAmount(cents / 100, tx?.currency ?? 'EUR', locale);
  const left = tx ? tx.amount_cents - tx.matched_cents : 0;
  const sum = Object.values(chosen).reduce((s, c) => s + c, 0);
  const toggle = (s: MatchSuggestion) => {
    if (!suggested.has(s.open_item_id) && !picked.some((p) => p.open_item_id === s.open_item_id)) setPicked([...picked, s]);
    const next = { ...chosen };
    if (s.open_item_id in next) delete next[s.open_item_id];
    else next[s.open_item_id] = Math.sign(left) * Math.min(Math.abs(s.amount_cents), Math.max(0, Math.abs(left) - Math.abs(sum)));
    setChosen(next);
  };
  const tooMuch = Math.abs(sum) > Math.abs(left);
  /** Confirms the chosen items and says what the transaction is matched to now, and what is left of it. */
  const confirm = async () => {
    const labels = [...store.matches.suggestions, ...found].filter((s) => s.open_item_id in chosen).map((s) => s.label);
    if (!(await store.matches.confirm(Object.entries(chosen).map(([open_item_id, amount_cents]) => ({ open_item_id, amount_cents }))))) return;
    const now = store.matches.transaction;
    if (!now) return;
    const items = [...new Set(labels)].join(', ');
    ui.success(
      now.match_status === 'partial'
        ? t('banking.matching.confirmedPartly', { items, amount: money(now.amount_cents - now.matched_cents) })
        : t('banking.matching.confirmed', { items }),
    );
  };
  return (
    <Drawer
      isOpen={tx !== null}
      onClose={store.matches.close}
      position={Position.RIGHT}
      size={mobile ? '100%' : 480}
      title={t('banking.matching.title')}
      icon="link"
    >
      {tx ? (
        <div className={`${Classes.DRAWER_BODY} portal-banking-match`} data-testid="match-drawer">
          <div className="portal-banking-match-tx">
            <span className="portal-banking-match-head">
              <strong>{tx.counterparty_name}</strong>
              <MatchStatusTag tx={tx} />
            </span>
            <span className={tx.amount_cents < 0 ? 'portal-amount-negative' : 'portal-amount-positive'}>{money(tx.amount_cents)}</span>
            <span className={Classes.TEXT_MUTED}>{[formatDate(tx.booking_date, locale), tx.counterparty_iban].filter(Boolean).join(' · ')}</span>
            <span>{tx.remittance}</span>
            {tx.reference || tx.end_to_end_id ? (
              <span className={Classes.TEXT_MUTED}>{[tx.reference, tx.end_to_end_id].filter(Boolean).join(' · ')}</span>
            ) : null}
          </div>
          {tx.matches.length > 0 ? (
            <section>
              <h3 className={Classes.HEADING}>{t('banking.matching.matchedTo')}</h3>
              {tx.matches.map((m) => (
                <div key={m.match_id} className="portal-banking-match-done" data-testid="match-done">
                  <div>
                    {m.allocations.map((a) => (
                      <div key={a.open_item_id}>
                        {a.label} · {money(a.amount_cents)}
                      </div>
                    ))}
                  </div>
                  <Button
                    small
                    icon="undo"
                    text={t('banking.matching.undo')}
                    onClick={() => void store.matches.undo(tx, m.match_id)}
                    loading={store.matches.busy}
                    data-testid="match-undo"
                  />
                </div>
              ))}
            </section>
          ) : null}
          {tx.status === 'booked' && left !== 0 ? (
            <section>
              <h3 className={Classes.HEADING}>{t('banking.matching.suggestions')}</h3>
              <p className={Classes.TEXT_MUTED}>{t('banking.matching.left', { amount: money(left - sum) })}</p>
              {store.matches.suggestions.length === 0 ? (
                <p className={Classes.TEXT_MUTED} data-testid="no-suggestions">
                  {t('banking.matching.none')}
                </p>
              ) : null}
              {store.matches.suggestions.map((s) => (
                <SuggestionRow key={s.id} s={s} chosen={chosen} setChosen={setChosen} toggle={toggle} left={left} money={money} />
              ))}
              <FormGroup
                label={t('banking.matching.search')}
                labelFor="match-search"
                helperText={t('banking.matching.searchHint')}
                className="portal-banking-search-results"
              >
                <InputGroup
                  id="match-search"
                  type="search"
                  leftIcon="search"
                  value={search}
                  onValueChange={(v) => {
                    setSearch(v);
                    void store.matches.search(v);
                  }}
                  data-testid="match-search"
                />
              </FormGroup>
              {search.trim().length >= 2 && found.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('banking.matching.searchNone')}</p> : null}
              {found.map((s) => (
                <SuggestionRow key={s.id} s={s} chosen={chosen} setChosen={setChosen} toggle={toggle} left={left} money={money} />
              ))}
              {tooMuch ? (
                <Callout intent="danger" compact>
                  {t('banking.matching.tooMuch')}
                </Callout>
              ) : null}
              {store.matches.error ? (
                <Callout intent="danger" compact data-testid="match-error">
                  {t('banking.matching.failed', { message: store.matches.error })}
                </Callout>
              ) : null}
              <Button
                intent="primary"
                icon="tick"
                text={t('banking.matching.confirm')}
                disabled={sum === 0 || tooMuch}
                loading={store.matches.busy}
                onClick={() => void confirm()}
                data-testid="match-confirm"
              />
            </section>
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
});
