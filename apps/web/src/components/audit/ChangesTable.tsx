import { Classes, HTMLTable } from '@blueprintjs/core';
import type { FieldChange } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { changeLabelKey, formatChangeValue } from './format-change';

/** Changed fields old → new. */
export function ChangesTable({ changes, testId }: { changes: FieldChange[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped className="portal-changes" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('invoices.audit.field')}</th>
          <th>{t('invoices.audit.old')}</th>
          <th aria-hidden />
          <th>{t('invoices.audit.new')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => {
          const key = changeLabelKey(c.field);
          return (
            <tr key={c.field} data-change={c.field}>
              <td title={c.field}>{key ? t(key) : <code>{c.field}</code>}</td>
              <td className={Classes.TEXT_MUTED}>{formatChangeValue(c.old)}</td>
              <td aria-hidden>→</td>
              <td>{formatChangeValue(c.new)}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
