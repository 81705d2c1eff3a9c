import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { BankAccess, OpenItem } from '@portal/contracts';
import { composeIBAN } from 'ibantools';
import { feathersClient } from './feathers';
import { fillNewAccount, openAccountByHand, openReceivable, setDark } from './banking-support';
import { loginAt, openDrawer, storedToken, shot } from './support';

const CLIENT = 1001;
const YEAR = new Date().getUTCFullYear();
const TODAY = new Date().toISOString().slice(0, 10);

/** The language select of the drawer (the choice lasts until the next reload). */
async function german(page: Page): Promise<void> {
  await openDrawer(page);
  await page.getByTestId('language-select').selectOption('de');
  await page.keyboard.press('Escape');
  await expect(page.locator('.portal-drawer')).toHaveCount(0);
}

function camt(number: string, cents: number, iban: string): string {
  const amount = (cents / 100).toFixed(2);
  const opening = 500_000;
  const closing = ((opening + cents) / 100).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E-${number}</MsgId><CreDtTm>${TODAY}T20:00:00+01:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-${number}-1</Id><ElctrncSeqNb>1</ElctrncSeqNb><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BICFI>BAWAATWW</BICFI><Nm>BAWAG P.S.K.</Nm></FinInstnId></Svcr></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${(opening / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${TODAY}</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${TODAY}</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${TODAY}</Dt></BookgDt><ValDt><Dt>${TODAY}</Dt></ValDt><AcctSvcrRef>E2E-${number}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>${number}</EndToEndId></Refs><RltdPties><Dbtr><Pty><Nm>Gasthof Post Innsbruck</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Rechnung ${number} Danke</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
}

test.describe('banking', () => {
  test('imports a camt.053, shows balances, matches a transaction to an open invoice live, and renews an expiring access', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await loginAt(page, 'admin', `/banking/${CLIENT}`);
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const token = await storedToken(page);
    const number = `AR-E2E-${Date.now().toString(36).toUpperCase()}`;
    // The invoice is uploaded, extracted and booked in the background while the statement is imported.
    const receivable = openReceivable(baseURL!, token, CLIENT, number, 1_234.56);

    const iban = composeIBAN({ countryCode: 'AT', bban: `14000${String(Date.now() % 1e11).padStart(11, '0')}` })!;
    await page
      .getByTestId('statement-input')
      .setInputFiles({ name: 'bawag-camt053.xml', mimeType: 'application/xml', buffer: Buffer.from(camt(number, 123_456, iban)) });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog.getByTestId('import-detected')).toContainText('camt.053.001.08');
    await expect(importDialog.getByTestId('import-detected')).toContainText('BAWAG P.S.K. · 1 statement · 1 entry');
    await importDialog.getByTestId('import-confirm').click();
    await expect(page.getByTestId('import-result')).toContainText('1 new', { timeout: 60_000 });
    const account = page.getByTestId(`account-${iban}`);
    await expect(account.getByTestId('account-balance')).toHaveText('€6,234.56');
    await account.click();
    await expect(page.getByTestId('transaction-count')).toHaveText('1 transaction');

    // The sandbox access of the demo data expires in 3 days; renew makes it valid for 180 days again.
    const access = page.locator('[data-testid^="access-demo-1001-sandbox_sbxbank0"]');
    // Seeded 177 days after the grant: 3 days left (2 when the portal was seeded before midnight UTC of a later day).
    await expect(access.getByTestId('access-validity')).toHaveText(/^Expires in [23] days$/);
    await expect(page.locator('[data-testid^="access-demo-1001-sandbox_sbxloan0"]').getByTestId('access-validity')).toHaveText('Expired');
    await shot(page, 'banking-desktop-en-light');
    await access.getByTestId('access-renew').click();
    await expect(access.getByTestId('access-validity')).toHaveText('Valid');

    const item = await receivable;
    // Open items are pushed live to a second peer while the match is confirmed in the browser.
    const { app, close } = await feathersClient(baseURL!, token);
    const pushed: OpenItem[] = [];
    app.service('open-items').on('patched', (i: OpenItem) => i.id === item.id && pushed.push(i));
    try {
      await page.getByTestId('transaction-row').filter({ hasText: number }).click();
      const drawer = page.getByTestId('match-drawer');
      await expect(drawer.getByTestId('suggestion').first()).toContainText(number);
      await expect(drawer.getByTestId('suggestion').first()).toContainText('invoice number');
      await drawer.getByTestId('suggestion').first().locator('label').first().click();
      await shot(page, 'banking-match-en-light');
      await drawer.getByTestId('match-confirm').click();
      await expect(drawer.getByTestId('match-done')).toContainText(number);
      // The user is told what the transaction is matched to, and neither it nor the invoice reads open any more.
      await expect(page.getByTestId('snackbar-success').filter({ hasText: number })).toHaveText(new RegExp(`^Transaction matched to ${number}`));
      await expect(drawer.getByTestId('match-status')).toHaveText('Matched');
      await expect(drawer.getByTestId('suggestion')).toHaveCount(0);
      await expect(drawer.getByText(/^Open /)).toHaveCount(0);
      await expect(page.getByTestId('transaction-row').filter({ hasText: number }).getByTestId('match-status')).toHaveText('Matched');
      await shot(page, 'banking-match-confirmed-en-light');
      await expect.poll(() => pushed.some((i) => !i.open && i.status === 'paid'), { timeout: 15_000 }).toBe(true);
      const unpaid = (await app.service('open-items').find({ query: { client_no: CLIENT, status: 'open', $limit: 500 } })) as { data: OpenItem[] };
      expect(unpaid.data.some((i) => i.id === item.id)).toBe(false);
      // Undo brings the item back to the unpaid list; confirming again settles it for good.
      await drawer.getByTestId('match-undo').click();
      await expect.poll(() => pushed.some((i) => i.open), { timeout: 15_000 }).toBe(true);
      await expect(drawer.getByTestId('match-done')).toHaveCount(0);
      await expect(drawer.getByTestId('match-status')).toHaveText('Unmatched');
      await expect(drawer.getByText(/Left of the transaction: €1,234\.56/)).toBeVisible();
      await drawer.getByTestId('suggestion').first().locator('label').first().click();
      await expect(drawer.getByTestId('match-confirm')).toBeEnabled();
      await drawer.getByTestId('match-confirm').click();
      await expect(drawer.getByTestId('match-done')).toBeVisible();
    } finally {
      close();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transaction-row').filter({ hasText: number }).getByTestId('match-status')).toHaveText('Matched');
    await expectNoSeriousA11yViolations(page);

    await setDark(page, true);
    await shot(page, 'banking-desktop-en-dark');
    await expectNoSeriousA11yViolations(page);
    await setDark(page, false);
  });

  test('imports a French bank CSV through the column mapping: day-first dates guessed, debit and credit chosen, the balance line skipped and named', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const { iban, card } = await openAccountByHand(page, { bank: "Caisse d'Epargne", label: 'Compte Lyon', opening: '100.00' });

    // Day-first slashes (a day past 12 settles the order), separate debit and credit columns, a balance line under the rows.
    const csv = Buffer.from(
      ['Date;Libellé;Débit;Crédit', `15/01/${YEAR};VIREMENT RECU;;250,50`, `20/01/${YEAR};PAIEMENT CB;-75,25;`, 'Solde en fin de période;;;275,25'].join(
        '\r\n',
      ),
      'utf8',
    );
    await page.getByTestId('statement-input').setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Compte Lyon · ${iban}` });
    await expect(importDialog.locator('#import-date-format')).toHaveValue('DD/MM/YYYY');
    await importDialog.getByTestId('import-field-debit').selectOption('Débit');
    await importDialog.getByTestId('import-field-credit').selectOption('Crédit');
    await importDialog.getByTestId('import-field-remittance').selectOption('Libellé');
    await shot(page, 'banking-csv-mapping-day-first-en-light');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('2 new', { timeout: 30_000 });
    await expect(result).toContainText('Line 4 is no entry and was skipped.');
    await expect(card.getByTestId('account-balance')).toHaveText('€275.25');
  });

  test('maps a CSV whose amounts take their direction from a column of its own, on a phone in German', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const { iban, card } = await openAccountByHand(page, { bank: 'ING Nederland', label: 'Rekening Utrecht', opening: '100.00' });
    await german(page);

    // Dates without separators, unsigned amounts, the direction in "Af Bij"; a time after a date is that day.
    const csv = Buffer.from(
      [
        '"Datum","Naam / Omschrijving","Af Bij","Bedrag (EUR)","Mededelingen"',
        `"${YEAR}0213","Kosten","Af","1,25","Januari"`,
        `"${YEAR}0214","Storting","Bij","20,00","Spaargeld"`,
      ].join('\r\n'),
      'utf8',
    );
    // On a phone the imports have a tab of their own.
    await page.getByTestId('banking-tab-imports').click();
    await page.getByTestId('statement-input').setInputFiles({ name: 'mutaties.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Rekening Utrecht · ${iban}` });
    await expect(importDialog.locator('#import-date-format')).toHaveValue('YYYYMMDD');
    await expect(importDialog.getByTestId('import-field-debitMark')).toHaveValue('Af Bij');
    await expect(importDialog.getByTestId('import-debit-mark-text')).toHaveValue('Af');
    await importDialog.getByTestId('import-field-amount').selectOption('Bedrag (EUR)');
    await importDialog.getByTestId('import-field-remittance').selectOption('Mededelingen');
    // The marks give the sign: the amount column is labelled without one.
    await expect(importDialog.locator('label[for="import-field-amount"]')).toHaveText('Betrag');
    await importDialog.getByTestId('import-debit-mark-text').scrollIntoViewIfNeeded();
    await shot(page, 'banking-csv-mapping-direction-mark-de-phone');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('2 neu', { timeout: 30_000 });
    await page.getByTestId('banking-tab-accounts').click();
    await expect(card.getByTestId('account-balance')).toHaveText('118,75 €');
  });

  test("imports an export of several accounts: the column of each row's own account, the account chosen for each number, one opened for an IBAN", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const main = await openAccountByHand(page, { bank: 'C24 Bank', label: 'Hauptkonto', opening: '1000.00' });
    const savings = await openAccountByHand(page, { bank: 'C24 Bank', label: 'Sparkonto', opening: '0.00' });
    const third = composeIBAN({ countryCode: 'AT', bban: `32000${String((Date.now() + 99) % 1e11).padStart(11, '0')}` })!;

    // One export, the rows of three accounts: two by their account numbers, one by its IBAN.
    const csv = Buffer.from(
      [
        'Transaktionstyp,Buchungsdatum,Betrag,Zahlungsempfänger,Verwendungszweck,Kontonummer,Kontoname',
        `Pocket-Umbuchung,05.02.${YEAR},"-123,45 €",Sparkonto,Umbuchung,0987654321,Hauptkonto`,
        `Pocket-Umbuchung,05.02.${YEAR},"123,45 €",Hauptkonto,Umbuchung,1234567890,Sparkonto`,
        `SEPA-Lastschrift,06.02.${YEAR},"-50,00 €",Ärzte ohne Grenzen,Spende,1234567890,Sparkonto`,
        `Gutschrift,07.02.${YEAR},"10,00 €",Bank,Zinsen,${third},Tagesgeld`,
      ].join('\n'),
      'utf8',
    );
    await page.getByTestId('statement-input').setInputFiles({ name: 'c24-umsaetze.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Hauptkonto · ${main.iban}` });
    await expect(importDialog.getByTestId('import-field-amount')).toHaveValue('Betrag');
    await importDialog.getByTestId('import-field-ownAccount').selectOption('Kontonummer');
    // The file is read through the columns chosen so far: its accounts, statements and entries show before anything is saved.
    await expect(importDialog.getByTestId('import-detected')).toContainText('Bank not recognised · 3 statements · 4 entries');
    await expect(importDialog.getByTestId('import-file-accounts')).toContainText(`opened on import`);
    const rowAccounts = importDialog.getByTestId('import-row-accounts');
    await expect(rowAccounts.locator('select')).toHaveCount(2);
    await expect(importDialog.getByTestId('import-confirm')).toBeDisabled();
    await rowAccounts.getByLabel('Account 0987654321').selectOption({ label: `Hauptkonto · ${main.iban}` });
    await rowAccounts.getByLabel('Account 1234567890').selectOption({ label: `Sparkonto · ${savings.iban}` });
    await expect(importDialog.getByTestId('import-confirm')).toBeEnabled();
    await rowAccounts.scrollIntoViewIfNeeded();
    await shot(page, 'banking-csv-several-accounts-en-light');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await rowAccounts.scrollIntoViewIfNeeded();
    await shot(page, 'banking-csv-several-accounts-en-phone');
    await page.setViewportSize({ width: 1280, height: 720 });
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('4 new', { timeout: 30_000 });
    await expect(main.card.getByTestId('account-balance')).toHaveText('€876.55');
    await expect(savings.card.getByTestId('account-balance')).toHaveText('€73.45');
    await expect(page.getByTestId(`account-${third}`).getByTestId('account-balance')).toHaveText('€10.00');
  });

  test('imports an MT940 of two accounts named by bank code and number, each into the account whose IBAN holds it, on a phone in German', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const main = await openAccountByHand(page, { bank: 'Raiffeisen', label: 'Geschäftskonto', opening: '1000.00' });
    // The second account does not exist yet: it is opened from the import dialog.
    const savings = { iban: composeIBAN({ countryCode: 'AT', bban: `32000${String((Date.now() + 77) % 1e11).padStart(11, '0')}` })! };
    await german(page);

    // An Austrian IBAN holds the bank code (5 digits) and the account number (11): the file names them, not the IBAN.
    const day = `${String(YEAR).slice(2)}0210`;
    const statement = (iban: string, opening: string, line: string, closing: string) =>
      [
        ':20:STARTUMS',
        `:25:${iban.slice(4, 9)}/${iban.slice(9)}`,
        ':28C:1/1',
        `:60F:C${day}EUR${opening}`,
        line,
        ':86:Umbuchung',
        `:62F:C${day}EUR${closing}`,
        '-',
      ].join('\r\n');
    const mt940 = Buffer.from(
      [
        statement(main.iban, '1000,00', `:61:${day}${day.slice(2)}D123,45NTRFNONREF`, '876,55'),
        statement(savings.iban, '0,00', `:61:${day}${day.slice(2)}C200,00NTRFNONREF`, '200,00'),
      ].join('\r\n'),
      'latin1',
    );
    await page.getByTestId('banking-tab-imports').click();
    await page.getByTestId('statement-input').setInputFiles({ name: 'umsaetze.sta', mimeType: 'text/plain', buffer: mt940 });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    // One account for each account the file names: no account for the whole file.
    await expect(importDialog.getByTestId('import-account')).toHaveCount(0);
    const choices = importDialog.getByTestId('import-row-accounts');
    await expect(choices).toContainText('Ohne IBAN genannte Konten');
    await expect(choices.locator('#import-row-account-0')).toHaveValue(`1003-${main.iban}`);
    await expect(choices.locator('#import-row-account-1')).toHaveValue('');
    await expect(importDialog.getByTestId('import-confirm')).toBeDisabled();
    const accountDialog = await fillNewAccount(
      page,
      { iban: savings.iban, bank: 'Raiffeisen', label: 'Rücklagen', opening: '0.00' },
      choices.getByTestId('import-row-new-account'),
    );
    await accountDialog.getByTestId('account-save').click();
    await expect(accountDialog).toHaveCount(0);
    // Back in the import dialog, the new account is the one whose IBAN holds the second number.
    await expect(importDialog.getByTestId('import-row-accounts').locator('#import-row-account-1')).toHaveValue(`1003-${savings.iban}`);
    await choices.scrollIntoViewIfNeeded();
    await shot(page, 'banking-mt940-two-accounts-de-phone');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('2 neu', { timeout: 30_000 });
    await page.getByTestId('banking-tab-accounts').click();
    await expect(main.card.getByTestId('account-balance')).toHaveText('876,55 €');
    await expect(page.getByTestId(`account-${savings.iban}`).getByTestId('account-balance')).toHaveText('200,00 €');
  });

  test("maps a CSV without column titles by the columns' positions", async ({ page }) => {
    test.setTimeout(180_000);
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const { iban, card } = await openAccountByHand(page, { bank: 'ASN Bank', label: 'Betaalrekening', opening: '0.00' });

    const csv = Buffer.from([`17-01-${YEAR},NL00ASNB0000000001,Huur,EUR,-800.00`, `18-01-${YEAR},NL00ASNB0000000001,Salaris,EUR,2500.00`].join('\n'), 'utf8');
    await page.getByTestId('statement-input').setInputFiles({ name: 'transactie-historie.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Betaalrekening · ${iban}` });
    // A first line with a date in it is an entry: the columns go by position.
    await expect(importDialog.getByTestId('import-headerless')).toBeChecked();
    await expect(importDialog.locator('#import-date-format')).toHaveValue('DD-MM-YYYY');
    await expect(importDialog.getByTestId('import-field-bookingDate')).toHaveValue('#1');
    await importDialog.getByTestId('import-field-amount').selectOption({ label: 'Column 5' });
    await importDialog.getByTestId('import-field-remittance').selectOption({ label: 'Column 3' });
    await expect(importDialog.getByTestId('import-preview').locator('tbody tr')).toHaveCount(2);
    await shot(page, 'banking-csv-mapping-headerless-en-light');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('2 new', { timeout: 30_000 });
    await expect(card.getByTestId('account-balance')).toHaveText('€1,700.00');
  });

  test('maps a CSV with month names in its dates and the currency beside its amounts, in the dark', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    await setDark(page, true);
    const { iban, card } = await openAccountByHand(page, { bank: 'Lloyds Bank', label: 'Current account', opening: '0.00' });

    // Brackets pay out; the currency may stand before or after the number.
    const csv = Buffer.from(
      [
        'Date,Details,Amount,Balance',
        `15 Jan ${YEAR},Card payment,-EUR 3.20,-3.20`,
        `16 Jan ${YEAR},Bank charge,(1.00),-4.20`,
        `17 Jan ${YEAR},Salary,"1,250.00 EUR","1,245.80"`,
      ].join('\n'),
      'utf8',
    );
    await page.getByTestId('statement-input').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Current account · ${iban}` });
    // Nothing is read before the columns are chosen: the dialog says so, instead of "0 statements".
    await expect(importDialog.getByTestId('import-detected')).toContainText('Bank not recognised · read once the columns are chosen');
    await expect(importDialog.locator('#import-date-format')).toHaveValue('D MMM YYYY');
    await expect(importDialog.getByTestId('import-field-amount')).toHaveValue('Amount');
    await expect(importDialog.getByTestId('import-field-remittance')).toHaveValue('Details');
    // A running balance gives the statement its opening and closing balances.
    await expect(importDialog.getByTestId('import-field-balanceAfter')).toHaveValue('Balance');
    await shot(page, 'banking-csv-mapping-month-names-en-dark');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('3 new', { timeout: 30_000 });
    // Opening 0.00 + entries = closing 1,245.80: nothing to warn of.
    await expect(page.getByTestId('import-result')).toHaveClass(/intent-success/);
    await expect(card.getByTestId('account-balance')).toHaveText('€1,245.80');
  });

  test('opens an account by hand, imports a bank CSV through the column mapping (saved for the next file), changes and archives the account', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAt(page, 'admin', '/banking/1003');
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String(Date.now() % 1e11).padStart(11, '0')}` })!;

    const dialog = await fillNewAccount(page, { iban, bank: 'Raiffeisen Landesbank', label: 'Kassa Filiale', type: 'savings', opening: '1000.00' });
    await shot(page, 'banking-account-dialog-en-light');
    await dialog.getByTestId('account-save').click();
    await expect(dialog).toHaveCount(0);
    const card = page.getByTestId(`account-${iban}`);
    await expect(card.getByTestId('account-balance')).toHaveText('€1,000.00');
    await expect(card).toContainText('Savings');

    // A bank's CSV: two lines of account data above the column titles, German numbers.
    const lines = (rows: string[]) =>
      Buffer.from(
        [`Konto;${iban}`, `Zeitraum;01.01.${YEAR} - 31.01.${YEAR}`, 'Datum;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag', ...rows].join('\r\n'),
        'utf8',
      );
    const csv = lines([
      `10.01.${YEAR};10.01.${YEAR};Gasthof Post;Rechnung AR-77;250,00`,
      `12.01.${YEAR};12.01.${YEAR};Metro;Einkauf;-45,50`,
      `20.01.${YEAR};20.01.${YEAR};Café Zentral;Rechnung AR-78;1.200,00`,
    ]);
    await page.getByTestId('statement-input').setInputFiles({ name: 'raiffeisen.csv', mimeType: 'text/csv', buffer: csv });
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toBeVisible();
    await importDialog.getByTestId('import-account').selectOption({ label: `Kassa Filiale · ${iban}` });
    await importDialog.locator('#import-skip').fill('2');
    await expect(importDialog.getByTestId('import-preview').locator('thead')).toContainText('Verwendungszweck');
    await expect(importDialog.getByTestId('import-field-bookingDate')).toHaveValue('Datum');
    await expect(importDialog.getByTestId('import-field-amount')).toHaveValue('Betrag');
    await expect(importDialog.getByTestId('import-field-remittance')).toHaveValue('Verwendungszweck');
    await shot(page, 'banking-csv-mapping-en-light');
    await expectNoSeriousA11yViolations(page);
    await importDialog.getByTestId('import-confirm').click();
    await expect(importDialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('3 new', { timeout: 30_000 });
    await expect(card.getByTestId('account-balance')).toHaveText('€2,404.50');

    // The next file of that bank finds the mapping saved on the account: nothing to choose, nothing twice.
    await page.getByTestId('statement-input').setInputFiles({ name: 'raiffeisen-again.csv', mimeType: 'text/csv', buffer: csv });
    await expect(importDialog).toBeVisible();
    await expect(importDialog.locator('#import-skip')).toHaveValue('2');
    await expect(importDialog.getByTestId('import-field-amount')).toHaveValue('Betrag');
    await importDialog.getByTestId('import-confirm').click();
    await expect(page.getByTestId('import-result')).toContainText('0 new, 3 already imported', { timeout: 30_000 });

    // Change the label, then archive: the card says so and the account leaves the total (the new account is still the chosen one).
    await page.getByTestId('account-edit').click();
    await expect(dialog.getByTestId('account-iban')).toBeDisabled();
    await dialog.getByTestId('account-label').fill('Kassa Innsbruck');
    await dialog.getByTestId('account-save').click();
    await expect(card).toContainText('Kassa Innsbruck');
    await page.getByTestId('account-edit').click();
    await dialog.getByTestId('account-archive').click();
    await expect(card).toContainText('Archived');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('banking-tab-accounts').click();
    await shot(page, 'banking-accounts-mobile-en-light');
  });

  test('shows the banking screen on a phone in German, and the admin overview with filters', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAt(page, 'admin', '/banking/1002');
    await openDrawer(page);
    await expect(page.getByTestId('badge-bankAccesses')).toHaveText('2');
    await page.keyboard.press('Escape');
    await german(page);
    await expect(page.getByTestId('banking-tab-accounts')).toBeVisible();
    await shot(page, 'banking-mobile-de-light');
    await page.getByTestId('banking-tab-transactions').click();
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    await page.getByTestId('transaction-search').fill('Metro');
    await expect(page.getByTestId('transaction-row').first()).toContainText('Metro');
    await shot(page, 'banking-mobile-de-transactions');
    await page.getByTestId('banking-tab-accesses').click();
    await expect(page.getByTestId('access-validity').first()).toHaveText('Abgelaufen');
    await shot(page, 'banking-mobile-de-accesses');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/admin/adm-banking/overview');
    await expect(page.getByTestId('overview-row').first()).toBeVisible({ timeout: 60_000 });
    await german(page);
    await page.getByTestId('overview-filter-expired').click();
    await expect(page.getByTestId('overview-validity').first()).toHaveText('Abgelaufen');
    await shot(page, 'banking-overview-mobile-de');
    await setDark(page, true);
    await german(page);
    await page.getByTestId('overview-filter-expired').click();
    await shot(page, 'banking-overview-mobile-de-dark');
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('overview-filter-expiring').click();
    await expect(page.getByTestId('overview-row').first()).toBeVisible();
    await shot(page, 'banking-overview-desktop-de-dark');
    await setDark(page, false);
    await german(page);
    await shot(page, 'banking-overview-desktop-de-light');
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => localStorage.setItem('dark-mode', '0'));
  });
});

export type { BankAccess };
