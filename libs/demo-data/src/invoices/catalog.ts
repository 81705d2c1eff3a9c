/** What suppliers and the demo companies sell: descriptions in both languages, units, price and quantity ranges, VAT kind. */
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

type Row = [de: string, en: string, unit: UnitKey, min: number, max: number, rate: RateKind, qMin: number, qMax: number, fractional?: boolean];
const items = (...rows: Row[]): CatalogItem[] =>
  rows.map(([de, en, unit, min, max, rate, qMin, qMax, fractional]) => ({ de, en, unit, price: [min, max], rate, quantity: [qMin, qMax], fractional }));

export const telecomAT = items(
  ['A1 Business Internet 150 Mbit/s, Grundentgelt', 'A1 Business Internet 150 Mbit/s, monthly fee', 'month', 39.9, 89.9, 'standard', 1, 1],
  ['A1 Business Mobil Tarif, Grundentgelt', 'A1 Business mobile plan, monthly fee', 'month', 14.9, 39.9, 'standard', 1, 6],
  ['Verbindungsentgelte lt. Einzelentgeltnachweis', 'Call charges as per itemised statement', 'flat', 2.5, 48, 'standard', 1, 1],
  ['Servicepauschale', 'Service fee', 'flat', 2.5, 2.5, 'standard', 1, 1],
);
export const officeItems = items(
  ['Kopierpapier A4 80 g (Karton 5 x 500 Bl.)', 'Copy paper A4 80 g (box of 5 x 500 sheets)', 'pack', 21.9, 32.5, 'standard', 1, 6],
  ['Toner HP 59A schwarz', 'Toner HP 59A black', 'piece', 89, 139, 'standard', 1, 2],
  ['Ordner A4 breit, blau', 'Lever arch file A4, blue', 'piece', 2.49, 3.99, 'standard', 5, 20],
  ['Kugelschreiber blau (10 Stk)', 'Ballpoint pens blue (10 pcs)', 'pack', 4.9, 8.9, 'standard', 1, 5],
  ['Haftnotizen 76 x 76 mm gelb', 'Sticky notes 76 x 76 mm yellow', 'pack', 3.2, 6.5, 'standard', 2, 10],
  ['Briefumschläge C4 mit Fenster (250 Stk)', 'Envelopes C4 with window (250 pcs)', 'pack', 18.5, 29.9, 'standard', 1, 3],
);
export const groceriesAT = items(
  ['Vollmilch 3,5 % 1 l', 'Whole milk 3.5 % 1 l', 'piece', 0.99, 1.49, 'reduced', 12, 60],
  ['Butter 250 g', 'Butter 250 g', 'piece', 2.49, 3.29, 'reduced', 10, 40],
  ['Eier Freiland Gr. M (10 Stk)', 'Free-range eggs size M (10 pcs)', 'pack', 2.99, 4.49, 'reduced', 5, 30],
  ['Kaffee Crema Bohnen 1 kg', 'Coffee beans crema 1 kg', 'pack', 12.9, 19.9, 'reduced', 2, 10],
  ['Mineralwasser prickelnd 1,5 l', 'Sparkling mineral water 1.5 l', 'bottle', 0.39, 0.79, 'standard', 12, 72],
  ['Spülmittel Profi 5 l', 'Dishwashing liquid professional 5 l', 'piece', 9.9, 16.9, 'standard', 1, 4],
  ['Küchenrolle (8 Rollen)', 'Kitchen towels (8 rolls)', 'pack', 4.49, 7.99, 'standard', 2, 8],
);
export const gastroWholesale = items(
  ['Rindsschnitzel frisch', 'Beef escalope, fresh', 'kg', 18.9, 26.9, 'reduced', 2, 15, true],
  ['Mozzarella Block 1 kg', 'Mozzarella block 1 kg', 'pack', 7.9, 11.5, 'reduced', 2, 12],
  ['Frittieröl 10 l', 'Frying oil 10 l', 'piece', 19.9, 34.9, 'reduced', 1, 4],
  ['Coca-Cola 0,33 l (24er Tray)', 'Coca-Cola 0.33 l (tray of 24)', 'pack', 14.9, 21.9, 'standard', 2, 10],
  ['Servietten weiß 33 x 33 cm (250 Stk)', 'Napkins white 33 x 33 cm (250 pcs)', 'pack', 4.9, 8.9, 'standard', 2, 10],
  ['Speisekartoffeln festkochend', 'Potatoes, waxy', 'kg', 0.89, 1.49, 'reduced', 10, 50, true],
  ['Schnittblumen Tischdekoration', 'Cut flowers for table decoration', 'flat', 25, 85, 'special', 1, 1],
);
export const beverages = items(
  ['Gösser Märzen Fass 50 l', 'Gösser Märzen keg 50 l', 'piece', 139, 169, 'standard', 1, 6],
  ['Zipfer Urtyp 0,5 l (Kiste 20 Fl.)', 'Zipfer Urtyp 0.5 l (crate of 20 bottles)', 'crate', 24.9, 31.9, 'standard', 2, 20],
  ['Puntigamer 0,33 l (Kiste 24 Fl.)', 'Puntigamer 0.33 l (crate of 24 bottles)', 'crate', 22.9, 28.9, 'standard', 1, 10],
  ['Schankanlagen-Service', 'Beer tap maintenance', 'flat', 79, 129, 'standard', 1, 1],
);
export const toolsAT = items(
  ['Schrauben ASSY 4 x 40 (200 Stk)', 'Screws ASSY 4 x 40 (200 pcs)', 'pack', 12.9, 19.9, 'standard', 1, 5],
  ['Bremsenreiniger 500 ml', 'Brake cleaner 500 ml', 'piece', 4.9, 7.9, 'standard', 6, 24],
  ['Arbeitshandschuhe Gr. 10', 'Work gloves size 10', 'piece', 3.9, 9.9, 'standard', 5, 20],
  ['Kabelbinder 4,8 x 200 mm (100 Stk)', 'Cable ties 4.8 x 200 mm (100 pcs)', 'pack', 5.9, 9.9, 'standard', 1, 10],
  ['Akku-Bohrschrauber 18 V', 'Cordless drill 18 V', 'piece', 189, 289, 'standard', 1, 1],
);
export const energyAT = items(
  ['Strom Energiepreis', 'Electricity, energy price', 'kwh', 0.14, 0.24, 'standard', 800, 6500],
  ['Grundpreis', 'Standing charge', 'month', 4.9, 9.9, 'standard', 1, 3],
  ['Netznutzungsentgelt', 'Grid usage charge', 'flat', 38, 240, 'standard', 1, 1],
  ['Elektrizitätsabgabe', 'Electricity levy', 'flat', 1.2, 98, 'standard', 1, 1],
);
export const fuelAT = items(
  ['Diesel', 'Diesel', 'litre', 1.39, 1.79, 'standard', 180, 1400, true],
  ['AdBlue', 'AdBlue', 'litre', 0.59, 0.99, 'standard', 20, 160, true],
  ['Autowäsche Lkw', 'Truck wash', 'piece', 39, 79, 'standard', 1, 4],
);
export const tradeItemsAT = items(
  ['Arbeitszeit Monteur', 'Labour, technician', 'hour', 62, 89, 'standard', 1, 12, true],
  ['Anfahrtspauschale', 'Call-out charge', 'flat', 35, 65, 'standard', 1, 1],
  ['Material lt. Aufstellung', 'Material as per list', 'flat', 18, 640, 'standard', 1, 1],
  ['Kleinmaterial', 'Small parts', 'flat', 8.5, 35, 'standard', 1, 1],
);
export const truckService = items(
  ['Wartung Lkw 60.000 km', 'Truck service 60,000 km', 'flat', 480, 980, 'standard', 1, 1],
  ['Lkw-Reifen 315/70 R22.5', 'Truck tyre 315/70 R22.5', 'piece', 389, 529, 'standard', 2, 6],
  ['Reifenmontage und Auswuchten', 'Tyre fitting and balancing', 'piece', 29, 45, 'standard', 2, 6],
  ['Werkstattstunde', 'Workshop hour', 'hour', 98, 128, 'standard', 1, 8, true],
);
export const tollItems = items(
  ['Maut Lkw lt. Fahrtenliste', 'Truck toll as per trip list', 'flat', 120, 2400, 'standard', 1, 1],
  ['GO-Box Gebühr', 'GO-Box fee', 'piece', 5, 5, 'standard', 1, 4],
);
export const flourItems = items(
  ['Weizenmehl Type 700', 'Wheat flour type 700', 'kg', 0.52, 0.78, 'reduced', 250, 1500],
  ['Roggenmehl Type 960', 'Rye flour type 960', 'kg', 0.58, 0.86, 'reduced', 100, 600],
  ['Hefe frisch 1 kg', 'Fresh yeast 1 kg', 'pack', 2.9, 4.5, 'reduced', 5, 30],
  ['Sonnenblumenkerne 5 kg', 'Sunflower seeds 5 kg', 'pack', 14.9, 22.9, 'reduced', 1, 8],
  ['Backpapier 60 x 40 cm (500 Bl.)', 'Baking paper 60 x 40 cm (500 sheets)', 'pack', 24.9, 39.9, 'standard', 1, 3],
);
export const bottleItems = items(
  ['Weinflasche Schlegel 0,75 l, Palette', 'Wine bottle Schlegel 0.75 l, pallet', 'pallet', 420, 690, 'standard', 1, 4],
  ['Drehverschluss 30 x 60 (1.000 Stk)', 'Screw caps 30 x 60 (1,000 pcs)', 'pack', 89, 139, 'standard', 1, 6],
  ['Weinkarton 6er', 'Wine carton for 6 bottles', 'piece', 0.89, 1.49, 'standard', 100, 800],
);
export const farmSupply = items(
  ['Rebschnur 3 mm (500 m)', 'Vine twine 3 mm (500 m)', 'piece', 12.9, 19.9, 'standard', 2, 12],
  ['Pflanzenschutzmittel Kupfer 5 kg', 'Copper fungicide 5 kg', 'pack', 69, 119, 'standard', 1, 4],
  ['Rebstöcke Grüner Veltliner (veredelt)', 'Grapevine plants Grüner Veltliner (grafted)', 'piece', 2.9, 4.2, 'special', 50, 600],
  ['Brennholz Buche, Raummeter', 'Beech firewood, stacked cubic metre', 'piece', 95, 125, 'special', 1, 6],
  ['Diesel', 'Diesel', 'litre', 1.39, 1.79, 'standard', 60, 400, true],
);
export const cleaningItems = items(
  ['Unterhaltsreinigung lt. Vertrag', 'Regular cleaning as per contract', 'month', 240, 980, 'standard', 1, 1],
  ['Fensterreinigung', 'Window cleaning', 'flat', 90, 380, 'standard', 1, 1],
  ['Grundreinigung Küche', 'Deep cleaning, kitchen', 'hour', 29, 39, 'standard', 4, 16, true],
);
export const telecomDE = items(
  ['MagentaBusiness Internet L, Grundpreis', 'MagentaBusiness Internet L, monthly fee', 'month', 44.95, 69.95, 'standard', 1, 1],
  ['Business Mobil M, Grundpreis', 'Business mobile M, monthly fee', 'month', 19.95, 44.95, 'standard', 1, 8],
  ['Verbindungen lt. Einzelverbindungsnachweis', 'Calls as per itemised statement', 'flat', 1.5, 39, 'standard', 1, 1],
);
export const telecomDE2 = items(
  ['Red Business Prime, Grundgebühr', 'Red Business Prime, monthly fee', 'month', 29.99, 59.99, 'standard', 1, 6],
  ['Kabel-Internet Business 500, Grundgebühr', 'Cable internet business 500, monthly fee', 'month', 39.99, 59.99, 'standard', 1, 1],
  ['Roaming EU-Zone', 'Roaming EU zone', 'flat', 0.5, 19.9, 'standard', 1, 1],
);
export const energyDE = items(
  ['Strom Arbeitspreis', 'Electricity, unit price', 'kwh', 0.22, 0.34, 'standard', 600, 5200],
  ['Grundpreis Strom', 'Electricity standing charge', 'month', 9.9, 15.9, 'standard', 1, 3],
  ['Fernwärme Arbeitspreis', 'District heating, unit price', 'kwh', 0.09, 0.16, 'reduced', 1000, 8000],
);
export const groceriesDE = items(
  ['Kaffee Crema Bohnen 1 kg', 'Coffee beans crema 1 kg', 'pack', 13.9, 21.9, 'reduced', 2, 8],
  ['Milch 1,5 % 1 l', 'Milk 1.5 % 1 l', 'piece', 0.99, 1.39, 'reduced', 12, 48],
  ['Mineralwasser Medium 0,7 l (Kiste)', 'Mineral water medium 0.7 l (crate)', 'crate', 5.9, 8.9, 'standard', 2, 10],
  ['Spülmaschinentabs (100 Stk)', 'Dishwasher tablets (100 pcs)', 'pack', 11.9, 19.9, 'standard', 1, 4],
  ['Müllbeutel 120 l (25 Stk)', 'Refuse sacks 120 l (25 pcs)', 'pack', 5.9, 9.9, 'standard', 2, 8],
);
export const toolsDE = items(
  ['Holzbauschrauben ASSY 6 x 80 (100 Stk)', 'Timber screws ASSY 6 x 80 (100 pcs)', 'pack', 14.9, 24.9, 'standard', 1, 6],
  ['Wago Verbindungsklemme 221-413 (50 Stk)', 'Wago splicing connector 221-413 (50 pcs)', 'pack', 16.9, 24.9, 'standard', 1, 8],
  ['Isolierband schwarz 19 mm', 'Insulating tape black 19 mm', 'piece', 1.2, 2.4, 'standard', 10, 40],
  ['Arbeitshose Gr. 52', 'Work trousers size 52', 'piece', 39.9, 69.9, 'standard', 1, 4],
);
export const electricalWholesale = items(
  ['Mantelleitung NYM-J 3 x 1,5 mm, Ring 100 m', 'Sheathed cable NYM-J 3 x 1.5 mm, 100 m coil', 'piece', 64, 98, 'standard', 1, 10],
  ['Schuko-Steckdose UP reinweiß', 'Schuko socket flush-mounted, pure white', 'piece', 3.9, 7.9, 'standard', 10, 60],
  ['FI-Schutzschalter 40 A 30 mA', 'RCD 40 A 30 mA', 'piece', 29.9, 49.9, 'standard', 1, 10],
  ['LED-Panel 62 x 62 cm 36 W', 'LED panel 62 x 62 cm 36 W', 'piece', 34.9, 59.9, 'standard', 2, 24],
  ['Leitungsschutzschalter B16 1-polig', 'Circuit breaker B16 single-pole', 'piece', 3.2, 6.8, 'standard', 6, 48],
);
export const hostingItems = items(
  ['Dedicated Server AX52', 'Dedicated server AX52', 'month', 59, 64, 'standard', 1, 3],
  ['Cloud Server CX32', 'Cloud server CX32', 'month', 6.8, 7.5, 'standard', 1, 8],
  ['Storage Box BX21 (5 TB)', 'Storage box BX21 (5 TB)', 'month', 10.9, 12.9, 'standard', 1, 2],
  ['Zusätzliche IPv4-Adresse', 'Additional IPv4 address', 'month', 1.7, 1.7, 'standard', 1, 4],
);
export const webHostingItems = items(
  ['Domain .de, Jahresgebühr', 'Domain .de, annual fee', 'piece', 12, 12, 'standard', 1, 5],
  ['Microsoft 365 Business Standard', 'Microsoft 365 Business Standard', 'month', 11.7, 12.5, 'standard', 1, 10],
  ['Webhosting Business', 'Web hosting business', 'month', 8, 16, 'standard', 1, 1],
);
export const accountingSoftware = items(
  ['DATEV Unternehmen online, Grundpaket', 'DATEV Unternehmen online, base package', 'month', 14.5, 21, 'standard', 1, 1],
  ['DATEV Belegbilderservice Rechnungswesen', 'DATEV document image service', 'month', 4.2, 9.8, 'standard', 1, 1],
  ['Nutzungsentgelt Rechenzentrum', 'Data centre usage fee', 'flat', 2.1, 12.5, 'standard', 1, 1],
);
export const fuelDE = items(
  ['Diesel', 'Diesel', 'litre', 1.55, 1.89, 'standard', 40, 420, true],
  ['Super E10', 'Petrol Super E10', 'litre', 1.65, 1.95, 'standard', 30, 180, true],
  ['Fahrzeugwäsche Premium', 'Car wash premium', 'piece', 14.9, 19.9, 'standard', 1, 4],
);
export const tradeItemsDE = items(
  ['Arbeitszeit Geselle', 'Labour, journeyman', 'hour', 58, 76, 'standard', 1, 10, true],
  ['Anfahrtspauschale', 'Call-out charge', 'flat', 29, 55, 'standard', 1, 1],
  ['Material lt. Aufstellung', 'Material as per list', 'flat', 15, 520, 'standard', 1, 1],
);

/** What each demo company sells (outgoing invoices). */
export const OWN_ITEMS: Readonly<Record<Sector, readonly CatalogItem[]>> = {
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
