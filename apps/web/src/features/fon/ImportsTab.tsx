import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import type { FonImport } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, type DataColumn } from '../../components/layout';
import { formatDateTime, formatNumber } from '../../i18n/format';
import type { FonStore } from './FonStore';
import { ImportStatusTag } from './fon-tags';
import { useFonErrorText } from './use-fon-error';

/** A button that opens the file chooser and imports the chosen file. */
function FileButton({
  label,
  accept,
  testId,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  testId: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon="import" text={label} onClick={() => input.current?.click()} disabled={disabled} data-testid={`${testId}-button`} />
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** Import jobs (in progress, done with counts and rejected rows, failed with the reason); files and the web-service fetch. */
export const ImportsTab = observer(function ImportsTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const locale = ui.locale;
  const run = (work: Promise<void>) =>
    work.then(
      () => ui.success(t('fon.imports.started')),
      (e: unknown) => ui.error(errorText(e)),
    );
  const n = (v: number) => formatNumber(v, locale);
  const columns: DataColumn<FonImport>[] = [
    { id: 'started', header: t('fon.imports.columns.started'), render: (i) => <span className="portal-nowrap">{formatDateTime(i.started_at, locale)}</span> },
    { id: 'source', header: t('fon.imports.columns.source'), primary: true, render: (i) => `${t(`fon.imports.sources.${i.source}`)} · ${i.tax_year}` },
    { id: 'file', header: t('fon.imports.columns.file'), render: (i) => i.file_name ?? '–' },
    { id: 'status', header: t('fon.imports.columns.status'), render: (i) => <ImportStatusTag status={i.status} testId={`fon-import-status-${i.id}`} /> },
    {
      id: 'counts',
      header: t('fon.imports.columns.counts'),
      render: (i) =>
        i.counts ? (
          <span>
            {t('fon.imports.counts', {
              rows: n(i.counts.rows),
              new: n(i.counts.items_new),
              changed: n(i.counts.items_changed),
              opened: n(i.counts.conflicts_opened),
              closed: n(i.counts.conflicts_closed),
            })}
            {i.counts.rejected ? (
              <details className="portal-fon-rejected">
                <summary>{t('fon.imports.rejected', { count: i.counts.rejected })}</summary>
                <ul>
                  {i.rejected_rows.map((r) => (
                    <li key={r.line}>{r.reason}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </span>
        ) : (
          '–'
        ),
    },
    { id: 'reason', header: t('fon.imports.columns.reason'), render: (i) => <span className="portal-fon-reason">{i.reason ?? ''}</span> },
  ];
  const webUsers = store.admin.firmUsers.filter((u) => u.type === 'webservice');
  return (
    <div className="portal-fon-imports">
      <ResponsiveBar label={t('fon.imports.label')} testId="fon-import-actions">
        <FileButton
          label={t('fon.imports.fonFile')}
          accept=".csv,.xml,.txt,text/csv,text/xml,application/xml"
          testId="fon-import-fon"
          disabled={store.busy || store.imports.running}
          onFile={(f) => void run(store.imports.uploadFile('fon-file', f))}
        />
        <FileButton
          label={t('fon.imports.ntcsFile')}
          accept=".csv,.txt,text/csv"
          testId="fon-import-ntcs"
          disabled={store.busy || store.imports.running}
          onFile={(f) => void run(store.imports.uploadFile('ntcs', f))}
        />
        {webUsers.map((u) => (
          <Button
            key={u.id}
            icon="cloud-download"
            text={t('fon.imports.fetch', { name: u.name })}
            disabled={store.busy || store.imports.running}
            onClick={() => void run(store.imports.fetchFromFinanzOnline(u.id))}
            data-testid={`fon-fetch-${u.id}`}
          />
        ))}
      </ResponsiveBar>
      <p className={Classes.TEXT_MUTED}>{t('fon.imports.formats')}</p>
      <DataTable
        label={t('fon.imports.label')}
        rows={store.imports.list.items}
        rowKey={(i) => i.id}
        columns={columns}
        empty={<NonIdealState icon="import" title={t('fon.imports.empty')} />}
        testId="fon-imports"
        rowTestId={(i) => `fon-import-${i.id}`}
      />
    </div>
  );
});
