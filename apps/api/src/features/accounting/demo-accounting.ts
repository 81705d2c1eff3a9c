import { subCommandId, type CommandContext, type CommandRuntime } from '@portal/commands';
import { accountingDecider, accountingStreamId, composeIBAN, type AccountingCommand } from '@portal/domain';

type Country = 'AT' | 'DE';
const GERMAN_PLACES = new Set(['München', 'Hamburg', 'Berlin', 'Köln', 'Frankfurt am Main', 'Stuttgart']);

/** A demo IBAN with valid check digits (ibantools composes them). */
function ibanOf(country: Country, bban: string): string {
  const iban = composeIBAN({ countryCode: country, bban });
  if (!iban) throw new Error(`Invalid demo BBAN ${country} ${bban}`);
  return iban;
}

const standardRate = (country: Country) => (country === 'AT' ? 20 : 19);
const vat = (country: Country, n: number) =>
  country === 'AT' ? `ATU${String(10_000_000 + n * 7919).slice(0, 8)}` : `DE${String(100_000_000 + n * 7919).slice(0, 9)}`;
const bban = (country: Country, n: number) =>
  country === 'AT'
    ? `${String(12000 + n).padStart(5, '0')}${String(40000000000 + n * 131).padStart(11, '0')}`
    : `${String(70050000 + n).padStart(8, '0')}${String(1000000000 + n * 131).padStart(10, '0')}`;

function expenseAccounts(country: Country): Array<Omit<Extract<AccountingCommand, { type: 'DefineExpenseAccount' }>, 'type' | 'accounting'>> {
  const std = standardRate(country);
  return [
    { account: '510000', name: 'Wareneinsatz', tax_rate: std },
    { account: '720000', name: 'Instandhaltung und Reparaturen', tax_rate: std },
    { account: '740000', name: 'Miete und Pacht', tax_rate: std },
    { account: '769000', name: 'Telefon und Internet', tax_rate: std },
    { account: '770000', name: 'Büromaterial', tax_rate: std },
    { account: '778000', name: 'Rechts- und Beratungsaufwand', tax_rate: std },
    { account: '781000', name: 'Versicherungen', tax_rate: 0 },
  ];
}

const PERIOD_EXPENSE_ACCOUNTS = [
  { account: '733000', name: 'Treibstoff' },
  { account: '735000', name: 'Energie (Strom, Gas)' },
];

const COST_CENTRES = [
  { code: 'KST100', name: 'Verwaltung' },
  { code: 'KST200', name: 'Vertrieb' },
  { code: 'KST300', name: 'Betrieb' },
];

const BOOKS = [
  { code: 'ER', name: 'Eingangsrechnungen', kind: 'purchases' },
  { code: 'AR', name: 'Ausgangsrechnungen', kind: 'sales' },
  { code: 'KA', name: 'Kassabuch', kind: 'cash' },
  { code: 'BK', name: 'Bank', kind: 'bank' },
] as const;

function personAccounts(country: Country): Array<{ account: string; name: string; city: string; postcode: string; street: string; both?: boolean }> {
  const at = country === 'AT';
  return [
    {
      account: '330100',
      name: at ? 'Alpenstrom Energie AG' : 'Isarwerk Energie GmbH',
      street: at ? 'Kraftwerkstraße 4' : 'Isarufer 12',
      postcode: at ? '6020' : '80469',
      city: at ? 'Innsbruck' : 'München',
    },
    {
      account: '330200',
      name: at ? 'Bergland Telekom GmbH' : 'Hanse Telekom GmbH',
      street: at ? 'Funkweg 8' : 'Speicherstadt 3',
      postcode: at ? '5020' : '20457',
      city: at ? 'Salzburg' : 'Hamburg',
    },
    { account: '330300', name: 'Papier & Co Bürobedarf GmbH', street: 'Druckergasse 15', postcode: at ? '4020' : '20095', city: at ? 'Linz' : 'Hamburg' },
    {
      account: '330400',
      name: 'Huber & Partner Steuerberatung GmbH',
      street: 'Kanzleiplatz 1',
      postcode: at ? '6020' : '80331',
      city: at ? 'Innsbruck' : 'München',
    },
    {
      account: '330500',
      name: 'Großhandel Frischewaren KG',
      street: 'Marktstraße 22',
      postcode: at ? '3500' : '20097',
      city: at ? 'Krems an der Donau' : 'Hamburg',
      both: true,
    },
    { account: '200100', name: 'Hotel Sonnhof GmbH', street: 'Sonnenweg 5', postcode: at ? '6370' : '83471', city: at ? 'Kitzbühel' : 'Berchtesgaden' },
    {
      account: '200200',
      name: 'Gasthof zur Post KG',
      street: 'Hauptplatz 1',
      postcode: at ? '5700' : '82467',
      city: at ? 'Zell am See' : 'Garmisch-Partenkirchen',
    },
    { account: '200300', name: 'Sportverein Bergfreunde', street: 'Stadionweg 9', postcode: at ? '6020' : '80939', city: at ? 'Innsbruck' : 'München' },
  ];
}

function commandsFor(country: Country, periods: readonly number[]): AccountingCommand[] {
  const commands: AccountingCommand[] = expenseAccounts(country).map((a) => ({ type: 'DefineExpenseAccount', accounting: null, ...a }));
  for (const accounting of periods) {
    for (const a of PERIOD_EXPENSE_ACCOUNTS) commands.push({ type: 'DefineExpenseAccount', accounting, ...a, tax_rate: standardRate(country) });
    for (const c of COST_CENTRES) commands.push({ type: 'DefineCostCentre', accounting, ...c });
    for (const b of BOOKS) commands.push({ type: 'DefineBook', accounting, ...b });
    personAccounts(country).forEach((p, i) =>
      commands.push({
        type: 'CreatePersonAccount',
        accounting,
        account: p.account,
        name: p.name,
        vat_id: vat(country, i + 1),
        iban: ibanOf(country, bban(country, i + 1)),
        address: { street: p.street, postcode: p.postcode, city: p.city, country },
        both: p.both ?? false,
      }),
    );
  }
  return commands;
}

/**
 * Demo accounting master data for the demo companies: company default expense accounts, and per
 * accounting period two more expense accounts, three cost centres, four books, five suppliers
 * (one also a customer) and three customers. German places get German data, the others Austrian.
 * Idempotent per `correlationId` (each command id derives from it). Returns the number of events written.
 */
export async function seedDemoAccounting(
  runtime: CommandRuntime,
  companies: ReadonlyArray<{ company_no: number; company_place: string }>,
  periods: readonly number[],
  correlationId: string,
): Promise<number> {
  let written = 0;
  for (const company of companies) {
    const country: Country = GERMAN_PLACES.has(company.company_place) ? 'DE' : 'AT';
    const no = company.company_no;
    for (const [i, command] of commandsFor(country, periods).entries()) {
      const context: CommandContext = { userId: 'system', clientNo: no, commandId: subCommandId(correlationId, `accounting:${no}:${i}`), correlationId };
      const outcome = await runtime.execute(accountingDecider, accountingStreamId(no), command, context);
      if (!outcome.duplicate) written += outcome.events.length;
    }
  }
  return written;
}
