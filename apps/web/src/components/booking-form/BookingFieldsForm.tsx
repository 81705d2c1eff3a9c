import { Classes, FormGroup } from '@blueprintjs/core';
import type { OriginCode } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountOption } from '../../stores/AccountingStore';
import type { FormIssue } from './booking-validation';
import type { EditableField, FieldDef, FieldValue, FieldValues } from './booking-values';
import { displayValue, FIELD_GROUPS, formatValue } from './booking-values';
import { formatAmount, formatDate } from '../../i18n/format';
import { ACCESS_KEYS } from '../keyboard';
import { CheckTag } from './CheckTag';
import { FieldInput } from './FieldInput';
import { OriginTag } from './OriginTag';
import './booking-form.css';

export type PickerField = 'supplier_account' | 'expense_account' | 'cost_center';

export interface BookingFieldsFormProps {
  values: FieldValues;
  /** Raw input of edited fields (shown instead of the value). */
  texts?: Partial<Record<EditableField, string>>;
  origins: Partial<Record<string, OriginCode>>;
  issues: FormIssue[];
  readOnly: boolean;
  locale: string;
  onChange?: (field: EditableField, text: string) => void;
  onBlur?: (field: EditableField) => void;
  /** Picker entries (with acc); without them the accounts are plain inputs. */
  options?: Partial<Record<PickerField, AccountOption[]>>;
  /** Incoming invoices book suppliers, outgoing ones customers. */
  personKind?: 'supplier' | 'customer';
  /** Newer values of someone else, shown under the fields they changed. */
  theirValues?: Partial<Record<EditableField, FieldValue>>;
  /** Fields just changed live by someone else. */
  highlight?: readonly EditableField[];
  idPrefix?: string;
  /** Create a supplier / customer account from a typed name (with acc); the picker offers it. */
  onCreatePerson?: (name: string) => void;
  /** Fields the reading left empty for review: marked "please check". */
  toCheck?: readonly EditableField[];
}

/** Spec §2 access keys: d = default (expense) accounts, p = person (supplier / customer) accounts. */
const ACCESS: Partial<Record<EditableField, string>> = {
  expense_account: ACCESS_KEYS.defaultAccounts,
  supplier_account: ACCESS_KEYS.personAccounts,
};

function issueText(t: (key: string, options?: Record<string, unknown>) => string, issue: FormIssue, locale: string): string {
  const money = (v: unknown) => (typeof v === 'number' ? formatAmount(v, null, locale) : String(v ?? ''));
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, money(v)]));
  return t(`invoices.validation.${issue.key}`, params);
}

/** The fields form of spec §3 with each value's origin and the spec §5 messages; read-only for history and locked documents. */
export function BookingFieldsForm(props: BookingFieldsFormProps) {
  const {
    values,
    texts = {},
    origins,
    issues,
    readOnly,
    locale,
    onChange,
    onBlur,
    options = {},
    personKind = 'supplier',
    theirValues = {},
    highlight = [],
    idPrefix = 'invoice',
    onCreatePerson,
    toCheck = [],
  } = props;
  const { t } = useTranslation();

  const renderField = (def: FieldDef): ReactNode => {
    const own = issues.filter((i) => i.field === def.name);
    const error = own.find((i) => i.severity === 'error');
    const intent = error ? 'danger' : own.length ? 'warning' : 'none';
    const text = texts[def.name] ?? formatValue(values[def.name], def.kind, locale);
    const shown = readOnly && def.kind === 'date' && !(def.name in texts) ? formatDate(text, locale) : text;
    const label = def.name === 'supplier_account' && personKind === 'customer' ? t('invoices.fields.customer_account') : t(`invoices.fields.${def.name}`);
    const id = `${idPrefix}-${def.name}`;
    const theirs = def.name in theirValues ? displayValue(theirValues[def.name] ?? null, def, locale, t) : null;
    const helper = [
      ...own.map((i) => (
        <div key={i.key} className={i.severity === 'error' ? 'portal-issue-error' : 'portal-issue-warning'} data-testid={`issue-${def.name}-${i.key}`}>
          {issueText(t, i, locale)}
        </div>
      )),
      theirs !== null ? (
        <div key="theirs" className="portal-their-value" data-testid={`their-${def.name}`}>
          {t('invoices.conflict.theirValue', { value: theirs || t('invoices.none') })}
        </div>
      ) : null,
    ].filter(Boolean);
    return (
      <FormGroup
        key={def.name}
        label={label}
        labelFor={id}
        labelInfo={toCheck.includes(def.name) ? <CheckTag field={def.name} /> : undefined}
        intent={intent}
        helperText={helper.length ? helper : undefined}
        className={`portal-field ${highlight.includes(def.name) ? 'portal-field-changed' : ''}`}
        data-field={def.name}
      >
        <FieldInput
          def={def}
          id={id}
          text={shown}
          readOnly={readOnly}
          intent={intent}
          onChange={(v) => onChange?.(def.name, v)}
          onBlur={() => onBlur?.(def.name)}
          options={def.name in options ? options[def.name as PickerField] : undefined}
          accessKey={readOnly ? undefined : ACCESS[def.name]}
          rightElement={<OriginTag code={origins[def.name]} />}
          onCreate={def.name === 'supplier_account' ? onCreatePerson : undefined}
          createLabel={(name) => t(personKind === 'customer' ? 'invoices.createPerson.offerCustomer' : 'invoices.createPerson.offerSupplier', { name })}
        />
      </FormGroup>
    );
  };

  return (
    <div className="portal-booking-form" data-testid={`${idPrefix}-form`}>
      {FIELD_GROUPS.map((group) => (
        <section key={group.id} className="portal-booking-group">
          <h6 className={`${Classes.HEADING} ${Classes.TEXT_MUTED}`}>{t(`invoices.groups.${group.id}`)}</h6>
          <div className="portal-booking-grid">{group.fields.map(renderField)}</div>
        </section>
      ))}
    </div>
  );
}
