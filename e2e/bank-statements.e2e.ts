import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { composeIBAN } from 'ibantools';
import { expectNoSeriousA11yViolations } from './axe';
import { openReceivable, setDark } from './banking-support';
import { ensureLanguage, loginAt, storedToken, shot } from './support';

const CLIENT = 1001;
const TODAY = new Date().toISOString().slice(0, 10);
const uniqueNumber = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;
/** The shared statement corpus (files of other open-source parsers, see its SOURCES.md); BANK_STATEMENTS_DIR overrides. */
const CORPUS_DIR = process.env.BANK_STATEMENTS_DIR ?? join(__dirname, '../../shared/fixtures/bank-statements');
/** A Sparkasse "CSV-CAMT" export (Latin-1, semicolons, two-digit years, one entry "Umsatz vorgemerkt"): it names a bare account number, no IBAN. */
const SPARKASSE_CSV = join(CORPUS_DIR, 'csv', 'omarkohl__ofxstatement-sparkasse-freiburg__tests__data__simple2.csv');

/**
 * A Commerzbank MT940 as German banks deliver it: `:25:` with BIC and IBAN, structured `:86:` with GV code and
 * SEPA tags, funds codes after the amount, two statements. The second opens above the first's closing balance and
 * its entries do not add up to its closing balance: both are reconciliation findings.
 */
function commerzbankMt940(number: string, iban: string): string {
  const d = TODAY.slice(2).replace(/-/g, '');
  const md = d.slice(2);
  return [
    ':20:STARTUMS',
    `:25:COBADEFFXXX/${iban}`,
    ':28C:00001/001',
    `:60F:C${d}EUR5000,00`,
    `:61:${d}${md}CR845,20NTRFNONREF`,
    `:86:166?00GUTSCHR. UEBERWEISUNG?109310?20EREF+${number}?21SVWZ+Rechnung ${number}?30BKAUATWWXXX?31AT611904300234573201?32Gasthof Post Innsbruck`,
    `:62F:C${d}EUR5845,20`,
    '-',
    ':20:STARTUMS',
    `:25:COBADEFFXXX/${iban}`,
    ':28C:00002/001',
    `:60F:C${d}EUR5900,00`,
    `:61:${d}${md}DR45,50NDDTNONREF`,
    ':86:105?00FOLGELASTSCHRIFT?109248?20SVWZ+Einkauf Filiale 12?32Metro Cash und Carry',
    `:62F:C${d}EUR5800,00`,
    '-',
    '',
  ].join('\r\n');
}

/** A Raiffeisen camt.053.001.02 with the XML Schema instance namespace declared before the default one, as most banks write it. */
function raiffeisenCamt(number: string, iban: string, cents: number): string {
  const amount = (cents / 100).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 camt.053.001.02.xsd">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>RZB-${number}</MsgId><CreDtTm>${TODAY}T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>RZB-${number}-1</Id><ElctrncSeqNb>17</ElctrncSeqNb><CreDtTm>${TODAY}T06:00:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BIC>RZBAATWW</BIC></FinInstnId></Svcr></Acct>
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${TODAY}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${(1000 + cents / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${TODAY}</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${TODAY}</Dt></BookgDt><ValDt><Dt>${TODAY}</Dt></ValDt><AcctSvcrRef>RZB-${number}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${number}</EndToEndId></Refs>
          <RltdPties><Dbtr><Nm>Gasthof Post Innsbruck</Nm></Dbtr><DbtrAcct><Id><IBAN>AT611904300234573201</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>Rechnung ${number}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** The transaction of the invoice number matched to its open receivable in the match drawer. */
async function matchTransaction(page: Page, number: string): Promise<void> {
  await page.getByTestId('transaction-row').filter({ hasText: number }).click();
  const drawer = page.getByTestId('match-drawer');
  await expect(drawer.getByTestId('suggestion').first()).toContainText(number, { timeout: 30_000 });
  await drawer.getByTestId('suggestion').first().locator('label').first().click();
  await drawer.getByTestId('match-confirm').click();
  await expect(drawer.getByTestId('match-done')).toContainText(number);
}

test.describe('statement files from banks', () => {
  test('an admin imports a Commerzbank MT940 on the desktop in English: the dialog names bank, format and findings, the account keeps them, an entry is matched', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await loginAt(page, 'admin', `/banking/${CLIENT}`);
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    await ensureLanguage(page, 'en');
    const number = uniqueNumber('AR-MT');
    const receivable = openReceivable(baseURL!, await storedToken(page), CLIENT, number, 845.2);
    const iban = composeIBAN({ countryCode: 'DE', bban: `37040044${String(Date.now() % 1e10).padStart(10, '0')}` })!;

    // The user looks at another account of the client when the file arrives: the dialog says where it goes.
    const otherAccount = page.locator('.portal-banking-account').first();
    await expect(otherAccount).toBeVisible();
    if ((await otherAccount.getAttribute('aria-pressed')) !== 'true') await otherAccount.click();
    await expect(otherAccount).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByTestId('statement-input')
      .setInputFiles({ name: 'MT940_COBA_20261129.sta', mimeType: 'application/octet-stream', buffer: Buffer.from(commerzbankMt940(number, iban), 'latin1') });
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog.getByTestId('import-detected')).toContainText('MT940');
    await expect(dialog.getByTestId('import-detected')).toContainText('Commerzbank · 2 statements · 2 entries');
    await expect(dialog.getByTestId('import-file-accounts')).toContainText(`${iban.replace(/(.{4})/g, '$1 ').trim()} — opened on import`);
    await expect(dialog.getByTestId('import-account-other')).toContainText('it is imported into the account it names');
    const findings = dialog.getByTestId('import-findings');
    await expect(findings.getByTestId('warning-gap')).toContainText('opens with €5,900.00');
    await expect(findings.getByTestId('warning-gap')).toContainText('closed with €5,845.20');
    await expect(findings.getByTestId('warning-balance-mismatch')).toContainText('gives €5,854.50, the bank reports €5,800.00');
    await shot(page, 'statements-dialog-desktop-en-light');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByTestId('import-confirm').click();
    await expect(dialog).toHaveCount(0);
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('2 new', { timeout: 60_000 });
    await expect(result.getByTestId('warning-balance-mismatch')).toBeVisible();

    // The account opened for the IBAN keeps its findings.
    const card = page.getByTestId(`account-${iban}`);
    await expect(card.getByTestId('account-findings')).toHaveText('2 reconciliation findings');
    await card.click();
    await expect(page.getByTestId('account-reconciliation').getByTestId('warning-gap')).toBeVisible();
    await expect(page.getByTestId('account-reconciliation')).toContainText('MT940_COBA_20261129.sta');

    await receivable;
    await matchTransaction(page, number);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transaction-row').filter({ hasText: number }).getByTestId('match-status')).toHaveText('Matched');
    await setDark(page, true);
    await page.getByTestId(`account-${iban}`).click();
    await expect(page.getByTestId('account-reconciliation')).toBeVisible();
    await shot(page, 'statements-account-desktop-en-dark');
    await expectNoSeriousA11yViolations(page);
    await setDark(page, false);
  });

  test('an admin imports a Raiffeisen camt.053 on a phone in German and matches its entry', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAt(page, 'admin', `/banking/${CLIENT}`);
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    await ensureLanguage(page, 'de');
    const number = uniqueNumber('AR-CAMT');
    const receivable = openReceivable(baseURL!, await storedToken(page), CLIENT, number, 612.4);
    const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String(Date.now() % 1e11).padStart(11, '0')}` })!;

    await page.getByTestId('banking-tab-imports').click();
    await page
      .getByTestId('statement-input')
      .setInputFiles({ name: 'camt053_RZBAATWW.xml', mimeType: 'application/xml', buffer: Buffer.from(raiffeisenCamt(number, iban, 61_240)) });
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog.getByTestId('import-detected')).toContainText('camt.053.001.02');
    await expect(dialog.getByTestId('import-detected')).toContainText('Raiffeisen · 1 Auszug · 1 Umsatz');
    await expect(dialog.getByTestId('import-file-accounts')).toContainText('wird beim Import eröffnet');
    await expect(dialog.getByTestId('import-findings')).toHaveCount(0);
    await shot(page, 'statements-dialog-mobile-de-light');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByTestId('import-confirm').click();
    await expect(page.getByTestId('import-result')).toContainText('1 neu', { timeout: 60_000 });

    await receivable;
    await page.getByTestId('banking-tab-accounts').click();
    await page.getByTestId(`account-${iban}`).click();
    await page.getByTestId('banking-tab-transactions').click();
    await matchTransaction(page, number);
    await shot(page, 'statements-match-mobile-de-light');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transaction-row').filter({ hasText: number }).getByTestId('match-status')).toHaveText('Zugeordnet');
    await setDark(page, true);
    await page.getByTestId(`account-${iban}`).click();
    await page.getByTestId('banking-tab-transactions').click();
    await expect(page.getByTestId('transaction-row').filter({ hasText: number })).toBeVisible();
    await shot(page, 'statements-transactions-mobile-de-dark');
    await expectNoSeriousA11yViolations(page);
    await setDark(page, false);
  });

  test('an admin imports a Sparkasse CSV export on the desktop in German into an account opened and chosen by hand: the dialog names bank and format and asks for no columns, the account shows the entries', async ({
    page,
  }) => {
    test.skip(!existsSync(SPARKASSE_CSV), `needs the shared statement corpus: ${SPARKASSE_CSV} is absent (set BANK_STATEMENTS_DIR or provide ../shared)`);
    test.setTimeout(240_000);
    await loginAt(page, 'admin', `/banking/${CLIENT}`);
    await expect(page.getByTestId('banking-screen')).toBeVisible({ timeout: 60_000 });
    await ensureLanguage(page, 'de');
    // A fresh account each run: a retry imports into an account of its own, not into the first run's.
    const iban = composeIBAN({ countryCode: 'DE', bban: `68050101${String(Date.now() % 1e10).padStart(10, '0')}` })!;

    await page
      .getByTestId('statement-input')
      .setInputFiles({ name: 'Umsaetze_Sparkasse_CSV-CAMT.csv', mimeType: 'text/csv', buffer: readFileSync(SPARKASSE_CSV) });
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog.getByTestId('import-detected')).toContainText('CSV');
    await expect(dialog.getByTestId('import-detected')).toContainText('Sparkasse · 1 Auszug · 18 Umsätze');
    // The file names the account number 12345678 only: the user opens the account from the dialog and chooses it.
    await dialog.getByTestId('import-new-account').click();
    const accountDialog = page.getByTestId('account-dialog');
    await accountDialog.getByTestId('account-iban').fill(iban);
    await accountDialog.getByTestId('account-bank').fill('Sparkasse Freiburg-Nördlicher Breisgau');
    await accountDialog.getByTestId('account-label').fill('Geschäftskonto Sparkasse');
    await accountDialog.getByTestId('account-save').click();
    await expect(accountDialog).toHaveCount(0);
    await dialog.getByTestId('import-account').selectOption({ label: `Geschäftskonto Sparkasse · ${iban}` });
    await expect(dialog.getByTestId('import-account-unknown')).toContainText('Die Datei nennt das Konto 12345678, das sich nicht mit');
    await expect(dialog).toContainText('Der Auszug nennt keine IBAN: das Konto wählen, zu dem er gehört.');
    // The bank's layout reads the file: no columns to map.
    await expect(dialog.getByTestId('import-field-bookingDate')).toHaveCount(0);
    await shot(page, 'statements-csv-dialog-desktop-de-light');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByTestId('import-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('import-result')).toContainText('Umsaetze_Sparkasse_CSV-CAMT.csv: 17 neu, 0 bereits importiert, 1 vorgemerkt', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('import-result')).toContainText('Auszug 1 nennt das Konto 12345678, das sich nicht mit');

    // The account opened in the dialog may be the one shown already: a second click would show all accounts again.
    const card = page.getByTestId(`account-${iban}`);
    if ((await card.getAttribute('aria-pressed')) !== 'true') await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('transaction-count')).toHaveText('18 Umsätze');
    await expect(page.getByTestId('transaction-row').filter({ hasText: 'Harald Schmidt' })).toContainText(/100,00/);
  });
});
