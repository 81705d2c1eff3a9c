import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NumericInput,
  Tag,
} from '@blueprintjs/core';
import { CSV_DATE_FORMATS, type CsvMapping, type StatementPreview } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingStore } from './BankingStore';
import { CSV_FIELDS, debitMarkOf, guessCsvMapping, mappedTable, mappingProblem, type CsvField } from './csv-mapping';
import { accountConflict, ImportSummary } from './ImportSummary';
import { AccountTextChoices, accountOfText } from './AccountTextChoices';

const DATE_FORMATS = [...CSV_DATE_FORMATS];

/** The saved mapping of the account when the file has its columns (the same bank's export), else a guess from the titles. */
function mappingFor(preview: StatementPreview, saved: CsvMapping | null, skipLines: number): CsvMapping {
  const columns = new Set(mappedTable(preview.columns, [], saved?.headerless === true).columns);
  const fits = saved && saved.skipLines === skipLines && CSV_FIELDS.every((f) => saved[f] == null || columns.has(saved[f]));
  return fits ? saved : guessCsvMapping(preview.columns, preview.rows, skipLines, preview.delimiter);
}

/**
 * A statement file before it is imported: what it was recognised as and what reconciling it found; for a file
 * that names no IBAN (a CSV, an MT940 with bank code and account number) the account to import into and, for a
 * CSV, which column holds what; the mapping is saved on the account for the next file of that bank.
 */
export const StatementImportDialog = observer(function StatementImportDialog({
  store,
  locale,
  onNewAccount,
}: {
  store: BankingStore;
  locale: string;
  onNewAccount: () => void;
}) {
  const { t } = useTranslation();
  const pending = store.imports.pending;
  const accounts = store.accounts.active;
  const [accountId, setAccountId] = useState<string>('');
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const account = accounts.find((a) => a.id === accountId) ?? null;
  // A CSV export of a bank the portal recognises is read with that bank's layout: only another CSV needs its columns.
  const csv = pending?.preview.kind === 'csv' && pending.preview.recognised !== true;
  // The accounts the file names without IBAN. An MT940 or camt file of several such accounts gets one chosen for each
  // (below), not one for the whole file.
  const texts = (pending?.preview.accounts ?? []).flatMap((a) => (a.iban === null && a.text !== null ? [a.text] : []));
  const accountPerText = !csv && texts.length > 1;
  const choosesAccount = csv || (pending?.preview.needsAccount === true && !accountPerText);

  useEffect(() => {
    if (!pending) return;
    const preferred = accounts.find((a) => a.id === store.accounts.selectedId) ?? accounts.find((a) => a.csv_mapping !== null) ?? accounts[0];
    setAccountId((current) => (accounts.some((a) => a.id === current) ? current : (preferred?.id ?? '')));
  }, [pending, accounts, store.accounts.selectedId]);
  // The file is previewed again for the account chosen here (its mapping, currency and last statement), and imported into it.
  useEffect(() => {
    if (pending && choosesAccount && accountId !== '' && pending.accountId !== accountId) void store.imports.chooseAccount(accountId);
  }, [pending, choosesAccount, accountId, store]);
  // A new file or account starts from the account's saved mapping; a new preview (other lines skipped) guesses again.
  const saved = account?.csv_mapping ?? null;
  const [skipLines, setSkipLines] = useState(0);
  useEffect(() => {
    const lines = saved?.skipLines ?? 0;
    setSkipLines(lines);
    // The first preview skipped nothing; the bank's export has its lines above the titles.
    if (csv && lines !== 0) void store.imports.previewAgain(lines);
  }, [pending?.file, saved, store, csv]);
  // The same file previewed again for the chosen account keeps what the user chose so far; another file, other
  // columns, another saved mapping or other lines skipped start again.
  const preview = pending?.preview;
  const columnsKey = preview?.columns.join('\u0001');
  useEffect(() => {
    if (preview && csv) setMapping(mappingFor(preview, saved, skipLines));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new preview object of the same columns is no new start
  }, [pending?.file, columnsKey, csv, saved, skipLines]);

  const [perText, setPerText] = useState<Record<string, string>>({});
  useEffect(() => setPerText({}), [pending?.file]);
  const readThrough = csv && mapping?.ownAccount && mappingProblem(mapping) === null ? JSON.stringify(mapping) : null;
  useEffect(() => {
    if (!csv) return;
    const timer = setTimeout(() => void store.imports.previewMapped(readThrough ? (JSON.parse(readThrough) as CsvMapping) : null), 300);
    return () => clearTimeout(timer);
  }, [readThrough, csv, store]);

  if (!pending || !preview) return null;
  const table = mappedTable(preview.columns, preview.rows, mapping?.headerless === true);
  const columnIndex = (column: string | null) => (column ? table.columns.indexOf(column) : -1);
  // Columns of a file without titles go by position: "Column 3" in the dialog, #3 in the mapping.
  const columnLabel = (column: string) => (mapping?.headerless ? t('banking.importDialog.columnNumber', { number: column.slice(1) }) : column);
  // With a column of debit and credit marks the amount column holds amounts without their sign.
  const fieldLabel = (field: CsvField) =>
    t(field === 'amount' && mapping?.debitMark ? 'banking.importDialog.fields.amountUnsigned' : `banking.importDialog.fields.${field}`);
  const setHeaderless = (headerless: boolean) => setMapping(guessCsvMapping(preview.columns, preview.rows, skipLines, preview.delimiter, headerless));
  const setField = (field: CsvField, column: string) => {
    if (!mapping) return;
    const chosen = column === '' ? null : column;
    // A column of direction marks brings the mark of a debit it holds (S, Af, DR …), for the user to check.
    const markText = field === 'debitMark' ? { debitMarkText: chosen ? (debitMarkOf(table.rows.map((r) => r[columnIndex(chosen)] ?? '')) ?? '') : null } : {};
    setMapping({ ...mapping, [field]: chosen, ...markText });
  };
  const problem = csv && mapping ? mappingProblem(mapping) : null;
  // An export of several accounts names each row's account: the file is read through the mapping being chosen to
  // learn them, and each account it names without IBAN gets its account chosen here.
  const severalAccounts = (csv && Boolean(mapping?.ownAccount)) || accountPerText;
  const accountTexts = severalAccounts ? texts : [];
  const textChoices = Object.fromEntries(accountTexts.map((text) => [text, accountOfText(text, perText, accounts)]));
  const textChoicesView =
    accountTexts.length > 0 ? (
      <AccountTextChoices
        choices={textChoices}
        accounts={accounts}
        onChoose={(text, id) => setPerText({ ...perText, [text]: id })}
        // Without the account select above, this is the dialog's only way to open an account.
        {...(choosesAccount ? {} : { onNewAccount })}
      />
    ) : null;
  const target = choosesAccount ? account : store.accounts.selected;
  const named = preview.accounts ?? [];
  // A file verifiably for another account than the chosen one is refused by the server: it is not sent.
  const otherAccount = choosesAccount && !severalAccounts && account !== null && accountConflict(named, account.iban)?.kind === 'other';
  return (
    <Dialog
      isOpen
      onClose={() => void store.imports.skip()}
      title={t('banking.importDialog.title', { file: pending.file.name })}
      icon="import"
      className="portal-banking-import-dialog"
    >
      {/* Blueprint's Dialog drops data attributes: the wrapper names it for tests without changing its layout. */}
      <div className="portal-dialog-contents" data-testid="import-dialog">
        <DialogBody>
          <ImportSummary preview={preview} accounts={accounts} target={target} choosesAccount={choosesAccount} rowAccounts={severalAccounts} locale={locale} />
          {choosesAccount ? <p>{t(csv ? 'banking.importDialog.csvHint' : 'banking.importDialog.accountHint')}</p> : null}
          {choosesAccount ? (
            <FormGroup label={t('banking.importDialog.account')} labelFor="import-account">
              <div className="portal-banking-form-row">
                <HTMLSelect id="import-account" fill value={accountId} onChange={(e) => setAccountId(e.currentTarget.value)} data-testid="import-account">
                  {accounts.length === 0 ? <option value="">{t('banking.importDialog.noAccount')}</option> : null}
                  {accounts.map((a) => (
                    <option key={a.id} value={a.id}>{`${a.label || a.bank_name} · ${a.iban}`}</option>
                  ))}
                </HTMLSelect>
                <Button icon="plus" text={t('banking.accountForm.createTitle')} onClick={onNewAccount} data-testid="import-new-account" />
              </div>
            </FormGroup>
          ) : null}
          {csv ? null : textChoicesView}
          {csv && mapping ? (
            <>
              <div className="portal-banking-form-row">
                <FormGroup label={t('banking.importDialog.skipLines')} labelFor="import-skip" helperText={t('banking.importDialog.skipLinesHint')}>
                  <NumericInput
                    id="import-skip"
                    buttonPosition="none"
                    min={0}
                    max={50}
                    value={skipLines}
                    onValueChange={(n) => {
                      const lines = Number.isInteger(n) && n >= 0 && n <= 50 ? n : 0;
                      setSkipLines(lines);
                      void store.imports.previewAgain(lines);
                    }}
                    data-testid="import-skip"
                  />
                </FormGroup>
                <FormGroup label={t('banking.importDialog.dateFormat')} labelFor="import-date-format">
                  <HTMLSelect
                    id="import-date-format"
                    value={mapping.dateFormat}
                    onChange={(e) => setMapping({ ...mapping, dateFormat: e.currentTarget.value as CsvMapping['dateFormat'] })}
                    options={DATE_FORMATS}
                  />
                </FormGroup>
                <FormGroup label={t('banking.importDialog.decimal')} labelFor="import-decimal">
                  <HTMLSelect
                    id="import-decimal"
                    value={mapping.decimal}
                    onChange={(e) => setMapping({ ...mapping, decimal: e.currentTarget.value as CsvMapping['decimal'] })}
                    options={[
                      { value: ',', label: '1.234,56' },
                      { value: '.', label: '1,234.56' },
                    ]}
                  />
                </FormGroup>
              </div>
              <Checkbox
                checked={mapping.headerless === true}
                label={t('banking.importDialog.headerless')}
                onChange={(e) => setHeaderless(e.currentTarget.checked)}
                data-testid="import-headerless"
              />
              <div className="portal-banking-mapping" role="group" aria-label={t('banking.importDialog.columns')}>
                {CSV_FIELDS.map((field) => (
                  <FormGroup key={field} label={fieldLabel(field)} labelFor={`import-field-${field}`} inline>
                    <HTMLSelect
                      id={`import-field-${field}`}
                      fill
                      value={mapping[field] ?? ''}
                      onChange={(e) => setField(field, e.currentTarget.value)}
                      data-testid={`import-field-${field}`}
                    >
                      {field !== 'bookingDate' ? <option value="">—</option> : null}
                      {table.columns.map((c) => (
                        <option key={c} value={c}>
                          {columnLabel(c)}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                ))}
                {mapping.debitMark ? (
                  <FormGroup label={t('banking.importDialog.debitMarkText')} labelFor="import-debit-mark-text" inline>
                    <InputGroup
                      id="import-debit-mark-text"
                      fill
                      maxLength={20}
                      value={mapping.debitMarkText ?? ''}
                      onValueChange={(text) => setMapping({ ...mapping, debitMarkText: text })}
                      data-testid="import-debit-mark-text"
                    />
                  </FormGroup>
                ) : null}
              </div>
              {textChoicesView}
              <h4 className={Classes.HEADING}>{t('banking.importDialog.firstRows')}</h4>
              <div className="portal-scroll-x" tabIndex={0} role="region" aria-label={t('banking.importDialog.firstRows')}>
                <HTMLTable compact striped className="portal-table" data-testid="import-preview">
                  <thead>
                    <tr>
                      {table.columns.map((c) => (
                        <th key={c}>
                          {columnLabel(c)}
                          {CSV_FIELDS.filter((f) => mapping[f] === c).map((f) => (
                            <Tag key={f} minimal intent="primary" className="portal-tag-gap">
                              {fieldLabel(f)}
                            </Tag>
                          ))}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row, i) => (
                      <tr key={i}>
                        {table.columns.map((c) => (
                          <td key={c}>{row[columnIndex(c)] ?? ''}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </>
          ) : null}
          {problem ? (
            <Callout intent="warning" compact data-testid="import-mapping-problem">
              {t(`banking.importDialog.missing.${problem}`)}
            </Callout>
          ) : null}
          {store.imports.uploadError ? (
            <Callout intent="danger" icon="error" data-testid="import-dialog-error">
              {t('banking.imports.failed', { message: store.imports.uploadError })}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('banking.importDialog.skip')} onClick={() => void store.imports.skip()} data-testid="import-skip-file" />
              <Button
                intent="primary"
                icon="import"
                text={t('banking.importDialog.import')}
                loading={store.imports.uploading !== null}
                disabled={(choosesAccount && (!account || problem !== null || otherAccount)) || accountTexts.some((text) => textChoices[text] === '')}
                onClick={() => void store.imports.confirm(choosesAccount ? accountId : null, csv ? mapping : null, textChoices)}
                data-testid="import-confirm"
              />
            </>
          }
        />
      </div>
    </Dialog>
  );
});
