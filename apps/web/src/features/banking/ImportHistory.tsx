import { Button, Callout, Classes, Tag } from '@blueprintjs/core';
import type { ImportWarning } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { warningText } from './warning-text';
import type { BankingStore } from './BankingStore';

/** What reconciling statements found, each finding with its figures (in the import dialog, the import's outcome, on the account). */
export const WarningList = ({ warnings, locale }: { warnings: ImportWarning[]; locale: string }) => {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <ul className="portal-banking-warnings">
      {warnings.map((w, i) => (
        <li key={i} data-testid={`warning-${w.kind}`}>
          {warningText(t, w, locale)}
        </li>
      ))}
    </ul>
  );
};

/** The outcome of the last upload: counts and warnings with the numbers, or why the file was refused. */
export const ImportResult = observer(function ImportResult({ store, locale }: { store: BankingStore; locale: string }) {
  const { t } = useTranslation();
  if (store.imports.uploading)
    return (
      <Callout icon="upload" data-testid="import-running">
        {t('banking.imports.uploading', { file: store.imports.uploading })}
      </Callout>
    );
  if (store.imports.uploadError) {
    return (
      <Callout intent="danger" icon="error" data-testid="import-error">
        {t('banking.imports.failed', { message: store.imports.uploadError })}{' '}
        <Button minimal small text={t('banking.imports.dismiss')} onClick={store.imports.dismiss} />
      </Callout>
    );
  }
  const r = store.imports.lastImport;
  if (!r) return null;
  return (
    <Callout intent={r.warnings.some((w) => w.kind !== 'already-imported') ? 'warning' : 'success'} icon="tick" data-testid="import-result">
      {t('banking.imports.result', { file: r.file_name, added: r.added, duplicates: r.duplicates, pending: r.pending })}
      {r.created_accounts.length ? ` · ${t('banking.imports.createdAccounts', { count: r.created_accounts.length })}` : ''}
      <WarningList warnings={r.warnings} locale={locale} />
      <Button minimal small text={t('banking.imports.dismiss')} onClick={store.imports.dismiss} />
    </Callout>
  );
});

/** The import history (files and aggregator reads), newest first, with a file picker besides drag and drop. */
export const ImportHistory = observer(function ImportHistory({ store, locale }: { store: BankingStore; locale: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="portal-banking-section" aria-labelledby="banking-imports-heading">
      <div className="portal-banking-section-head">
        <h2 id="banking-imports-heading" className={Classes.HEADING}>
          {t('banking.imports.heading')}
        </h2>
      </div>
      <input
        ref={input}
        type="file"
        className="portal-banking-file-input"
        accept=".xml,.zip,.sta,.mt940,.txt,.csv"
        multiple
        aria-label={t('banking.imports.choose')}
        data-testid="statement-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          if (files.length) void store.imports.upload(files);
          e.currentTarget.value = '';
        }}
      />
      <Button icon="import" text={t('banking.imports.choose')} onClick={() => input.current?.click()} loading={store.imports.uploading !== null} fill />
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('banking.imports.drop')}</p>
      {store.imports.list.items.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('banking.imports.empty')}</p> : null}
      <ul className="portal-banking-imports">
        {store.imports.list.items.map((r) => (
          <li key={r.id} data-testid="import-row">
            <div className="portal-banking-import-head">
              <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={r.file_name}>
                {r.file_name}
              </span>
              <Tag minimal>{r.format}</Tag>
            </div>
            <div className={Classes.TEXT_MUTED}>
              {formatDateTime(r.imported_at, locale)} · {t('banking.imports.counts', { added: r.added, duplicates: r.duplicates })}
            </div>
            <WarningList warnings={r.warnings} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  );
});
