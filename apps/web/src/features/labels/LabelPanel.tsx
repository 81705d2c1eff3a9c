import { Button, Callout, Classes, FormGroup, H5, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { LABEL_FIELDS, ORIGIN, type DocumentRecord, type LabelField, type LabelValue } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatDateTime, formatPercent } from '../../i18n/format';
import { useErrorText } from '../../i18n/use-error-text';
import type { LabelStore } from './LabelStore';
import { labelFieldState } from './label-fields';
import './label-texts';

function shown(field: LabelField, value: LabelValue | null, currency: string | null, locale: string): string {
  if (value === null || value === '') return '—';
  if (field === 'invoice_date' || field === 'due_date') return formatDate(String(value), locale);
  if (field === 'tax_rate') return formatPercent(Number(value), locale);
  if (field === 'net_amount' || field === 'tax_amount' || field === 'gross_amount') return formatAmount(Number(value), currency, locale);
  return String(value);
}

/**
 * The Label mode's side panel (lab): what the drawn box reads, the field it is for, the value (correctable),
 * the fields with their origins (labeled 9, learned 10), and the labels set so far with undo.
 */
export const LabelPanel = observer(function LabelPanel({
  record,
  store,
  locale,
  onChanged,
}: {
  record: DocumentRecord;
  store: LabelStore;
  locale: string;
  onChanged: (r: DocumentRecord) => void;
}) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState(false);
  const labels = record.labels ?? [];
  const locked = record.booked || record.locked;
  const draft = store.draft;
  const currency = record.booking.currency ?? record.currency ?? null;

  const save = async () => {
    const next = await store.save(record.id);
    if (next) onChanged(next);
  };

  return (
    <div className="portal-label-panel" data-testid="label-panel">
      <div className="portal-document-head">
        <H5>{t('labels.title')}</H5>
        <Button
          size="small"
          icon="highlight"
          intent={store.active ? 'primary' : 'none'}
          active={store.active}
          aria-pressed={store.active}
          text={store.active ? t('labels.stop') : t('labels.start')}
          onClick={() => store.toggle(record.id)}
          disabled={locked}
          data-testid="label-mode"
        />
      </div>
      {locked ? <p className={Classes.TEXT_MUTED}>{t('labels.locked')}</p> : null}
      {record.learned ? (
        <Callout intent="primary" icon="learning" className="portal-label-learned" data-testid="label-learned">
          {t('labels.learned', {
            count: record.learned.examples,
            supplier: record.learned.supplier_name ?? record.learned.supplier_key,
            fields: record.learned.fields.map((f) => t(`labels.fields.${f}`)).join(', '),
          })}
        </Callout>
      ) : null}
      {store.active ? (
        <>
          {store.wordsError ? <Callout intent="danger">{errorOf(store.wordsError)}</Callout> : null}
          {store.words && !store.hasWords ? <NonIdealState icon="search-text" description={t('labels.noWords')} /> : null}
          {store.hasWords ? (
            <>
              <p className={Classes.TEXT_MUTED}>{t('labels.hint')}</p>
              <form
                className="portal-label-find"
                onSubmit={(e) => {
                  e.preventDefault();
                  setNotFound(!store.findOnPage(query));
                }}
              >
                <FormGroup
                  label={t('labels.find')}
                  labelFor="label-find"
                  helperText={notFound ? t('labels.findNone') : undefined}
                  intent={notFound ? 'warning' : 'none'}
                >
                  <InputGroup
                    id="label-find"
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    rightElement={<Button type="submit" icon="search" variant="minimal" aria-label={t('labels.findButton')} />}
                    data-testid="label-find"
                  />
                </FormGroup>
              </form>
            </>
          ) : null}
          {draft ? (
            <div className="portal-label-draft-form" data-testid="label-draft">
              <div className={Classes.TEXT_SMALL}>
                {t('labels.words')}: <q data-testid="label-words">{draft.text || t('labels.noWordsInBox')}</q>
              </div>
              <FormGroup label={t('labels.field')} labelFor="label-field">
                <HTMLSelect
                  id="label-field"
                  fill
                  value={draft.field ?? ''}
                  onChange={(e) => store.chooseField(e.target.value as LabelField)}
                  data-testid="label-field"
                >
                  <option value="" disabled>
                    {t('labels.chooseField')}
                  </option>
                  {LABEL_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {t(`labels.fields.${f}`)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <FormGroup
                label={t('labels.value')}
                labelFor="label-value"
                helperText={draft.field === 'invoice_date' || draft.field === 'due_date' ? t('labels.dateHelp') : undefined}
              >
                <InputGroup id="label-value" value={draft.value} onChange={(e) => store.setValue(e.target.value)} data-testid="label-value" />
              </FormGroup>
              {store.error ? (
                <Callout intent="danger" className="portal-label-error">
                  {errorOf(store.error)}
                </Callout>
              ) : null}
              <div className="portal-label-actions">
                <Button text={t('labels.cancel')} onClick={store.cancel} />
                <Button
                  intent="primary"
                  icon="tick"
                  text={t('labels.save')}
                  disabled={!store.canSave}
                  loading={store.saving}
                  onClick={() => void save()}
                  data-testid="label-save"
                />
              </div>
            </div>
          ) : null}
        </>
      ) : null}
      <HTMLTable compact className="portal-fields portal-label-fields" data-testid="label-fields">
        <tbody>
          {LABEL_FIELDS.map((field) => {
            const { value, origin, confidence } = labelFieldState(record, field);
            const learned = origin === ORIGIN.Machine_Learning;
            const labeled = origin === ORIGIN.Human_Labeling;
            const sure = learned && confidence !== null ? formatPercent(Math.round(confidence * 100), locale) : null;
            return (
              <tr key={field} data-field={field}>
                <th>{t(`labels.fields.${field}`)}</th>
                <td data-testid={`label-value-${field}`}>{shown(field, value, currency, locale)}</td>
                <td>
                  {learned || labeled ? (
                    <Tag
                      minimal
                      round
                      intent={learned ? 'primary' : 'success'}
                      data-testid={`label-origin-${field}`}
                      data-confidence={learned && confidence !== null ? confidence : undefined}
                      title={`${t(`documents.origin.${origin}`)} (${origin})${sure ? ` · ${t('labels.confidence', { value: sure })}` : ''}`}
                    >
                      {learned ? t('labels.learnedTag') : t('labels.labeledTag')} · {origin}
                      {sure ? ` · ${sure}` : ''}
                    </Tag>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {labels.length > 0 ? (
        <ul className="portal-label-list" data-testid="label-list">
          {labels.map((l) => (
            <li key={l.id}>
              <span>
                <strong>{t(`labels.fields.${l.field}`)}</strong> {shown(l.field, l.value, currency, locale)}
                <span className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
                  {' '}
                  · {t('labels.page', { page: l.box.page })} · {formatDateTime(l.at, locale)}
                </span>
              </span>
              {!locked ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon="undo"
                  text={t('labels.undo')}
                  aria-label={t('labels.undoField', { field: t(`labels.fields.${l.field}`) })}
                  onClick={() => void store.undo(record.id, l.id).then((r) => r && onChanged(r))}
                  data-testid={`label-undo-${l.field}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
