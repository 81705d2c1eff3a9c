import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/use-error-text';

/** The key a FON refusal carries (`data.key`: required, mustBeNumber, deleteDuringImport, …) and its field. */
export function fonErrorKey(error: unknown): { key: string; field: string | null } | null {
  const data = (error as { data?: { key?: unknown; field?: unknown } } | null)?.data;
  return data && typeof data.key === 'string' ? { key: data.key, field: typeof data.field === 'string' ? data.field : null } : null;
}

/** A refusal in the UI language: the spec's FON texts by key, everything else as the other screens say it. */
export function useFonErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const general = useErrorText();
  return useCallback(
    (error: unknown) => {
      const known = fonErrorKey(error);
      return known && i18n.exists(`fon.errors.${known.key}`) ? t(`fon.errors.${known.key}`) : general(error);
    },
    [t, i18n, general],
  );
}
