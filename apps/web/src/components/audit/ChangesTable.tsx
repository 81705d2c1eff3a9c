import { Classes, HTMLTable } from '@blueprintjs/core';
import type { FieldChange } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { changeLabel, changeValue, distinctChanges, type UserNames } from './describe-change';

/** Changed fields old → new. */
export function ChangesTable({ changes, users, testId }: { changes: FieldChange[]; users: UserNames; testId?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
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
        {distinctChanges(changes, t, locale, users).map((c) => {
          const label = changeLabel(c.field, t);
          return (
            <tr key={c.field} data-change={c.field}>
              <td title={c.field}>{label === c.field ? <code>{c.field}</code> : label}</td>
              <td className={Classes.TEXT_MUTED}>{changeValue(c.field, c.old, t, locale, users)}</td>
              <td aria-hidden>→</td>
              <td>{changeValue(c.field, c.new, t, locale, users)}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
