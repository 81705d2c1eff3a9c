import { makeIban, type Bank } from './iban';
import { prngFor, type Prng } from './prng';
import { makeRegisterNumber, makeVatId } from './vat-ids';

export type Country = 'AT' | 'DE';
export type Sector = 'gastro' | 'bakery' | 'logistics' | 'electrical' | 'software' | 'winery';
export type UnitKey = 'piece' | 'kg' | 'hour' | 'litre' | 'month' | 'pack' | 'bottle' | 'crate' | 'flat' | 'km' | 'pallet' | 'kwh';
/** Standard, reduced (AT 10 %, DE 7 %) or the Austrian special rate of 13 % (falls back to reduced in Germany). */
export type RateKind = 'standard' | 'reduced' | 'special';

export interface CatalogItem {
  de: string;
  en: string;
  unit: UnitKey;
  /** Unit price range in euros. */
  price: readonly [number, number];
  rate: RateKind;
  quantity: readonly [number, number];
  /** Quantities with decimals (kg, hours, litres). */
  fractional?: boolean;
}

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

type Row = [de: string, en: string, unit: UnitKey, min: number, max: number, rate: RateKind, qMin: number, qMax: number, fractional?: boolean];
const items = (...rows: Row[]): CatalogItem[] =>
  rows.map(([de, en, unit, min, max, rate, qMin, qMax, fractional]) => ({ de, en, unit, price: [min, max], rate, quantity: [qMin, qMax], fractional }));

interface PlaceInfo {
  city: string;
  postcodes: readonly string[];
  country: Country;
  phoneArea: string;
  streets: readonly string[];
  bank: string;
}

const PLACES: readonly PlaceInfo[] = [
  { city: 'Wien', postcodes: ['1010', '1030', '1050', '1070', '1100', '1120'], country: 'AT', phoneArea: '1', streets: ['Mariahilfer Straße', 'Landstraßer Hauptstraße', 'Favoritenstraße', 'Wiedner Hauptstraße'], bank: 'ERSTE' },
  { city: 'Innsbruck', postcodes: ['6020'], country: 'AT', phoneArea: '512', streets: ['Maria-Theresien-Straße', 'Anichstraße', 'Amraser Straße', 'Museumstraße', 'Höttinger Au'], bank: 'TSPK' },
  { city: 'Salzburg', postcodes: ['5020'], country: 'AT', phoneArea: '662', streets: ['Linzer Gasse', 'Ignaz-Harrer-Straße', 'Alpenstraße', 'Vogelweiderstraße', 'Schallmooser Hauptstraße'], bank: 'SSPK' },
  { city: 'Linz', postcodes: ['4020', '4030'], country: 'AT', phoneArea: '732', streets: ['Landstraße', 'Wiener Straße', 'Industriezeile', 'Hafenstraße', 'Dametzstraße'], bank: 'RLBOOE' },
  { city: 'Krems an der Donau', postcodes: ['3500'], country: 'AT', phoneArea: '2732', streets: ['Obere Landstraße', 'Wiener Straße', 'Ringstraße', 'Hafnerplatz', 'Gartenaugasse'], bank: 'RLBNOE' },
  { city: 'Graz', postcodes: ['8010', '8020'], country: 'AT', phoneArea: '316', streets: ['Annenstraße', 'Herrengasse', 'Conrad-von-Hötzendorf-Straße'], bank: 'STSPK' },
  { city: 'München', postcodes: ['80331', '80339', '80469', '80636', '81369'], country: 'DE', phoneArea: '89', streets: ['Landsberger Straße', 'Sendlinger Straße', 'Leopoldstraße', 'Lindwurmstraße', 'Schleißheimer Straße'], bank: 'SSKM' },
  { city: 'Hamburg', postcodes: ['20095', '20097', '22765', '22083'], country: 'DE', phoneArea: '40', streets: ['Mönckebergstraße', 'Große Bergstraße', 'Steindamm', 'Hamburger Straße', 'Billstraße'], bank: 'HASPA' },
  { city: 'Berlin', postcodes: ['10115', '10437', '10969'], country: 'DE', phoneArea: '30', streets: ['Friedrichstraße', 'Schönhauser Allee', 'Oranienstraße'], bank: 'DB' },
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
  Vösendorf: '1', Sattledt: '7244', Böheimkirchen: '2743', Kremsmünster: '7583', Asten: '7224', Dürnstein: '2711', 'St. Willibald': '7762',
  Bonn: '228', Düsseldorf: '211', Künzelsau: '7940', Gunzenhausen: '9831', Nürnberg: '911', Montabaur: '2602', Bochum: '234',
};

const telecomAT = items(
  ['A1 Business Internet 150 Mbit/s, Grundentgelt', 'A1 Business Internet 150 Mbit/s, monthly fee', 'month', 39.9, 89.9, 'standard', 1, 1],
  ['A1 Business Mobil Tarif, Grundentgelt', 'A1 Business mobile plan, monthly fee', 'month', 14.9, 39.9, 'standard', 1, 6],
  ['Verbindungsentgelte lt. Einzelentgeltnachweis', 'Call charges as per itemised statement', 'flat', 2.5, 48, 'standard', 1, 1],
  ['Servicepauschale', 'Service fee', 'flat', 2.5, 2.5, 'standard', 1, 1],
);
const officeItems = items(
  ['Kopierpapier A4 80 g (Karton 5 x 500 Bl.)', 'Copy paper A4 80 g (box of 5 x 500 sheets)', 'pack', 21.9, 32.5, 'standard', 1, 6],
  ['Toner HP 59A schwarz', 'Toner HP 59A black', 'piece', 89, 139, 'standard', 1, 2],
  ['Ordner A4 breit, blau', 'Lever arch file A4, blue', 'piece', 2.49, 3.99, 'standard', 5, 20],
  ['Kugelschreiber blau (10 Stk)', 'Ballpoint pens blue (10 pcs)', 'pack', 4.9, 8.9, 'standard', 1, 5],
  ['Haftnotizen 76 x 76 mm gelb', 'Sticky notes 76 x 76 mm yellow', 'pack', 3.2, 6.5, 'standard', 2, 10],
  ['Briefumschläge C4 mit Fenster (250 Stk)', 'Envelopes C4 with window (250 pcs)', 'pack', 18.5, 29.9, 'standard', 1, 3],
);
const groceriesAT = items(
  ['Vollmilch 3,5 % 1 l', 'Whole milk 3.5 % 1 l', 'piece', 0.99, 1.49, 'reduced', 12, 60],
  ['Butter 250 g', 'Butter 250 g', 'piece', 2.49, 3.29, 'reduced', 10, 40],
  ['Eier Freiland Gr. M (10 Stk)', 'Free-range eggs size M (10 pcs)', 'pack', 2.99, 4.49, 'reduced', 5, 30],
  ['Kaffee Crema Bohnen 1 kg', 'Coffee beans crema 1 kg', 'pack', 12.9, 19.9, 'reduced', 2, 10],
  ['Mineralwasser prickelnd 1,5 l', 'Sparkling mineral water 1.5 l', 'bottle', 0.39, 0.79, 'standard', 12, 72],
  ['Spülmittel Profi 5 l', 'Dishwashing liquid professional 5 l', 'piece', 9.9, 16.9, 'standard', 1, 4],
  ['Küchenrolle (8 Rollen)', 'Kitchen towels (8 rolls)', 'pack', 4.49, 7.99, 'standard', 2, 8],
);
const gastroWholesale = items(
  ['Rindsschnitzel frisch', 'Beef escalope, fresh', 'kg', 18.9, 26.9, 'reduced', 2, 15, true],
  ['Mozzarella Block 1 kg', 'Mozzarella block 1 kg', 'pack', 7.9, 11.5, 'reduced', 2, 12],
  ['Frittieröl 10 l', 'Frying oil 10 l', 'piece', 19.9, 34.9, 'reduced', 1, 4],
  ['Coca-Cola 0,33 l (24er Tray)', 'Coca-Cola 0.33 l (tray of 24)', 'pack', 14.9, 21.9, 'standard', 2, 10],
  ['Servietten weiß 33 x 33 cm (250 Stk)', 'Napkins white 33 x 33 cm (250 pcs)', 'pack', 4.9, 8.9, 'standard', 2, 10],
  ['Speisekartoffeln festkochend', 'Potatoes, waxy', 'kg', 0.89, 1.49, 'reduced', 10, 50, true],
  ['Schnittblumen Tischdekoration', 'Cut flowers for table decoration', 'flat', 25, 85, 'special', 1, 1],
);
const beverages = items(
  ['Gösser Märzen Fass 50 l', 'Gösser Märzen keg 50 l', 'piece', 139, 169, 'standard', 1, 6],
  ['Zipfer Urtyp 0,5 l (Kiste 20 Fl.)', 'Zipfer Urtyp 0.5 l (crate of 20 bottles)', 'crate', 24.9, 31.9, 'standard', 2, 20],
  ['Puntigamer 0,33 l (Kiste 24 Fl.)', 'Puntigamer 0.33 l (crate of 24 bottles)', 'crate', 22.9, 28.9, 'standard', 1, 10],
  ['Schankanlagen-Service', 'Beer tap maintenance', 'flat', 79, 129, 'standard', 1, 1],
);
const toolsAT = items(
  ['Schrauben ASSY 4 x 40 (200 Stk)', 'Screws ASSY 4 x 40 (200 pcs)', 'pack', 12.9, 19.9, 'standard', 1, 5],
  ['Bremsenreiniger 500 ml', 'Brake cleaner 500 ml', 'piece', 4.9, 7.9, 'standard', 6, 24],
  ['Arbeitshandschuhe Gr. 10', 'Work gloves size 10', 'piece', 3.9, 9.9, 'standard', 5, 20],
  ['Kabelbinder 4,8 x 200 mm (100 Stk)', 'Cable ties 4.8 x 200 mm (100 pcs)', 'pack', 5.9, 9.9, 'standard', 1, 10],
  ['Akku-Bohrschrauber 18 V', 'Cordless drill 18 V', 'piece', 189, 289, 'standard', 1, 1],
);
const energyAT = items(
  ['Strom Energiepreis', 'Electricity, energy price', 'kwh', 0.14, 0.24, 'standard', 800, 6500],
  ['Grundpreis', 'Standing charge', 'month', 4.9, 9.9, 'standard', 1, 3],
  ['Netznutzungsentgelt', 'Grid usage charge', 'flat', 38, 240, 'standard', 1, 1],
  ['Elektrizitätsabgabe', 'Electricity levy', 'flat', 1.2, 98, 'standard', 1, 1],
);
const fuelAT = items(
  ['Diesel', 'Diesel', 'litre', 1.39, 1.79, 'standard', 180, 1400, true],
  ['AdBlue', 'AdBlue', 'litre', 0.59, 0.99, 'standard', 20, 160, true],
  ['Autowäsche Lkw', 'Truck wash', 'piece', 39, 79, 'standard', 1, 4],
);
const tradeItemsAT = items(
  ['Arbeitszeit Monteur', 'Labour, technician', 'hour', 62, 89, 'standard', 1, 12, true],
  ['Anfahrtspauschale', 'Call-out charge', 'flat', 35, 65, 'standard', 1, 1],
  ['Material lt. Aufstellung', 'Material as per list', 'flat', 18, 640, 'standard', 1, 1],
  ['Kleinmaterial', 'Small parts', 'flat', 8.5, 35, 'standard', 1, 1],
);
const truckService = items(
  ['Wartung Lkw 60.000 km', 'Truck service 60,000 km', 'flat', 480, 980, 'standard', 1, 1],
  ['Lkw-Reifen 315/70 R22.5', 'Truck tyre 315/70 R22.5', 'piece', 389, 529, 'standard', 2, 6],
  ['Reifenmontage und Auswuchten', 'Tyre fitting and balancing', 'piece', 29, 45, 'standard', 2, 6],
  ['Werkstattstunde', 'Workshop hour', 'hour', 98, 128, 'standard', 1, 8, true],
);
const tollItems = items(
  ['Maut Lkw lt. Fahrtenliste', 'Truck toll as per trip list', 'flat', 120, 2400, 'standard', 1, 1],
  ['GO-Box Gebühr', 'GO-Box fee', 'piece', 5, 5, 'standard', 1, 4],
);
const flourItems = items(
  ['Weizenmehl Type 700', 'Wheat flour type 700', 'kg', 0.52, 0.78, 'reduced', 250, 1500],
  ['Roggenmehl Type 960', 'Rye flour type 960', 'kg', 0.58, 0.86, 'reduced', 100, 600],
  ['Hefe frisch 1 kg', 'Fresh yeast 1 kg', 'pack', 2.9, 4.5, 'reduced', 5, 30],
  ['Sonnenblumenkerne 5 kg', 'Sunflower seeds 5 kg', 'pack', 14.9, 22.9, 'reduced', 1, 8],
  ['Backpapier 60 x 40 cm (500 Bl.)', 'Baking paper 60 x 40 cm (500 sheets)', 'pack', 24.9, 39.9, 'standard', 1, 3],
);
const bottleItems = items(
  ['Weinflasche Schlegel 0,75 l, Palette', 'Wine bottle Schlegel 0.75 l, pallet', 'pallet', 420, 690, 'standard', 1, 4],
  ['Drehverschluss 30 x 60 (1.000 Stk)', 'Screw caps 30 x 60 (1,000 pcs)', 'pack', 89, 139, 'standard', 1, 6],
  ['Weinkarton 6er', 'Wine carton for 6 bottles', 'piece', 0.89, 1.49, 'standard', 100, 800],
);
const farmSupply = items(
  ['Rebschnur 3 mm (500 m)', 'Vine twine 3 mm (500 m)', 'piece', 12.9, 19.9, 'standard', 2, 12],
  ['Pflanzenschutzmittel Kupfer 5 kg', 'Copper fungicide 5 kg', 'pack', 69, 119, 'standard', 1, 4],
  ['Rebstöcke Grüner Veltliner (veredelt)', 'Grapevine plants Grüner Veltliner (grafted)', 'piece', 2.9, 4.2, 'special', 50, 600],
  ['Brennholz Buche, Raummeter', 'Beech firewood, stacked cubic metre', 'piece', 95, 125, 'special', 1, 6],
  ['Diesel', 'Diesel', 'litre', 1.39, 1.79, 'standard', 60, 400, true],
);
const cleaningItems = items(
  ['Unterhaltsreinigung lt. Vertrag', 'Regular cleaning as per contract', 'month', 240, 980, 'standard', 1, 1],
  ['Fensterreinigung', 'Window cleaning', 'flat', 90, 380, 'standard', 1, 1],
  ['Grundreinigung Küche', 'Deep cleaning, kitchen', 'hour', 29, 39, 'standard', 4, 16, true],
);
const telecomDE = items(
  ['MagentaBusiness Internet L, Grundpreis', 'MagentaBusiness Internet L, monthly fee', 'month', 44.95, 69.95, 'standard', 1, 1],
  ['Business Mobil M, Grundpreis', 'Business mobile M, monthly fee', 'month', 19.95, 44.95, 'standard', 1, 8],
  ['Verbindungen lt. Einzelverbindungsnachweis', 'Calls as per itemised statement', 'flat', 1.5, 39, 'standard', 1, 1],
);
const telecomDE2 = items(
  ['Red Business Prime, Grundgebühr', 'Red Business Prime, monthly fee', 'month', 29.99, 59.99, 'standard', 1, 6],
  ['Kabel-Internet Business 500, Grundgebühr', 'Cable internet business 500, monthly fee', 'month', 39.99, 59.99, 'standard', 1, 1],
  ['Roaming EU-Zone', 'Roaming EU zone', 'flat', 0.5, 19.9, 'standard', 1, 1],
);
const energyDE = items(
  ['Strom Arbeitspreis', 'Electricity, unit price', 'kwh', 0.22, 0.34, 'standard', 600, 5200],
  ['Grundpreis Strom', 'Electricity standing charge', 'month', 9.9, 15.9, 'standard', 1, 3],
  ['Fernwärme Arbeitspreis', 'District heating, unit price', 'kwh', 0.09, 0.16, 'reduced', 1000, 8000],
);
const groceriesDE = items(
  ['Kaffee Crema Bohnen 1 kg', 'Coffee beans crema 1 kg', 'pack', 13.9, 21.9, 'reduced', 2, 8],
  ['Milch 1,5 % 1 l', 'Milk 1.5 % 1 l', 'piece', 0.99, 1.39, 'reduced', 12, 48],
  ['Mineralwasser Medium 0,7 l (Kiste)', 'Mineral water medium 0.7 l (crate)', 'crate', 5.9, 8.9, 'standard', 2, 10],
  ['Spülmaschinentabs (100 Stk)', 'Dishwasher tablets (100 pcs)', 'pack', 11.9, 19.9, 'standard', 1, 4],
  ['Müllbeutel 120 l (25 Stk)', 'Refuse sacks 120 l (25 pcs)', 'pack', 5.9, 9.9, 'standard', 2, 8],
);
const toolsDE = items(
  ['Holzbauschrauben ASSY 6 x 80 (100 Stk)', 'Timber screws ASSY 6 x 80 (100 pcs)', 'pack', 14.9, 24.9, 'standard', 1, 6],
  ['Wago Verbindungsklemme 221-413 (50 Stk)', 'Wago splicing connector 221-413 (50 pcs)', 'pack', 16.9, 24.9, 'standard', 1, 8],
  ['Isolierband schwarz 19 mm', 'Insulating tape black 19 mm', 'piece', 1.2, 2.4, 'standard', 10, 40],
  ['Arbeitshose Gr. 52', 'Work trousers size 52', 'piece', 39.9, 69.9, 'standard', 1, 4],
);
const electricalWholesale = items(
  ['Mantelleitung NYM-J 3 x 1,5 mm, Ring 100 m', 'Sheathed cable NYM-J 3 x 1.5 mm, 100 m coil', 'piece', 64, 98, 'standard', 1, 10],
  ['Schuko-Steckdose UP reinweiß', 'Schuko socket flush-mounted, pure white', 'piece', 3.9, 7.9, 'standard', 10, 60],
  ['FI-Schutzschalter 40 A 30 mA', 'RCD 40 A 30 mA', 'piece', 29.9, 49.9, 'standard', 1, 10],
  ['LED-Panel 62 x 62 cm 36 W', 'LED panel 62 x 62 cm 36 W', 'piece', 34.9, 59.9, 'standard', 2, 24],
  ['Leitungsschutzschalter B16 1-polig', 'Circuit breaker B16 single-pole', 'piece', 3.2, 6.8, 'standard', 6, 48],
);
const hostingItems = items(
  ['Dedicated Server AX52', 'Dedicated server AX52', 'month', 59, 64, 'standard', 1, 3],
  ['Cloud Server CX32', 'Cloud server CX32', 'month', 6.8, 7.5, 'standard', 1, 8],
  ['Storage Box BX21 (5 TB)', 'Storage box BX21 (5 TB)', 'month', 10.9, 12.9, 'standard', 1, 2],
  ['Zusätzliche IPv4-Adresse', 'Additional IPv4 address', 'month', 1.7, 1.7, 'standard', 1, 4],
);
const webHostingItems = items(
  ['Domain .de, Jahresgebühr', 'Domain .de, annual fee', 'piece', 12, 12, 'standard', 1, 5],
  ['Microsoft 365 Business Standard', 'Microsoft 365 Business Standard', 'month', 11.7, 12.5, 'standard', 1, 10],
  ['Webhosting Business', 'Web hosting business', 'month', 8, 16, 'standard', 1, 1],
);
const accountingSoftware = items(
  ['DATEV Unternehmen online, Grundpaket', 'DATEV Unternehmen online, base package', 'month', 14.5, 21, 'standard', 1, 1],
  ['DATEV Belegbilderservice Rechnungswesen', 'DATEV document image service', 'month', 4.2, 9.8, 'standard', 1, 1],
  ['Nutzungsentgelt Rechenzentrum', 'Data centre usage fee', 'flat', 2.1, 12.5, 'standard', 1, 1],
);
const fuelDE = items(
  ['Diesel', 'Diesel', 'litre', 1.55, 1.89, 'standard', 40, 420, true],
  ['Super E10', 'Petrol Super E10', 'litre', 1.65, 1.95, 'standard', 30, 180, true],
  ['Fahrzeugwäsche Premium', 'Car wash premium', 'piece', 14.9, 19.9, 'standard', 1, 4],
);
const tradeItemsDE = items(
  ['Arbeitszeit Geselle', 'Labour, journeyman', 'hour', 58, 76, 'standard', 1, 10, true],
  ['Anfahrtspauschale', 'Call-out charge', 'flat', 29, 55, 'standard', 1, 1],
  ['Material lt. Aufstellung', 'Material as per list', 'flat', 15, 520, 'standard', 1, 1],
);

const SUPPLIERS: readonly (PartyDefinition | LocalTradeDefinition)[] = [
  { name: 'Metro Cash & Carry Österreich GmbH', street: 'Metro-Platz 1', postcode: '2331', city: 'Vösendorf', country: 'AT', sectors: ['gastro', 'bakery', 'winery'], numberPattern: '{n4}/{n6}', referenceStyle: 'customer', paymentDays: 14, items: [...gastroWholesale, ...groceriesAT.slice(3)] },
  { name: 'Brau Union Österreich AG', street: 'Poschacherstraße 35', postcode: '4020', city: 'Linz', country: 'AT', sectors: ['gastro'], numberPattern: '9{n8}', referenceStyle: 'number', paymentDays: 30, items: beverages },
  { name: 'A1 Telekom Austria AG', street: 'Lassallestraße 9', postcode: '1020', city: 'Wien', country: 'AT', numberPattern: '70{n8}', referenceStyle: 'customer', paymentDays: 14, items: telecomAT },
  { name: 'Hofer KG', street: 'Hofer Straße 1', postcode: '4642', city: 'Sattledt', country: 'AT', sectors: ['gastro', 'bakery', 'logistics', 'winery'], numberPattern: 'RE-{YYYY}-{n5}', referenceStyle: 'number', paymentDays: 14, items: groceriesAT },
  { name: 'Würth Handelsges.m.b.H.', street: 'Würth Straße 1', postcode: '3071', city: 'Böheimkirchen', country: 'AT', sectors: ['logistics', 'winery', 'gastro'], numberPattern: '{n10}', referenceStyle: 'customer', paymentDays: 30, items: toolsAT },
  { name: 'Energie AG Oberösterreich Vertrieb GmbH', street: 'Böhmerwaldstraße 3', postcode: '4020', city: 'Linz', country: 'AT', onlyIn: ['Linz', 'Salzburg'], numberPattern: '{YYYY}/{n6}', referenceStyle: 'customer', paymentDays: 14, items: energyAT },
  { name: 'TIWAG-Tiroler Wasserkraft AG', street: 'Eduard-Wallnöfer-Platz 2', postcode: '6020', city: 'Innsbruck', country: 'AT', onlyIn: ['Innsbruck'], numberPattern: '{YY}{n7}', referenceStyle: 'customer', paymentDays: 14, items: energyAT },
  { name: 'EVN Energievertrieb GmbH & Co KG', street: 'EVN Platz 1', postcode: '2344', city: 'Maria Enzersdorf', country: 'AT', onlyIn: ['Krems an der Donau', 'Wien'], numberPattern: '{n10}', referenceStyle: 'customer', paymentDays: 14, items: energyAT },
  { name: 'Spar Österreichische Warenhandels-AG', street: 'Europastraße 3', postcode: '5015', city: 'Salzburg', country: 'AT', sectors: ['gastro', 'bakery', 'winery'], numberPattern: 'R{YY}-{n6}', referenceStyle: 'number', paymentDays: 14, items: groceriesAT },
  { name: 'Bürobedarf Schreiber GmbH', street: 'Mariahilfer Straße 88', postcode: '1070', city: 'Wien', country: 'AT', numberPattern: 'RE-{YYYY}-{n5}', referenceStyle: 'number', paymentDays: 30, items: officeItems },
  { name: 'OMV Downstream GmbH', street: 'Trabrennstraße 6-8', postcode: '1020', city: 'Wien', country: 'AT', sectors: ['logistics', 'winery'], numberPattern: 'INV-{n6}', referenceStyle: 'number', paymentDays: 14, items: fuelAT },
  { name: 'ASFINAG Maut Service GmbH', street: 'Schnirchgasse 17', postcode: '1030', city: 'Wien', country: 'AT', sectors: ['logistics'], numberPattern: '{YYYY}{n8}', referenceStyle: 'customer', paymentDays: 14, items: tollItems },
  { name: 'Truck Service Hinterberger GmbH', street: 'Industriestraße 14', postcode: '4481', city: 'Asten', country: 'AT', sectors: ['logistics'], numberPattern: '{YYYY}/{n4}', referenceStyle: 'number', paymentDays: 30, items: truckService },
  { name: 'Mühle Aigner GmbH', street: 'Mühlenweg 4', postcode: '4762', city: 'St. Willibald', country: 'AT', sectors: ['bakery'], numberPattern: 'AR{YY}{n5}', referenceStyle: 'number', paymentDays: 30, items: flourItems },
  { name: 'Vetropack Austria GmbH', street: 'Vetropackstraße 1', postcode: '4550', city: 'Kremsmünster', country: 'AT', sectors: ['winery'], numberPattern: 'INV-{n7}', referenceStyle: 'customer', paymentDays: 30, items: bottleItems },
  { name: 'Lagerhaus Wachau eGen', street: 'Hauptstraße 12', postcode: '3601', city: 'Dürnstein', country: 'AT', sectors: ['winery'], numberPattern: '{n4}/{YYYY}', referenceStyle: 'number', paymentDays: 14, items: farmSupply },
  { name: 'Installateur Gruber GmbH', country: 'AT', local: true, numberPattern: '{YYYY}-{n3}', referenceStyle: 'number', paymentDays: 14, items: tradeItemsAT },
  { name: 'Malermeister Hofbauer e.U.', country: 'AT', local: true, numberPattern: 'RE {n3}/{YY}', referenceStyle: 'number', paymentDays: 14, items: tradeItemsAT },
  { name: 'Reinigungsservice Blitzblank GmbH', country: 'AT', local: true, sectors: ['gastro', 'bakery', 'logistics'], numberPattern: 'RE-{YYYY}-{n4}', referenceStyle: 'customer', paymentDays: 14, items: cleaningItems },
  { name: 'Kfz-Technik Leitner GmbH', country: 'AT', local: true, sectors: ['logistics', 'winery', 'bakery'], numberPattern: 'W{n6}', referenceStyle: 'number', paymentDays: 14, items: truckService },
  { name: 'Deutsche Telekom AG', street: 'Friedrich-Ebert-Allee 140', postcode: '53113', city: 'Bonn', country: 'DE', numberPattern: '{n12}', referenceStyle: 'customer', paymentDays: 14, items: telecomDE },
  { name: 'Vodafone GmbH', street: 'Ferdinand-Braun-Platz 1', postcode: '40549', city: 'Düsseldorf', country: 'DE', numberPattern: '{n10}', referenceStyle: 'customer', paymentDays: 14, items: telecomDE2 },
  { name: 'Stadtwerke München GmbH', street: 'Emmy-Noether-Straße 2', postcode: '80992', city: 'München', country: 'DE', onlyIn: ['München'], numberPattern: '{n10}', referenceStyle: 'customer', paymentDays: 14, items: energyDE },
  { name: 'Hamburger Energiewerke GmbH', street: 'Überseering 12', postcode: '22297', city: 'Hamburg', country: 'DE', onlyIn: ['Hamburg'], numberPattern: '{YYYY}{n7}', referenceStyle: 'customer', paymentDays: 14, items: energyDE },
  { name: 'METRO Deutschland GmbH', street: 'Metro-Straße 1', postcode: '40235', city: 'Düsseldorf', country: 'DE', numberPattern: '{n3}/{n4}/{n6}', referenceStyle: 'customer', paymentDays: 14, items: groceriesDE },
  { name: 'Adolf Würth GmbH & Co. KG', street: 'Reinhold-Würth-Straße 12-17', postcode: '74653', city: 'Künzelsau', country: 'DE', sectors: ['electrical'], numberPattern: '{n10}', referenceStyle: 'customer', paymentDays: 30, items: toolsDE },
  { name: 'Elektrogroßhandel Brandl GmbH', street: 'Landsberger Straße 302', postcode: '80687', city: 'München', country: 'DE', sectors: ['electrical'], numberPattern: 'RE-{YYYY}-{n5}', referenceStyle: 'number', paymentDays: 30, items: electricalWholesale },
  { name: 'Hetzner Online GmbH', street: 'Industriestr. 25', postcode: '91710', city: 'Gunzenhausen', country: 'DE', sectors: ['software'], numberPattern: 'R{n10}', referenceStyle: 'number', paymentDays: 14, items: hostingItems },
  { name: 'IONOS SE', street: 'Elgendorfer Str. 57', postcode: '56410', city: 'Montabaur', country: 'DE', sectors: ['software', 'electrical'], numberPattern: '{n12}', referenceStyle: 'customer', paymentDays: 14, items: webHostingItems },
  { name: 'DATEV eG', street: 'Paumgartnerstr. 6-14', postcode: '90429', city: 'Nürnberg', country: 'DE', numberPattern: '{n8}', referenceStyle: 'customer', paymentDays: 30, items: accountingSoftware },
  { name: 'Papier & Büro Hansen GmbH', street: 'Steindamm 21', postcode: '20099', city: 'Hamburg', country: 'DE', numberPattern: 'INV-{n5}', referenceStyle: 'number', paymentDays: 30, items: officeItems },
  { name: 'Aral Aktiengesellschaft', street: 'Wittener Straße 45', postcode: '44789', city: 'Bochum', country: 'DE', sectors: ['electrical'], numberPattern: '{YYYY}/{n4}', referenceStyle: 'customer', paymentDays: 14, items: fuelDE },
  { name: 'Sanitär Schmid GmbH', country: 'DE', local: true, numberPattern: '{YYYY}-{n4}', referenceStyle: 'number', paymentDays: 14, items: tradeItemsDE },
  { name: 'Malerbetrieb Krüger', country: 'DE', local: true, numberPattern: 'RE {n3}/{YYYY}', referenceStyle: 'number', paymentDays: 14, items: tradeItemsDE },
  { name: 'Gebäudereinigung Sauber & Co. GmbH', country: 'DE', local: true, numberPattern: 'R-{YY}-{n4}', referenceStyle: 'customer', paymentDays: 14, items: cleaningItems },
];

const CUSTOMER_NAMES: Readonly<Record<Country, readonly string[]>> = {
  AT: ['Autohaus Pichler GmbH', 'Kanzlei Dr. Wallner Rechtsanwälte GmbH', 'Hotel Goldener Hirsch Betriebs GmbH', 'Bergbahnen Service GmbH', 'Stadtgemeinde Service GmbH', 'Ing. Mayr Bau GmbH & Co KG', 'Gasthof zur Post Huber KG', 'Alpen Sport Handels GmbH', 'Vinothek Donaublick OG', 'Feinkost Leitgeb e.U.'],
  DE: ['Autohaus Berger GmbH', 'Kanzlei Hoffmann & Partner mbB', 'Hotel Vier Jahreszeiten Betriebs GmbH', 'Wohnungsbau Nord eG', 'Praxis Dr. Schulte', 'Bauunternehmung Meier GmbH & Co. KG', 'Gasthaus zum Hirschen GmbH', 'Medien Agentur Küste GmbH', 'Schulverein Elbe e. V.', 'Immobilien Brandt GmbH'],
};

/** What each demo company sells (outgoing invoices). */
const OWN_ITEMS: Readonly<Record<Sector, readonly CatalogItem[]>> = {
  gastro: items(
    ['Catering Firmenfeier, Menü pro Person', 'Catering company party, menu per person', 'piece', 28, 59, 'reduced', 15, 120],
    ['Getränkepauschale pro Person', 'Drinks package per person', 'piece', 18, 35, 'standard', 15, 120],
    ['Seminarraummiete ganztags', 'Seminar room hire, full day', 'flat', 290, 590, 'standard', 1, 1],
    ['Servicepersonal', 'Service staff', 'hour', 32, 42, 'standard', 6, 40, true],
    ['Kaffeepause Vormittag pro Person', 'Morning coffee break per person', 'piece', 8.5, 14, 'reduced', 15, 80],
  ),
  bakery: items(
    ['Kaisersemmeln', 'Kaiser rolls', 'piece', 0.32, 0.45, 'reduced', 200, 1500],
    ['Bauernbrot 1 kg', 'Farmhouse bread 1 kg', 'piece', 3.9, 5.2, 'reduced', 20, 120],
    ['Plundergebäck gemischt', 'Danish pastries, assorted', 'piece', 1.1, 1.8, 'reduced', 50, 400],
    ['Sachertorte 26 cm', 'Sacher cake 26 cm', 'piece', 32, 45, 'reduced', 1, 8],
    ['Lieferpauschale', 'Delivery charge', 'flat', 12, 25, 'standard', 1, 1],
  ),
  logistics: items(
    ['Transport Linz - Wien, Komplettladung', 'Transport Linz - Vienna, full truck load', 'flat', 480, 720, 'standard', 1, 6],
    ['Teilladung nach Salzburg', 'Part load to Salzburg', 'pallet', 38, 65, 'standard', 2, 18],
    ['Palettenstellplatz Lager', 'Pallet storage space', 'pallet', 6.5, 9.5, 'standard', 20, 300],
    ['Kommissionierung', 'Order picking', 'hour', 34, 46, 'standard', 4, 60, true],
    ['Dieselzuschlag', 'Fuel surcharge', 'flat', 25, 140, 'standard', 1, 1],
  ),
  electrical: items(
    ['Elektroinstallation, Arbeitsstunde Geselle', 'Electrical installation, journeyman hour', 'hour', 62, 72, 'standard', 2, 40, true],
    ['Meisterstunde', 'Master electrician hour', 'hour', 78, 92, 'standard', 1, 8, true],
    ['Material lt. Aufstellung', 'Material as per list', 'flat', 45, 2400, 'standard', 1, 1],
    ['E-Check nach DGUV V3, pro Gerät', 'Appliance safety test DGUV V3, per device', 'piece', 6.5, 9.5, 'standard', 20, 150],
    ['Anfahrt', 'Travel', 'flat', 35, 49, 'standard', 1, 1],
  ),
  software: items(
    ['Softwareentwicklung lt. Leistungsnachweis', 'Software development as per timesheet', 'hour', 95, 125, 'standard', 8, 120, true],
    ['Wartungsvertrag, Monatspauschale', 'Maintenance contract, monthly fee', 'month', 290, 890, 'standard', 1, 3],
    ['Lizenz Nordlicht Cloud pro Nutzer', 'Nordlicht Cloud licence per user', 'piece', 19, 29, 'standard', 5, 80],
    ['Projektmanagement', 'Project management', 'hour', 105, 135, 'standard', 2, 24, true],
  ),
  winery: items(
    ['Grüner Veltliner Federspiel 0,75 l', 'Grüner Veltliner Federspiel 0.75 l', 'bottle', 7.9, 11.5, 'standard', 12, 240],
    ['Riesling Smaragd 0,75 l', 'Riesling Smaragd 0.75 l', 'bottle', 14.5, 22, 'standard', 6, 120],
    ['Zweigelt Reserve 0,75 l', 'Zweigelt Reserve 0.75 l', 'bottle', 11.9, 18.5, 'standard', 6, 120],
    ['Weinverkostung mit Kellerführung pro Person', 'Wine tasting with cellar tour per person', 'piece', 18, 29, 'special', 8, 40],
  ),
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
  return { city: place, postcodes: [String(prng.int(1100, 9999))], country: 'AT', phoneArea: String(prng.int(2200, 7999)), streets: ['Hauptstraße', 'Bahnhofstraße', 'Kirchengasse'], bank: 'ERSTE' };
}

function registerFor(name: string, city: string, postcode: string, country: Country, prng: Prng): LegalParty['register'] {
  if (country === 'AT') {
    const courts: Record<string, string> = { '1': 'Handelsgericht Wien', '2': 'Landesgericht Wiener Neustadt', '3': 'Landesgericht St. Pölten', '4': 'Landesgericht Linz', '5': 'Landesgericht Salzburg', '6': 'Landesgericht Innsbruck', '8': 'Landesgericht für ZRS Graz' };
    const court = postcode.startsWith('35') ? 'Landesgericht Krems' : postcode.startsWith('46') || postcode.startsWith('47') ? 'Landesgericht Wels' : courts[postcode[0]] ?? 'Landesgericht Linz';
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
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/\b(gmbh|ag|kg|se|eu|egen|eg|gesmbh|handelsges\.m\.b\.h\.|co|aktiengesellschaft|og)\b/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-').slice(0, 2).join('-');
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
    { name: companyName, ...address, country: place.country, numberPattern: prng.pick(patterns), referenceStyle: 'number', paymentDays: prng.pick([14, 30] as const), items: OWN_ITEMS[sector] },
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
