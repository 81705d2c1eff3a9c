import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountOption } from '../../stores/AccountingStore';
import type { FieldDef } from './booking-values';
import { optionLabelKey } from './booking-values';
import { AccountPicker } from './AccountPicker';
import { LocaleDateInput } from '../inputs/LocaleDateInput';

export interface FieldInputProps {
  def: FieldDef;
  id: string;
  text: string;
  readOnly: boolean;
  intent: 'danger' | 'warning' | 'none';
  onChange: (text: string) => void;
  onBlur: () => void;
  options?: AccountOption[];
  accessKey?: string;
  rightElement?: ReactElement;
  onCreate?: (name: string) => void;
  createLabel?: (name: string) => string;
}

/** One input of the booking form by its kind: text, number, date, select or account picker. */
export function FieldInput({ def, id, text, readOnly, intent, onChange, onBlur, options, accessKey, rightElement, onCreate, createLabel }: FieldInputProps) {
  const { t } = useTranslation();
  const testId = `field-${def.name}`;
  if (def.kind === 'select') {
    return (
      <HTMLSelect
        id={id}
        value={text}
        disabled={readOnly}
        fill
        onChange={(e) => {
          onChange(e.currentTarget.value);
          onBlur();
        }}
        data-testid={testId}
        options={[
          ...(def.required || def.name === 'category' ? [] : [{ value: '', label: t('invoices.none') }]),
          ...(def.options ?? []).map((o) => ({ value: o, label: t(optionLabelKey(def.name, o)) })),
        ]}
      />
    );
  }
  if (options && !readOnly) {
    return (
      <AccountPicker
        id={id}
        value={text}
        options={options}
        onChange={(v) => {
          onChange(v);
          onBlur();
        }}
        onBlur={onBlur}
        accessKey={accessKey}
        intent={intent}
        rightElement={rightElement}
        testId={testId}
        onCreate={onCreate}
        createLabel={createLabel}
      />
    );
  }
  if (def.kind === 'date' && !readOnly) {
    return (
      <LocaleDateInput
        id={id}
        value={text}
        intent={intent}
        accessKey={accessKey}
        onChange={onChange}
        onBlur={onBlur}
        rightElement={rightElement}
        data-testid={testId}
      />
    );
  }
  const numeric = def.kind === 'amount' || def.kind === 'percent';
  return (
    <InputGroup
      id={id}
      value={text}
      readOnly={readOnly}
      intent={intent}
      inputMode={numeric ? 'decimal' : undefined}
      className={numeric ? 'portal-numeric' : undefined}
      accessKey={accessKey}
      onValueChange={(v) => onChange(v)}
      onBlur={onBlur}
      rightElement={rightElement}
      spellCheck={false}
      data-testid={testId}
    />
  );
}
