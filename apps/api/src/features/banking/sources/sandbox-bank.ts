import type { BankInstitution } from '@portal/contracts';
import { composeIBAN } from '@portal/domain';
import { emptyEntryFields, withKeys, type ParsedEntry } from '@portal/bank-statements';
import type { BankConnector, ConsentRequest, ConsentStart, RemoteAccount, RemoteTransactions } from './bank-connector';

export const SANDBOX_INSTITUTION: BankInstitution = {
  id: 'SANDBOX_SBXBANK0',
  name: 'Sandbox Bank (test data)',
  bic: 'SBXBATW1',
  source: 'sandbox',
  max_valid_days: 180,
  countries: ['AT', 'DE'],
};
export const SANDBOX_LOAN_INSTITUTION: BankInstitution = {
  id: 'SANDBOX_SBXLOAN0',
  name: 'Sandbox Credit Bank (test data)',
  bic: 'SBXCATW1',
  source: 'sandbox',
  max_valid_days: 180,
  countries: ['AT', 'DE'],
};
const INSTITUTIONS = [SANDBOX_INSTITUTION, SANDBOX_LOAN_INSTITUTION];

/** The sandbox's accounts start with this booked balance on this day; everything after follows from the seed. */
export const SANDBOX_EPOCH = '2024-01-01';
const OPENING_CENTS = 2_500_000;
const LOAN_OPENING_CENTS = -18_000_000;

/** mulberry32: a small seeded generator, so the same account and day always give the same transactions. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

const CUSTOMERS = [
  'Gasthof Post Innsbruck',
  'Hotel Alpenrose GmbH',
  'Café Zentral Salzburg',
  'Müller Gaststätten GmbH',
  'Tiroler Hüttenwirte Verband',
  'Pension Sonnhof',
  'Konditorei Hofer OG',
  'Weinhandel Gruber KG',
];
const SUPPLIERS = [
  'Metro Cash & Carry Österreich',
  'Energie Tirol Strom AG',
  'A1 Telekom Austria AG',
  'Immobilien Höttinger Au KG',
  'Mühle Grünbacher GmbH',
  'Getränke Wögerer GmbH',
  'Österreichische Gesundheitskasse',
  'Finanzamt Österreich',
];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function accountsOf(clientNo: number, institutionId: string): RemoteAccount[] {
  const bban = (bank: string, n: number) => `${bank}${String(clientNo * 10 + n).padStart(11, '0')}`;
  const iban = (bank: string, n: number) => composeIBAN({ countryCode: 'AT', bban: bban(bank, n) })!;
  if (institutionId === SANDBOX_LOAN_INSTITUTION.id) {
    return [
      {
        remoteId: `sbx-${clientNo}-3`,
        iban: iban('19044', 3),
        currency: 'EUR',
        name: 'Investitionskredit',
        bic: SANDBOX_LOAN_INSTITUTION.bic,
        bankName: SANDBOX_LOAN_INSTITUTION.name,
        accountType: 'loan',
      },
    ];
  }
  return [
    {
      remoteId: `sbx-${clientNo}-1`,
      iban: iban('19043', 1),
      currency: 'EUR',
      name: 'Geschäftskonto',
      bic: SANDBOX_INSTITUTION.bic,
      bankName: SANDBOX_INSTITUTION.name,
      accountType: 'checking',
    },
    {
      remoteId: `sbx-${clientNo}-2`,
      iban: iban('19043', 2),
      currency: 'EUR',
      name: 'Rücklagenkonto',
      bic: SANDBOX_INSTITUTION.bic,
      bankName: SANDBOX_INSTITUTION.name,
      accountType: 'savings',
    },
  ];
}

/** The booked transactions of one day of a sandbox account: a few receipts and payments with invoice numbers. */
function dayEntries(account: RemoteAccount, date: string): Array<Omit<ParsedEntry, 'key'>> {
  const next = random(hash(`${account.iban}:${date}`));
  const savings = account.remoteId.endsWith('-2');
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  if (account.accountType === 'loan') {
    const day = Number(date.slice(8, 10));
    if (day < 5 || day > 7 || (day > 5 && weekday !== 1)) return [];
    return [
      {
        ...emptyEntryFields,
        status: 'booked',
        bookingDate: date,
        valueDate: date,
        amountCents: 125_000,
        currency: account.currency,
        counterpartyName: 'Kreditrate',
        remittance: `Rate ${date.slice(0, 7)} Investitionskredit`,
        bankReference: `SBXL${date.replace(/-/g, '')}`,
      },
    ];
  }
  const count = savings ? (next() < 0.05 ? 1 : 0) : Math.floor(next() * 4);
  const entries: Array<Omit<ParsedEntry, 'key'>> = [];
  for (let i = 0; i < count; i++) {
    const incoming = savings || next() < 0.55;
    const party = (incoming ? CUSTOMERS : SUPPLIERS)[Math.floor(next() * 8)]!;
    const cents = Math.round((incoming ? 150 + next() * 4_800 : 40 + next() * 3_200) * 100);
    const number = `${incoming ? 'AR' : 'ER'}-${date.slice(0, 4)}-${String(1 + Math.floor(next() * 899)).padStart(4, '0')}`;
    entries.push({
      ...emptyEntryFields,
      status: 'booked',
      bookingDate: date,
      valueDate: date,
      amountCents: incoming ? cents : -cents,
      currency: account.currency,
      counterpartyName: savings ? 'Umbuchung Geschäftskonto' : party,
      counterpartyIban: composeIBAN({ countryCode: 'AT', bban: `20111${String(hash(party) % 1e11).padStart(11, '0')}` }),
      remittance: savings ? 'Rücklage' : `${incoming ? 'Rechnung' : 'Zahlung'} ${number}`,
      endToEndId: savings ? null : number,
      bankReference: `SBX${date.replace(/-/g, '')}${account.remoteId.slice(-1)}${i}`,
      bankCode: incoming ? 'PMNT-RCDT-ESCT' : 'PMNT-ICDT-ESCT',
    });
  }
  return entries;
}

/**
 * The sandbox bank, named as such in the UI like aggregators' sandbox institutions: consent is given at
 * once, two accounts per client, and deterministic transactions for every past working day, so a re-read
 * adds nothing twice. `clock` decides what "today" is (its pending card payments are today's).
 */
export class SandboxBank implements BankConnector {
  readonly source = 'sandbox' as const;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async institutions(): Promise<BankInstitution[]> {
    return INSTITUTIONS;
  }

  async requestConsent(_request: ConsentRequest): Promise<ConsentStart> {
    return { requisitionId: null, link: null, granted: true };
  }

  async consentedAccounts(_requisitionId: string | null, clientNo: number, institutionId: string): Promise<RemoteAccount[]> {
    return accountsOf(clientNo, institutionId);
  }

  async transactions(account: RemoteAccount, from: string, to: string): Promise<RemoteTransactions> {
    const today = this.clock().toISOString().slice(0, 10);
    const last = to < today ? to : addDays(today, -1);
    const start = from < SANDBOX_EPOCH ? SANDBOX_EPOCH : from;
    const booked: Array<Omit<ParsedEntry, 'key'>> = [];
    let balance = account.accountType === 'loan' ? LOAN_OPENING_CENTS : OPENING_CENTS;
    for (let d = SANDBOX_EPOCH; d <= last; d = addDays(d, 1)) {
      const entries = dayEntries(account, d);
      for (const e of entries) balance += e.amountCents;
      if (d >= start) booked.push(...entries);
    }
    const pending =
      account.remoteId.endsWith('-1') && to >= today
        ? withKeys([
            {
              ...emptyEntryFields,
              status: 'pending',
              bookingDate: today,
              valueDate: today,
              amountCents: -(1_000 + (hash(today) % 9_000)),
              currency: account.currency,
              counterpartyName: 'Metro Cash & Carry Österreich',
              remittance: `Kartenzahlung ${today}`,
              bankReference: `SBXP${today}`,
            },
          ])
        : [];
    return { booked: withKeys(booked), pending, closing: { amountCents: balance, date: last } };
  }

  async revoke(): Promise<void> {}
}
