import * as catalog from './catalog';
import type { CatalogItem, Sector } from './catalog';
import { makeIban, type Bank } from './iban';
import { prngFor, type Prng } from './prng';
import { makeRegisterNumber, makeVatId } from './vat-ids';

export type Country = 'AT' | 'DE';

export interface Address {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: Country;
}

/** A party with everything an invoice prints about it. */
export interface LegalParty extends Address {
  vatId: string;
  iban: string;
  bic: string;
  bankName: string;
  /** Company register entry, e.g. FN 123456a at Landesgericht Linz or HRB 12345 at Amtsgericht München; absent for sole traders. */
  register?: { number: string; court: string };
  phone: string;
  web: string;
  /** Invoice number template: {YYYY} {YY} {MM} and {n4}..{n10} (a running number of that many digits). */
  numberPattern: string;
  referenceStyle: 'number' | 'customer';
  paymentDays: 14 | 30;
  items: readonly CatalogItem[];
}

interface PartyDefinition {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: Country;
  /** Sectors this supplier serves; absent means every business. */
  sectors?: readonly Sector[];
  /** Only offered to companies in these cities (local utilities). */
  onlyIn?: readonly string[];
  numberPattern: string;
  referenceStyle: 'number' | 'customer';
  paymentDays: 14 | 30;
  items: readonly CatalogItem[];
}

/** Local trades are placed in the company's own town. */
interface LocalTradeDefinition extends Omit<PartyDefinition, 'street' | 'postcode' | 'city'> {
  local: true;
}

interface PlaceInfo {
  city: string;
  postcodes: readonly string[];
  country: Country;
  phoneArea: string;
  streets: readonly string[];
  bank: string;
}

const PLACES: readonly PlaceInfo[] = [
  {
    city: 'Wien',
    postcodes: ['1010', '1030', '1050', '1070', '1100', '1120'],
    country: 'AT',
    phoneArea: '1',
    streets: ['Mariahilfer Straße', 'Landstraßer Hauptstraße', 'Favoritenstraße', 'Wiedner Hauptstraße'],
    bank: 'ERSTE',
  },
  {
    city: 'Innsbruck',
    postcodes: ['6020'],
    country: 'AT',
    phoneArea: '512',
    streets: ['Maria-Theresien-Straße', 'Anichstraße', 'Amraser Straße', 'Museumstraße', 'Höttinger Au'],
    bank: 'TSPK',
  },
  {
    city: 'Salzburg',
    postcodes: ['5020'],
    country: 'AT',
    phoneArea: '662',
    streets: ['Linzer Gasse', 'Ignaz-Harrer-Straße', 'Alpenstraße', 'Vogelweiderstraße', 'Schallmooser Hauptstraße'],
    bank: 'SSPK',
  },
  {
    city: 'Linz',
    postcodes: ['4020', '4030'],
    country: 'AT',
    phoneArea: '732',
    streets: ['Landstraße', 'Wiener Straße', 'Industriezeile', 'Hafenstraße', 'Dametzstraße'],
    bank: 'RLBOOE',
  },
  {
    city: 'Krems an der Donau',
    postcodes: ['3500'],
    country: 'AT',
    phoneArea: '2732',
    streets: ['Obere Landstraße', 'Wiener Straße', 'Ringstraße', 'Hafnerplatz', 'Gartenaugasse'],
    bank: 'RLBNOE',
  },
  {
    city: 'Graz',
    postcodes: ['8010', '8020'],
    country: 'AT',
    phoneArea: '316',
    streets: ['Annenstraße', 'Herrengasse', 'Conrad-von-Hötzendorf-Straße'],
    bank: 'STSPK',
  },
  {
    city: 'München',
    postcodes: ['80331', '80339', '80469', '80636', '81369'],
    country: 'DE',
    phoneArea: '89',
    streets: ['Landsberger Straße', 'Sendlinger Straße', 'Leopoldstraße', 'Lindwurmstraße', 'Schleißheimer Straße'],
    bank: 'SSKM',
  },
  {
    city: 'Hamburg',
    postcodes: ['20095', '20097', '22765', '22083'],
    country: 'DE',
    phoneArea: '40',
    streets: ['Mönckebergstraße', 'Große Bergstraße', 'Steindamm', 'Hamburger Straße', 'Billstraße'],
    bank: 'HASPA',
  },
  {
    city: 'Berlin',
    postcodes: ['10115', '10437', '10969'],
    country: 'DE',
    phoneArea: '30',
    streets: ['Friedrichstraße', 'Schönhauser Allee', 'Oranienstraße'],
    bank: 'DB',
  },
];

const BANKS: Readonly<Record<string, Bank>> = {
  ERSTE: { name: 'Erste Bank der oesterreichischen Sparkassen AG', country: 'AT', code: '20111', bic: 'GIBAATWWXXX' },
  BA: { name: 'UniCredit Bank Austria AG', country: 'AT', code: '12000', bic: 'BKAUATWW' },
  BAWAG: { name: 'BAWAG P.S.K.', country: 'AT', code: '14000', bic: 'BAWAATWW' },
  RLBOOE: { name: 'Raiffeisenlandesbank Oberösterreich AG', country: 'AT', code: '34000', bic: 'RZOOAT2L' },
  OBERBANK: { name: 'Oberbank AG', country: 'AT', code: '15000', bic: 'OBKLAT2L' },
  TSPK: { name: 'Tiroler Sparkasse', country: 'AT', code: '20503', bic: 'SPIHAT22XXX' },
  SSPK: { name: 'Salzburger Sparkasse Bank AG', country: 'AT', code: '20404', bic: 'SBGSAT2SXXX' },
  STSPK: { name: 'Steiermärkische Sparkasse', country: 'AT', code: '20815', bic: 'STSPAT2GXXX' },
  RLBNOE: { name: 'Raiffeisenlandesbank NÖ-Wien AG', country: 'AT', code: '32000', bic: 'RLNWATWW' },
  DB: { name: 'Deutsche Bank AG', country: 'DE', code: '10070000', bic: 'DEUTDEBBXXX' },
  COBA: { name: 'Commerzbank AG', country: 'DE', code: '50040000', bic: 'COBADEFFXXX' },
  POSTBANK: { name: 'Postbank', country: 'DE', code: '20010020', bic: 'PBNKDEFFXXX' },
  SSKM: { name: 'Stadtsparkasse München', country: 'DE', code: '70150000', bic: 'SSKMDEMMXXX' },
  HASPA: { name: 'Hamburger Sparkasse', country: 'DE', code: '20050550', bic: 'HASPDEHHXXX' },
  HVB: { name: 'UniCredit Bank GmbH (HypoVereinsbank)', country: 'DE', code: '70020270', bic: 'HYVEDEMMXXX' },
  KSKB: { name: 'Sparkasse KölnBonn', country: 'DE', code: '37050198', bic: 'COLSDE33XXX' },
  LBBW: { name: 'Landesbank Baden-Württemberg', country: 'DE', code: '60050101', bic: 'SOLADEST600' },
};
const AT_BANKS = ['ERSTE', 'BA', 'BAWAG', 'RLBOOE', 'OBERBANK', 'RLBNOE'];
const DE_BANKS = ['DB', 'COBA', 'POSTBANK', 'HVB', 'KSKB', 'LBBW'];

const PHONE_AREAS: Readonly<Record<string, string>> = {
  Vösendorf: '1',
  Sattledt: '7244',
  Böheimkirchen: '2743',
  Kremsmünster: '7583',
  Asten: '7224',
  Dürnstein: '2711',
  'St. Willibald': '7762',
  Bonn: '228',
  Düsseldorf: '211',
  Künzelsau: '7940',
  Gunzenhausen: '9831',
  Nürnberg: '911',
  Montabaur: '2602',
  Bochum: '234',
};

const SUPPLIERS: readonly (PartyDefinition | LocalTradeDefinition)[] = [
  {
    name: 'Metro Cash & Carry Österreich GmbH',
    street: 'Metro-Platz 1',
    postcode: '2331',
    city: 'Vösendorf',
    country: 'AT',
    sectors: ['gastro', 'bakery', 'winery'],
    numberPattern: '{n4}/{n6}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: [...catalog.gastroWholesale, ...catalog.groceriesAT.slice(3)],
  },
  {
    name: 'Brau Union Österreich AG',
    street: 'Poschacherstraße 35',
    postcode: '4020',
    city: 'Linz',
    country: 'AT',
    sectors: ['gastro'],
    numberPattern: '9{n8}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.beverages,
  },
  {
    name: 'A1 Telekom Austria AG',
    street: 'Lassallestraße 9',
    postcode: '1020',
    city: 'Wien',
    country: 'AT',
    numberPattern: '70{n8}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.telecomAT,
  },
  {
    name: 'Hofer KG',
    street: 'Hofer Straße 1',
    postcode: '4642',
    city: 'Sattledt',
    country: 'AT',
    sectors: ['gastro', 'bakery', 'logistics', 'winery'],
    numberPattern: 'RE-{YYYY}-{n5}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.groceriesAT,
  },
  {
    name: 'Würth Handelsges.m.b.H.',
    street: 'Würth Straße 1',
    postcode: '3071',
    city: 'Böheimkirchen',
    country: 'AT',
    sectors: ['logistics', 'winery', 'gastro'],
    numberPattern: '{n10}',
    referenceStyle: 'customer',
    paymentDays: 30,
    items: catalog.toolsAT,
  },
  {
    name: 'Energie AG Oberösterreich Vertrieb GmbH',
    street: 'Böhmerwaldstraße 3',
    postcode: '4020',
    city: 'Linz',
    country: 'AT',
    onlyIn: ['Linz', 'Salzburg'],
    numberPattern: '{YYYY}/{n6}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.energyAT,
  },
  {
    name: 'TIWAG-Tiroler Wasserkraft AG',
    street: 'Eduard-Wallnöfer-Platz 2',
    postcode: '6020',
    city: 'Innsbruck',
    country: 'AT',
    onlyIn: ['Innsbruck'],
    numberPattern: '{YY}{n7}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.energyAT,
  },
  {
    name: 'EVN Energievertrieb GmbH & Co KG',
    street: 'EVN Platz 1',
    postcode: '2344',
    city: 'Maria Enzersdorf',
    country: 'AT',
    onlyIn: ['Krems an der Donau', 'Wien'],
    numberPattern: '{n10}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.energyAT,
  },
  {
    name: 'Spar Österreichische Warenhandels-AG',
    street: 'Europastraße 3',
    postcode: '5015',
    city: 'Salzburg',
    country: 'AT',
    sectors: ['gastro', 'bakery', 'winery'],
    numberPattern: 'R{YY}-{n6}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.groceriesAT,
  },
  {
    name: 'Bürobedarf Schreiber GmbH',
    street: 'Mariahilfer Straße 88',
    postcode: '1070',
    city: 'Wien',
    country: 'AT',
    numberPattern: 'RE-{YYYY}-{n5}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.officeItems,
  },
  {
    name: 'OMV Downstream GmbH',
    street: 'Trabrennstraße 6-8',
    postcode: '1020',
    city: 'Wien',
    country: 'AT',
    sectors: ['logistics', 'winery'],
    numberPattern: 'INV-{n6}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.fuelAT,
  },
  {
    name: 'ASFINAG Maut Service GmbH',
    street: 'Schnirchgasse 17',
    postcode: '1030',
    city: 'Wien',
    country: 'AT',
    sectors: ['logistics'],
    numberPattern: '{YYYY}{n8}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.tollItems,
  },
  {
    name: 'Truck Service Hinterberger GmbH',
    street: 'Industriestraße 14',
    postcode: '4481',
    city: 'Asten',
    country: 'AT',
    sectors: ['logistics'],
    numberPattern: '{YYYY}/{n4}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.truckService,
  },
  {
    name: 'Mühle Aigner GmbH',
    street: 'Mühlenweg 4',
    postcode: '4762',
    city: 'St. Willibald',
    country: 'AT',
    sectors: ['bakery'],
    numberPattern: 'AR{YY}{n5}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.flourItems,
  },
  {
    name: 'Vetropack Austria GmbH',
    street: 'Vetropackstraße 1',
    postcode: '4550',
    city: 'Kremsmünster',
    country: 'AT',
    sectors: ['winery'],
    numberPattern: 'INV-{n7}',
    referenceStyle: 'customer',
    paymentDays: 30,
    items: catalog.bottleItems,
  },
  {
    name: 'Lagerhaus Wachau eGen',
    street: 'Hauptstraße 12',
    postcode: '3601',
    city: 'Dürnstein',
    country: 'AT',
    sectors: ['winery'],
    numberPattern: '{n4}/{YYYY}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.farmSupply,
  },
  {
    name: 'Installateur Gruber GmbH',
    country: 'AT',
    local: true,
    numberPattern: '{YYYY}-{n3}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.tradeItemsAT,
  },
  {
    name: 'Malermeister Hofbauer e.U.',
    country: 'AT',
    local: true,
    numberPattern: 'RE {n3}/{YY}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.tradeItemsAT,
  },
  {
    name: 'Reinigungsservice Blitzblank GmbH',
    country: 'AT',
    local: true,
    sectors: ['gastro', 'bakery', 'logistics'],
    numberPattern: 'RE-{YYYY}-{n4}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.cleaningItems,
  },
  {
    name: 'Kfz-Technik Leitner GmbH',
    country: 'AT',
    local: true,
    sectors: ['logistics', 'winery', 'bakery'],
    numberPattern: 'W{n6}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.truckService,
  },
  {
    name: 'Deutsche Telekom AG',
    street: 'Friedrich-Ebert-Allee 140',
    postcode: '53113',
    city: 'Bonn',
    country: 'DE',
    numberPattern: '{n12}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.telecomDE,
  },
  {
    name: 'Vodafone GmbH',
    street: 'Ferdinand-Braun-Platz 1',
    postcode: '40549',
    city: 'Düsseldorf',
    country: 'DE',
    numberPattern: '{n10}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.telecomDE2,
  },
  {
    name: 'Stadtwerke München GmbH',
    street: 'Emmy-Noether-Straße 2',
    postcode: '80992',
    city: 'München',
    country: 'DE',
    onlyIn: ['München'],
    numberPattern: '{n10}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.energyDE,
  },
  {
    name: 'Hamburger Energiewerke GmbH',
    street: 'Überseering 12',
    postcode: '22297',
    city: 'Hamburg',
    country: 'DE',
    onlyIn: ['Hamburg'],
    numberPattern: '{YYYY}{n7}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.energyDE,
  },
  {
    name: 'METRO Deutschland GmbH',
    street: 'Metro-Straße 1',
    postcode: '40235',
    city: 'Düsseldorf',
    country: 'DE',
    numberPattern: '{n3}/{n4}/{n6}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.groceriesDE,
  },
  {
    name: 'Adolf Würth GmbH & Co. KG',
    street: 'Reinhold-Würth-Straße 12-17',
    postcode: '74653',
    city: 'Künzelsau',
    country: 'DE',
    sectors: ['electrical'],
    numberPattern: '{n10}',
    referenceStyle: 'customer',
    paymentDays: 30,
    items: catalog.toolsDE,
  },
  {
    name: 'Elektrogroßhandel Brandl GmbH',
    street: 'Landsberger Straße 302',
    postcode: '80687',
    city: 'München',
    country: 'DE',
    sectors: ['electrical'],
    numberPattern: 'RE-{YYYY}-{n5}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.electricalWholesale,
  },
  {
    name: 'Hetzner Online GmbH',
    street: 'Industriestr. 25',
    postcode: '91710',
    city: 'Gunzenhausen',
    country: 'DE',
    sectors: ['software'],
    numberPattern: 'R{n10}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.hostingItems,
  },
  {
    name: 'IONOS SE',
    street: 'Elgendorfer Str. 57',
    postcode: '56410',
    city: 'Montabaur',
    country: 'DE',
    sectors: ['software', 'electrical'],
    numberPattern: '{n12}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.webHostingItems,
  },
  {
    name: 'DATEV eG',
    street: 'Paumgartnerstr. 6-14',
    postcode: '90429',
    city: 'Nürnberg',
    country: 'DE',
    numberPattern: '{n8}',
    referenceStyle: 'customer',
    paymentDays: 30,
    items: catalog.accountingSoftware,
  },
  {
    name: 'Papier & Büro Hansen GmbH',
    street: 'Steindamm 21',
    postcode: '20099',
    city: 'Hamburg',
    country: 'DE',
    numberPattern: 'INV-{n5}',
    referenceStyle: 'number',
    paymentDays: 30,
    items: catalog.officeItems,
  },
  {
    name: 'Aral Aktiengesellschaft',
    street: 'Wittener Straße 45',
    postcode: '44789',
    city: 'Bochum',
    country: 'DE',
    sectors: ['electrical'],
    numberPattern: '{YYYY}/{n4}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.fuelDE,
  },
  {
    name: 'Sanitär Schmid GmbH',
    country: 'DE',
    local: true,
    numberPattern: '{YYYY}-{n4}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.tradeItemsDE,
  },
  {
    name: 'Malerbetrieb Krüger',
    country: 'DE',
    local: true,
    numberPattern: 'RE {n3}/{YYYY}',
    referenceStyle: 'number',
    paymentDays: 14,
    items: catalog.tradeItemsDE,
  },
  {
    name: 'Gebäudereinigung Sauber & Co. GmbH',
    country: 'DE',
    local: true,
    numberPattern: 'R-{YY}-{n4}',
    referenceStyle: 'customer',
    paymentDays: 14,
    items: catalog.cleaningItems,
  },
];

const CUSTOMER_NAMES: Readonly<Record<Country, readonly string[]>> = {
  AT: [
    'Autohaus Pichler GmbH',
    'Kanzlei Dr. Wallner Rechtsanwälte GmbH',
    'Hotel Goldener Hirsch Betriebs GmbH',
    'Bergbahnen Service GmbH',
    'Stadtgemeinde Service GmbH',
    'Ing. Mayr Bau GmbH & Co KG',
    'Gasthof zur Post Huber KG',
    'Alpen Sport Handels GmbH',
    'Vinothek Donaublick OG',
    'Feinkost Leitgeb e.U.',
  ],
  DE: [
    'Autohaus Berger GmbH',
    'Kanzlei Hoffmann & Partner mbB',
    'Hotel Vier Jahreszeiten Betriebs GmbH',
    'Wohnungsbau Nord eG',
    'Praxis Dr. Schulte',
    'Bauunternehmung Meier GmbH & Co. KG',
    'Gasthaus zum Hirschen GmbH',
    'Medien Agentur Küste GmbH',
    'Schulverein Elbe e. V.',
    'Immobilien Brandt GmbH',
  ],
};

export function sectorOf(companyName: string): Sector {
  const n = companyName.toLowerCase();
  if (/gastro|restaurant|hotel|gasthof|café|cafe/.test(n)) return 'gastro';
  if (/bäckerei|baeckerei|konditor/.test(n)) return 'bakery';
  if (/logistik|spedition|transport/.test(n)) return 'logistics';
  if (/elektro/.test(n)) return 'electrical';
  if (/software|it\b|digital/.test(n)) return 'software';
  if (/weingut|winzer|wein/.test(n)) return 'winery';
  return 'gastro';
}

export function placeOf(place: string): PlaceInfo {
  const known = PLACES.find((p) => p.city.toLowerCase() === place.trim().toLowerCase());
  if (known) return known;
  const prng = prngFor('place', place);
  return {
    city: place,
    postcodes: [String(prng.int(1100, 9999))],
    country: 'AT',
    phoneArea: String(prng.int(2200, 7999)),
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Kirchengasse'],
    bank: 'ERSTE',
  };
}

function registerFor(name: string, city: string, postcode: string, country: Country, prng: Prng): LegalParty['register'] {
  if (country === 'AT') {
    const courts: Record<string, string> = {
      '1': 'Handelsgericht Wien',
      '2': 'Landesgericht Wiener Neustadt',
      '3': 'Landesgericht St. Pölten',
      '4': 'Landesgericht Linz',
      '5': 'Landesgericht Salzburg',
      '6': 'Landesgericht Innsbruck',
      '8': 'Landesgericht für ZRS Graz',
    };
    const court = postcode.startsWith('35')
      ? 'Landesgericht Krems'
      : postcode.startsWith('46') || postcode.startsWith('47')
        ? 'Landesgericht Wels'
        : (courts[postcode[0]] ?? 'Landesgericht Linz');
    return { number: makeRegisterNumber('AT', prng), court };
  }
  if (!/\b(GmbH|AG|SE|UG|KG|eG|mbB)\b|Aktiengesellschaft/.test(name)) return undefined;
  const court = city === 'Künzelsau' ? 'Stuttgart' : city === 'Gunzenhausen' ? 'Ansbach' : city === 'Bochum' ? 'Bochum' : city;
  const amtsgericht = `Amtsgericht ${court}`;
  if (/\beG\b/.test(name)) return { number: `GnR ${prng.int(100, 999)}`, court: amtsgericht };
  // A GmbH & Co. KG is still a partnership and is entered in section A.
  if (/\bKG\b/.test(name)) return { number: `HRA ${prng.int(1000, 99999)}`, court: amtsgericht };
  return { number: makeRegisterNumber('DE', prng), court: amtsgericht };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/\b(gmbh|ag|kg|se|eu|egen|eg|gesmbh|handelsges\.m\.b\.h\.|co|aktiengesellschaft|og)\b/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .slice(0, 2)
    .join('-');
}

function phoneFor(country: Country, area: string, prng: Prng): string {
  return `${country === 'AT' ? '+43' : '+49'} ${area} ${prng.int(20, 99)} ${prng.digits(2)} ${prng.digits(2)}${prng.chance(0.5) ? `-${prng.int(0, 9)}` : ''}`;
}

/** Legal details (VAT id, IBAN, register) depend only on the name, so a supplier looks the same for every company and seed. */
function toLegalParty(def: Omit<PartyDefinition, 'sectors' | 'onlyIn'>, bankKey?: string): LegalParty {
  const prng = prngFor('party', def.name, def.city);
  const bank = BANKS[bankKey ?? prng.pick(def.country === 'AT' ? AT_BANKS : DE_BANKS)];
  const account = `${prng.int(1, 9)}${prng.digits(bank.country === 'AT' ? 10 : 9)}`;
  const area = PHONE_AREAS[def.city] ?? PLACES.find((p) => p.city === def.city)?.phoneArea ?? String(prng.int(2200, 7999));
  return {
    name: def.name,
    street: def.street,
    postcode: def.postcode,
    city: def.city,
    country: def.country,
    vatId: makeVatId(def.country, prng),
    iban: makeIban(bank, account),
    bic: bank.bic,
    bankName: bank.name,
    register: registerFor(def.name, def.city, def.postcode, def.country, prng),
    phone: phoneFor(def.country, area, prng),
    web: `www.${slug(def.name)}.${def.country.toLowerCase()}`,
    numberPattern: def.numberPattern,
    referenceStyle: def.referenceStyle,
    paymentDays: def.paymentDays,
    items: def.items,
  };
}

function localAddress(name: string, place: PlaceInfo): Pick<Address, 'street' | 'postcode' | 'city'> {
  const prng = prngFor('address', name, place.city);
  return { street: `${prng.pick(place.streets)} ${prng.int(1, 140)}`, postcode: prng.pick(place.postcodes), city: place.city };
}

export interface Customer extends Address {
  vatId?: string;
}

export interface DemoCompany {
  party: LegalParty;
  sector: Sector;
  place: PlaceInfo;
}

export function makeCompany(companyNo: number, companyName: string, companyPlace: string): DemoCompany {
  const place = placeOf(companyPlace);
  const sector = sectorOf(companyName);
  const prng = prngFor('company', companyNo);
  const address = localAddress(`${companyName}#${companyNo}`, place);
  const patterns = ['AR-{YYYY}-{n4}', '{YYYY}/{n4}', 'RE{YY}{n4}', 'INV-{YYYY}-{n3}'];
  const party = toLegalParty(
    {
      name: companyName,
      ...address,
      country: place.country,
      numberPattern: prng.pick(patterns),
      referenceStyle: 'number',
      paymentDays: prng.pick([14, 30] as const),
      items: catalog.OWN_ITEMS[sector],
    },
    place.bank,
  );
  return { party, sector, place };
}

/** Suppliers that plausibly bill this company: same country, matching sector or general, local utilities only locally. */
export function suppliersFor(company: DemoCompany): LegalParty[] {
  return SUPPLIERS.filter((s) => s.country === company.place.country)
    .filter((s) => !s.sectors || s.sectors.includes(company.sector))
    .filter((s) => !('onlyIn' in s) || !s.onlyIn || s.onlyIn.includes(company.place.city))
    .map((s) => ('local' in s ? toLegalParty({ ...s, ...localAddress(s.name, company.place) }) : toLegalParty(s)));
}

/** Business customers of the company, in its town or elsewhere in its country. */
export function customersFor(company: DemoCompany): Customer[] {
  const country = company.place.country;
  const places = PLACES.filter((p) => p.country === country);
  return CUSTOMER_NAMES[country].map((name, i) => {
    const place = i % 2 === 0 ? company.place : places[hashIndex(name, places.length)];
    // Doctors' practices and associations usually have no VAT id.
    const vatId = /Praxis|e\. V\./.test(name) ? undefined : makeVatId(country, prngFor('customer', name));
    return { name, country, ...localAddress(name, place), vatId };
  });
}

function hashIndex(text: string, length: number): number {
  return prngFor('idx', text).int(0, length - 1);
}

export { BANKS };
