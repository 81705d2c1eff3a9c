import { composeIBAN, isValidIBAN } from '@portal/domain';
import { checkVAT, countries } from 'jsvat';
import type { Prng } from '@portal/demo-data';

export type VariedCountry = 'DE' | 'AT' | 'NL' | 'BE' | 'FR' | 'IT' | 'GB' | 'IE' | 'IN';

export interface VariedParty {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: VariedCountry;
  /** Absent where the country has no VAT id of the EU kind (India prints a GSTIN instead). */
  vatId?: string;
  gstin?: string;
  iban?: string;
  bic?: string;
  bankName?: string;
  /** German account number and bank code, printed by old-style letterheads beside or instead of the IBAN. */
  account?: { number: string; bankCode: string };
}

interface CountryData {
  companies: readonly string[];
  people: readonly string[];
  streets: readonly string[];
  places: ReadonlyArray<readonly [postcode: string, city: string]>;
  banks: ReadonlyArray<readonly [name: string, bic: string]>;
  /** VAT id body: a pattern of 9 = digit, A = letter, anything else literal. */
  vatBody?: string;
  /** BBAN pattern (same notation); the first group stands for the bank code. */
  bban?: string;
}

const DATA: Record<VariedCountry, CountryData> = {
  DE: {
    companies: [
      'Hanse Datentechnik GmbH',
      'Rheinwerk Elektro GmbH & Co. KG',
      'Nordlicht Hosting GmbH',
      'Bäckerei Krause e.K.',
      'Allgemeine Versicherungs-AG Köln',
      'Tischlerei Brandt GmbH',
      'Kanzlei Weber & Partner mbB',
      'Spree Logistik GmbH',
    ],
    people: ['Petra Schulz', 'Jan Becker', 'Sabine Wolf'],
    streets: ['Hauptstraße 12', 'Industriestraße 7a', 'Am Markt 3', 'Bahnhofstraße 88', 'Lindenallee 21'],
    places: [
      ['50667', 'Köln'],
      ['20095', 'Hamburg'],
      ['04109', 'Leipzig'],
      ['70173', 'Stuttgart'],
      ['90402', 'Nürnberg'],
    ],
    banks: [
      ['Sparkasse KölnBonn', 'COLSDE33XXX'],
      ['Commerzbank AG', 'COBADEFFXXX'],
      ['Volksbank Mittelhessen eG', 'VBMHDE5FXXX'],
    ],
    vatBody: '999999999',
    bban: '999999999999999999',
  },
  AT: {
    companies: ['Alpen Software GmbH', 'Tiroler Versicherung AG', 'Donau Bau GmbH', 'Wiener Druckerei OG'],
    people: ['Andrea Huber', 'Thomas Gruber'],
    streets: ['Mariahilfer Straße 45', 'Museumstraße 9', 'Hafenstraße 2'],
    places: [
      ['1070', 'Wien'],
      ['6020', 'Innsbruck'],
      ['4020', 'Linz'],
    ],
    banks: [
      ['Erste Bank der oesterreichischen Sparkassen AG', 'GIBAATWWXXX'],
      ['Raiffeisenlandesbank Oberösterreich AG', 'RZOOAT2L'],
    ],
    vatBody: 'U99999999',
    bban: '9999999999999999',
  },
  NL: {
    companies: ['Van Dijk Installatietechniek B.V.', 'Noordzee Webdiensten B.V.', 'Bakkerij De Molen V.O.F.', 'Hollandse Verzekeringen N.V.'],
    people: ['Sanne de Vries', 'Pieter Jansen'],
    streets: ['Keizersgracht 112', 'Stationsweg 4', 'Industrieweg 19'],
    places: [
      ['1015 CS', 'Amsterdam'],
      ['3511 AX', 'Utrecht'],
      ['2511 BT', 'Den Haag'],
    ],
    banks: [
      ['ABN AMRO Bank N.V.', 'ABNANL2A'],
      ['ING Bank N.V.', 'INGBNL2A'],
      ['Rabobank', 'RABONL2U'],
    ],
    vatBody: '999999999B99',
    bban: 'AAAA9999999999',
  },
  BE: {
    companies: ['Brabant Consult BV', 'Imprimerie Delvaux SRL', 'Antwerp Freight NV'],
    people: ['Lotte Peeters', 'Marc Dubois'],
    streets: ['Rue de la Loi 16', 'Meir 50', 'Kerkstraat 8'],
    places: [
      ['1000', 'Bruxelles'],
      ['2000', 'Antwerpen'],
      ['9000', 'Gent'],
    ],
    banks: [
      ['BNP Paribas Fortis', 'GEBABEBB'],
      ['KBC Bank', 'KREDBEBB'],
    ],
    vatBody: '0999999999',
    bban: '999999999999',
  },
  FR: {
    companies: ['Atelier Lumière SARL', 'Boulangerie du Centre SAS', 'Transports Moreau SA', 'Assurances Mutuelles de Lyon', 'Hébergement Web Pro SAS'],
    people: ['Camille Martin', 'Julien Bernard'],
    streets: ['12 rue de la République', '5 avenue Jean Jaurès', '48 boulevard Voltaire'],
    places: [
      ['69002', 'Lyon'],
      ['75011', 'Paris'],
      ['33000', 'Bordeaux'],
    ],
    banks: [
      ['Crédit Agricole', 'AGRIFRPP'],
      ['BNP Paribas', 'BNPAFRPP'],
      ['Société Générale', 'SOGEFRPP'],
    ],
    vatBody: '99999999999',
    bban: '99999999999999999999999',
  },
  IT: {
    companies: ['Tipografia Rossi S.r.l.', 'Servizi Informatici Bianchi S.p.A.', 'Ferramenta Colombo S.n.c.', 'Assicurazioni Riunite S.p.A.'],
    people: ['Giulia Ricci', 'Marco Esposito'],
    streets: ['Via Roma 21', 'Corso Vittorio Emanuele 8', 'Via Garibaldi 140'],
    places: [
      ['20121', 'Milano'],
      ['10123', 'Torino'],
      ['40121', 'Bologna'],
    ],
    banks: [
      ['Intesa Sanpaolo', 'BCITITMM'],
      ['UniCredit S.p.A.', 'UNCRITMM'],
    ],
    vatBody: '99999999999',
    bban: 'A9999999999999999999999',
  },
  GB: {
    companies: ['Thames Valley Software Ltd', 'Northern Print Works Ltd', 'Cloudnine Hosting Ltd', 'Albion Insurance plc'],
    people: ['Oliver Smith', 'Emily Taylor'],
    streets: ['14 High Street', '221 Baker Street', 'Unit 5, Riverside Park'],
    places: [
      ['RG1 1AA', 'Reading'],
      ['M1 2AB', 'Manchester'],
      ['EH1 1YZ', 'Edinburgh'],
    ],
    banks: [
      ['Barclays Bank UK PLC', 'BUKBGB22'],
      ['Lloyds Bank plc', 'LOYDGB2L'],
    ],
    vatBody: '999999999',
    bban: 'AAAA99999999999999',
  },
  IE: {
    companies: ['Liffey Web Services Ltd', 'Galway Office Supplies Ltd'],
    people: ['Aoife Murphy', 'Sean Kelly'],
    streets: ['7 Grafton Street', '22 Shop Street'],
    places: [
      ['D02 X285', 'Dublin'],
      ['H91 E2K3', 'Galway'],
    ],
    banks: [
      ['Bank of Ireland', 'BOFIIE2D'],
      ['AIB', 'AIBKIE2D'],
    ],
    vatBody: '9999999A',
    bban: 'AAAA99999999999999',
  },
  IN: {
    companies: ['Shree Ganesh Traders Pvt. Ltd.', 'Bharat Software Solutions Pvt. Ltd.', 'Kaveri Textiles'],
    people: ['Rahul Sharma', 'Priya Nair'],
    streets: ['12, MG Road', 'Plot No. 45, Sector 18', '3rd Floor, Nariman Point'],
    places: [
      ['560001', 'Bengaluru'],
      ['400021', 'Mumbai'],
      ['122015', 'Gurugram'],
    ],
    banks: [
      ['State Bank of India', 'SBININBB'],
      ['HDFC Bank', 'HDFCINBB'],
    ],
  },
};

function fill(pattern: string, prng: Prng): string {
  return pattern.replace(/[9A]/g, (c) => (c === '9' ? String(prng.int(0, 9)) : String.fromCharCode(65 + prng.int(0, 25))));
}

/** A VAT id whose check digits pass (drawn until jsvat accepts it). */
function vatIdFor(country: VariedCountry, prng: Prng): string | undefined {
  const body = DATA[country].vatBody;
  if (!body) return undefined;
  for (let i = 0; i < 5000; i++) {
    const id = `${country}${fill(body, prng)}`;
    if (checkVAT(id, countries).isValid) return id;
  }
  throw new Error(`No valid VAT id drawn for ${country}`);
}

/** An IBAN whose national and ISO 13616 checks pass. */
function ibanFor(country: VariedCountry, prng: Prng): string | undefined {
  const bban = DATA[country].bban;
  if (!bban) return undefined;
  for (let i = 0; i < 5000; i++) {
    const iban = composeIBAN({ countryCode: country, bban: fill(bban, prng) });
    if (iban && isValidIBAN(iban)) return iban;
  }
  throw new Error(`No valid IBAN drawn for ${country}`);
}

/** A GSTIN-shaped id (state code, PAN, entity, Z, check character); printed only, never a VAT id. */
function gstinFor(prng: Prng): string {
  return `${prng.int(10, 36)}${fill('AAAAA9999A', prng)}1Z${fill('9', prng)}`;
}

export function makeParty(country: VariedCountry, prng: Prng, kind: 'company' | 'person' = 'company', name?: string): VariedParty {
  const data = DATA[country];
  const [postcode, city] = prng.pick(data.places);
  const [bankName, bic] = prng.pick(data.banks);
  const iban = ibanFor(country, prng);
  const party: VariedParty = {
    name: name ?? prng.pick(kind === 'company' ? data.companies : data.people),
    street: prng.pick(data.streets),
    postcode,
    city,
    country,
    bankName,
    bic,
  };
  const vatId = vatIdFor(country, prng);
  if (vatId) party.vatId = vatId;
  if (iban) party.iban = iban;
  if (country === 'IN') party.gstin = gstinFor(prng);
  if (country === 'DE' && iban) party.account = { bankCode: iban.slice(4, 12), number: iban.slice(12).replace(/^0+/, '') };
  return party;
}

/** A company name of the country that is not `other`. */
export function otherCompany(country: VariedCountry, other: string, prng: Prng): string {
  const names = DATA[country].companies.filter((n) => n !== other);
  return prng.pick(names);
}

export function companiesOf(country: VariedCountry): readonly string[] {
  return DATA[country].companies;
}
