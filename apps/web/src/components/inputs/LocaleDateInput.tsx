import { InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, parseDate, parseDateTime } from '../../i18n/format';

type Passed = Pick<InputGroupProps, 'id' | 'disabled' | 'readOnly' | 'intent' | 'rightElement' | 'fill' | 'accessKey' | 'className'> & {
  'data-testid'?: string;
  onBlur?: () => void;
};

interface Reading {
  /** The value as shown. */
  format: (value: string, locale: string) => string;
  /** The typed text as a value, or null. */
  parse: (text: string, locale: string) => string | null;
  placeholder: string;
  invalid: string;
}

/**
 * A text input that shows and reads its value in the portal's language, not the browser's: a native date input
 * follows the browser locale (mm/dd/yyyy in a German portal). The value changes only to what the text reads
 * as (or to '' when emptied); text that reads as nothing is marked and, on leaving the field, replaced by the value.
 */
function LocaleInput({
  value,
  onChange,
  max,
  reading,
  ...rest
}: Passed & { value: string; onChange: (value: string) => void; max?: string; reading: Reading }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [draft, setDraft] = useState<string | null>(null);
  const parsed = draft === null ? value : draft.trim() === '' ? '' : reading.parse(draft, locale);
  const invalid = draft !== null && (parsed === null || (max !== undefined && parsed !== '' && parsed > max));
  return (
    <InputGroup
      {...rest}
      value={draft ?? reading.format(value, locale)}
      placeholder={t(reading.placeholder)}
      intent={invalid ? 'danger' : rest.intent}
      title={invalid ? t(reading.invalid) : undefined}
      aria-invalid={invalid || undefined}
      inputMode="numeric"
      spellCheck={false}
      autoComplete="off"
      onValueChange={(text) => {
        setDraft(text);
        const next = text.trim() === '' ? '' : reading.parse(text, locale);
        if (next !== null && (max === undefined || next === '' || next <= max) && next !== value) onChange(next);
      }}
      onBlur={() => {
        setDraft(null);
        rest.onBlur?.();
      }}
    />
  );
}

const DATE: Reading = { format: (v, l) => formatDate(v, l), parse: parseDate, placeholder: 'dateInput.datePlaceholder', invalid: 'dateInput.invalidDate' };
const DATE_TIME: Reading = {
  format: (v, l) => formatDateTime(v, l),
  parse: parseDateTime,
  placeholder: 'dateInput.dateTimePlaceholder',
  invalid: 'dateInput.invalidDateTime',
};

/** A date (YYYY-MM-DD, '' for none) typed and shown as the portal's language writes it (dd.mm.yyyy, mm/dd/yyyy). */
export function LocaleDateInput(props: Passed & { value: string; onChange: (value: string) => void; max?: string }) {
  return <LocaleInput {...props} reading={DATE} />;
}

/** A moment (ISO, '' for none) typed and shown as the portal's language writes it, in the firm's time zone. */
export function LocaleDateTimeInput(props: Passed & { value: string; onChange: (value: string) => void }) {
  return <LocaleInput {...props} reading={DATE_TIME} />;
}
