import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text';

/** `(error) => text` in the UI language: what screens show for a failure instead of `error.message`. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback((error: unknown) => errorText(error, t, i18n.language), [t, i18n.language]);
}
