import { exportReasonText, type ReportSay } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A recorded export reason (`field: message; …`) in the UI language: field names and messages, never the field keys. */
export function useExportReasonText(): (reason: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (reason: string) => {
      const say: ReportSay = (key, params) => (i18n.exists(`exports.${key}`) ? t(`exports.${key}`, params) : null);
      return exportReasonText(reason, say);
    },
    [t, i18n],
  );
}
