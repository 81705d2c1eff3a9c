import type { BankAccount, BankImport, StatementPreview } from '@portal/contracts';
import { composeIBAN } from '@portal/domain';
import { PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();
const YEAR = new Date().getUTCFullYear();

async function post(username: string, client: number, name: string, bytes: Buffer, query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${session.url}/api/banking/statements?client=${client}${query}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${await session.token(username)}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const csv = (rows: string[]) => Buffer.from(['Kontoauszug', 'Datum;Empfänger;Zweck;Betrag', ...rows].join('\r\n'), 'utf8');

describe('statement upload (POST /api/banking/statements)', () => {
  it('answers 403 without adm or ban, 404 for another client\'s account, and 400 for a file that is no statement', async () => {
    const forbidden = await post('accountant', 1001, 'x.csv', csv([]));
    expect(forbidden).toMatchObject({ status: 403, body: { name: 'Forbidden', message: 'Importing statements needs the permission adm or ban.' } });
    expect((await post('client1', 1002, 'x.csv', csv([]))).status).toBe(404);
    expect((await post('client1', 1001, 'x.csv', csv([]), '&account=1002-AT000')).status).toBe(404);
    expect((await post('client1', 1001, 'broken.xml', Buffer.from('<Document><BkToCstmrStmt>'))).status).toBe(400);
  });

  it('previews a CSV for the mapping dialog, then imports it into the chosen account with the saved mapping, and adds nothing the second time', async () => {
    const accounts = (await session.signedIn('client1')).app.service('bank-accounts');
    const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String(Date.now() % 1e11).padStart(11, '0')}` })!;
    const account = (await accounts.create({ client_no: 1001, iban, bic: null, bank_name: 'Raiffeisen', type: 'checking', currency: 'EUR', label: 'CSV-Konto', opening_balance_cents: 0, opening_date: `${YEAR}-01-01` })) as BankAccount;
    const file = csv([`10.01.${YEAR};Gasthof Post;Rechnung AR-1;250,00`, `12.01.${YEAR};Metro;Einkauf;-45,50`]);

    const preview = (await post('client1', 1001, 'bank.csv', file, '&preview=1&skip=1')).body as unknown as StatementPreview;
    expect(preview).toMatchObject({ kind: 'csv', needsAccount: true, columns: ['Datum', 'Empfänger', 'Zweck', 'Betrag'], delimiter: ';' });
    expect(preview.rows).toHaveLength(2);
    // Without a saved mapping the import asks for one and records nothing.
    expect((await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`)).status).toBe(400);

    await accounts.patch(account.id, { csv_mapping: { delimiter: ';', decimal: ',', dateFormat: 'DD.MM.YYYY', skipLines: 1, bookingDate: 'Datum', valueDate: null, amount: 'Betrag', debit: null, credit: null, counterpartyName: 'Empfänger', counterpartyIban: null, remittance: 'Zweck', reference: null, currency: null } });
    const first = await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`);
    expect(first.status).toBe(201);
    expect(first.body as unknown as BankImport).toMatchObject({ format: 'csv', added: 2, duplicates: 0 });
    const again = await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`);
    expect(again.body as unknown as BankImport).toMatchObject({ added: 0, duplicates: 2 });
    expect(((await accounts.get(account.id)) as BankAccount).balance_cents).toBe(20_450);
  });
});
