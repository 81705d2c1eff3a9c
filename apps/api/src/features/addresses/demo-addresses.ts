import type { AddressClientAccounts, AddressFields, VatCheckResult } from '@portal/contracts';
import {
  accountingDecider,
  accountingStreamId,
  addressDecider,
  addressStreamId,
  composeIBAN,
  rpaDatabaseDecider,
  RPA_DATABASE_STREAM_ID,
  type RecordVatCheck,
} from '@portal/domain';
import { makeCompany, makeRegisterNumber, makeVatId, prngFor, suppliersFor, type LegalParty, type Prng } from '@portal/demo-data';
import type { FeatureSeed, SeedContext } from '../../seed/feature-seeds';

/** Demo address count (spec: 200 addresses, some RPA, some with failed checks). */
export const DEMO_ADDRESS_COUNT = 200;

const PREFIXES = [
  'Alpen',
  'Donau',
  'Tiroler',
  'Wiener',
  'Steirische',
  'Kärntner',
  'Bayerische',
  'Hanseatische',
  'Nord',
  'Süd',
  'Inn',
  'Salzach',
  'Isar',
  'Elb',
  'Rhein',
  'Berg',
  'Tal',
  'Wald',
  'See',
  'Main',
];
const TRADES = [
  'Bau',
  'Metall',
  'Holz',
  'Glas',
  'Druck',
  'Elektro',
  'Transport',
  'Reinigung',
  'Software',
  'Beratung',
  'Handel',
  'Gastro',
  'Textil',
  'Papier',
  'Sanitär',
  'Logistik',
  'Werbung',
  'Medien',
];
const FORMS: Record<'AT' | 'DE', string[]> = {
  AT: ['GmbH', 'KG', 'OG', 'e.U.', 'AG', 'GmbH & Co KG'],
  DE: ['GmbH', 'KG', 'AG', 'UG (haftungsbeschränkt)', 'GmbH & Co. KG', 'e.K.'],
};
const PLACES: Record<'AT' | 'DE', Array<[string, string]>> = {
  AT: [
    ['Innsbruck', '6020'],
    ['Salzburg', '5020'],
    ['Linz', '4020'],
    ['Wien', '1010'],
    ['Graz', '8010'],
    ['Krems an der Donau', '3500'],
    ['Villach', '9500'],
    ['Wels', '4600'],
  ],
  DE: [
    ['München', '80331'],
    ['Hamburg', '20095'],
    ['Rosenheim', '83022'],
    ['Passau', '94032'],
    ['Augsburg', '86150'],
    ['Regensburg', '93047'],
  ],
};
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Gewerbepark', 'Marktplatz', 'Am Anger', 'Lindenweg', 'Mühlgasse'];

/** A party as address fields. */
const partyFields = (p: LegalParty): AddressFields => {
  const match = /^(.*?)\s+(GmbH & Co\.? KG|GmbH|AG|KG|OG|e\.U\.|e\.K\.|UG \(haftungsbeschränkt\))$/.exec(p.name);
  return {
    name: p.name,
    legal_form: match?.[2] ?? null,
    street: p.street,
    postcode: p.postcode,
    place: p.city,
    country: p.country,
    vat_id: p.vatId,
    tax_number: null,
    register_number: p.register?.number ?? null,
    ibans: [p.iban],
    email: `buchhaltung@${p.web.replace(/^www\./, '')}`,
    phone: p.phone,
  };
};

/** A generated party (name, place, VAT ID, IBAN... drawn from `prng`): the demo's further addresses and the benchmark's 100,000. */
export function generatedAddressFields(index: number, prng: Prng): AddressFields {
  const country = prng.int(0, 2) === 0 ? 'DE' : 'AT';
  const form = prng.pick(FORMS[country]);
  const name = `${prng.pick(PREFIXES)}${prng.pick(TRADES).toLowerCase()} ${form}`;
  const [place, postcode] = prng.pick(PLACES[country]);
  const bban = country === 'AT' ? `${prng.digits(5)}${prng.digits(11)}` : `${prng.digits(8)}${prng.digits(10)}`;
  const iban = composeIBAN({ countryCode: country, bban });
  return {
    name,
    legal_form: form,
    street: `${prng.pick(STREETS)} ${prng.int(1, 120)}`,
    postcode,
    place,
    country,
    vat_id: index % 5 === 4 ? null : makeVatId(country, prng),
    tax_number: country === 'AT' ? `${prng.digits(2)} ${prng.digits(3)}/${prng.digits(4)}` : null,
    register_number: form === 'e.U.' || form === 'e.K.' ? null : makeRegisterNumber(country, prng),
    ibans: iban && index % 3 !== 2 ? [iban] : [],
    email:
      index % 4 === 0
        ? null
        : `office${index}@${name
            .split(' ')[0]!
            .toLowerCase()
            .replace(/[^a-z]/g, '')}.example`,
    phone: index % 6 === 0 ? null : `+${country === 'AT' ? '43' : '49'} ${prng.digits(3)} ${prng.digits(6)}`,
  };
}

const check = (vatId: string, country: string | null, result: VatCheckResult, fault: string | null, name: string | null): RecordVatCheck['check'] => ({
  vat_id: vatId,
  country,
  result,
  source: result === 'format_error' || result === 'invalid_for_country' ? 'format' : 'vies',
  request_date: result === 'valid' || result === 'invalid' ? '2026-01-05+01:00' : null,
  registered_name: result === 'valid' ? (name?.toUpperCase() ?? null) : null,
  registered_address: null,
  consultation_number: null,
  fault,
});

/**
 * The firm's address database: the demo invoices' suppliers (with a supplier account in each buying client's
 * master data, all in the RPA database, VAT IDs checked valid), then other parties up to 200: some duplicates
 * of suppliers to merge, VAT checks that failed (VIES unavailable), were invalid or did not fit the country.
 */
export const seedDemoAddresses: FeatureSeed = async (seed: SeedContext) => {
  const { runtime, companies, now } = seed;
  const year = now.getUTCFullYear();
  const admin = (step: string) => ({ ...seed.context(null, `addresses:${step}`), userId: seed.userIds.admin ?? 'system' });
  const suppliers = new Map<string, { party: LegalParty; accounts: AddressClientAccounts[] }>();
  for (const company of companies) {
    for (const party of suppliersFor(makeCompany(company.company_no, company.company_name, company.company_place))) {
      const entry = suppliers.get(party.vatId) ?? { party, accounts: [] };
      suppliers.set(party.vatId, entry);
      entry.accounts.push({ client_no: company.company_no, supplier_account: '', customer_account: null });
    }
  }
  let index = 0;
  for (const [vatId, { party, accounts }] of suppliers) {
    const account = String(331000 + index * 10);
    for (const a of accounts) {
      a.supplier_account = account;
      for (const accounting of [year - 1, year]) {
        await runtime.execute(
          accountingDecider,
          accountingStreamId(a.client_no),
          {
            type: 'CreatePersonAccount',
            accounting,
            account,
            name: party.name,
            vat_id: vatId,
            iban: party.iban,
            address: { street: party.street, postcode: party.postcode, city: party.city, country: party.country },
          },
          seed.context(a.client_no, `addresses:account-${a.client_no}-${accounting}-${account}`),
        );
      }
    }
    const id = 100_000 + index;
    await runtime.execute(
      rpaDatabaseDecider,
      RPA_DATABASE_STREAM_ID,
      { type: 'RegisterRpaAddress', addressId: id, name: party.name, vatId },
      admin(`rpa-${id}`),
    );
    await runtime.execute(
      addressDecider,
      addressStreamId(id),
      { type: 'CreateAddress', addressId: id, fields: partyFields(party), accounts },
      admin(`create-${id}`),
    );
    await runtime.execute(
      addressDecider,
      addressStreamId(id),
      { type: 'RecordVatCheck', check: check(vatId, party.country, 'valid', null, party.name) },
      admin(`check-${id}`),
    );
    index++;
  }
  const supplierList = [...suppliers.values()];
  const prng = prngFor('demo-addresses');
  for (let i = index; i < DEMO_ADDRESS_COUNT; i++) {
    const id = 100_000 + i;
    // Every 25th is a duplicate of a supplier as someone typed it again (same VAT ID, shorter name, no IBAN).
    const duplicateOf = i % 25 === 0 ? supplierList[(i / 25) % supplierList.length]?.party : undefined;
    const fields = duplicateOf
      ? { ...partyFields(duplicateOf), name: duplicateOf.name.replace(/\s+(GmbH|AG|KG).*$/, ''), ibans: [], email: null }
      : generatedAddressFields(i, prng);
    await runtime.execute(addressDecider, addressStreamId(id), { type: 'CreateAddress', addressId: id, fields }, admin(`create-${id}`));
    const vat = fields.vat_id;
    if (!vat || i % 3 === 0) continue;
    const outcome: [VatCheckResult, string | null] =
      i % 17 === 1
        ? ['invalid_for_country', `VAT ID of ${vat.slice(0, 2)}`]
        : i % 11 === 1
          ? ['invalid', null]
          : i % 4 === 1
            ? ['check_failed', i % 8 === 1 ? 'MS_UNAVAILABLE' : 'TIMEOUT']
            : ['valid', null];
    const checkedCountry = outcome[0] === 'invalid_for_country' ? (vat.startsWith('AT') ? 'DE' : 'AT') : fields.country;
    await runtime.execute(
      addressDecider,
      addressStreamId(id),
      { type: 'RecordVatCheck', check: check(vat, checkedCountry, outcome[0], outcome[1], fields.name) },
      admin(`check-${id}`),
    );
    // A few further parties the automation should know, beside the suppliers.
    if (i % 9 === 4 && !duplicateOf) {
      await runtime.execute(
        rpaDatabaseDecider,
        RPA_DATABASE_STREAM_ID,
        { type: 'RegisterRpaAddress', addressId: id, name: fields.name, vatId: vat },
        admin(`rpa-${id}`),
      );
    }
  }
};
