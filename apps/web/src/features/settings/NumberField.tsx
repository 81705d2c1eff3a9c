import { Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NumberFieldProps {
  label: string;
  value: number | null;
  /** null: the field was emptied (only where `nullable`). */
  onChange(value: number | null): void;
  /** The form reports whether the text reads as a number. */
  onReadable(readable: boolean): void;
  nullable?: boolean;
  decimals?: number;
  helper?: string;
  /** Server issues shown under the field, already translated. */
  errors?: string[];
  testId: string;
  disabled?: boolean;
  placeholder?: string;
}

/** The text of a value as the user would type it: no grouping, the locale's decimal comma. */
const show = (value: number | null, locale: string) => (value === null ? '' : locale === 'de' ? String(value).replace('.', ',') : String(value));

/** Reads "2,5" (de) and "2.5" (en) as 2.5; empty as null. */
export function readNumber(text: string, locale: string): number | null | 'unreadable' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalized = locale === 'de' ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return 'unreadable';
  return Number(normalized);
}

/** A labelled number input that keeps the typed text, says "must be a number" itself and reports numbers upward. */
export function NumberField({
  label,
  value,
  onChange,
  onReadable,
  nullable = false,
  decimals = 0,
  helper,
  errors = [],
  testId,
  disabled,
  placeholder,
}: NumberFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const [text, setText] = useState(() => show(value, locale));
  const [unreadable, setUnreadable] = useState(false);

  // A value from outside (discard, pushed change, language switch) replaces the text.
  useEffect(() => {
    const read = readNumber(text, locale);
    if (read !== value) {
      setText(show(value, locale));
      setUnreadable(false);
    }
    // Typing changes the text, not the value: only a value or language from outside replaces it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, locale]);

  const change = (next: string) => {
    setText(next);
    const read = readNumber(next, locale);
    const bad = read === 'unreadable' || (read === null && !nullable);
    setUnreadable(bad);
    onReadable(!bad);
    if (!bad) onChange(read as number | null);
  };

  const messages = [...(unreadable ? [text.trim() === '' ? t('settings.messages.required') : t('settings.mustBeNumber')] : []), ...errors];
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={messages.length ? messages.join(' · ') : helper}
      intent={messages.length ? 'danger' : 'none'}
      className="portal-settings-field"
    >
      <InputGroup
        id={id}
        value={text}
        onValueChange={change}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        intent={messages.length ? 'danger' : 'none'}
        disabled={disabled}
        placeholder={placeholder}
        data-testid={testId}
        className={Classes.FILL}
      />
    </FormGroup>
  );
}
