import { findParties } from './parties';
import { findVatIds } from './vat-id';

describe('biller and recipient', () => {
  it('reads the return-address line and the window address below it', () => {
    const text = [
      'Bei Spiel GmbH',
      'Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen   12345 Stadthausen',
      'Theodor Est   fon (555) 23 78 -0',
      'Bahnstr. 42',
      'info@localhost.local',
      '88802 Spielkreis',
      'USt-ID: DE136695976',
    ].join('\n');
    expect(findParties(text.split('\n'), findVatIds(text))).toEqual({
      biller: { name: 'Bei Spiel GmbH', street: 'Ecke 12', postcode: '12345', city: 'Stadthausen', country: 'DE', vat_id: 'DE136695976' },
      recipient: { name: 'Theodor Est', street: 'Bahnstr. 42', postcode: '88802', city: 'Spielkreis', country: 'DE' },
    });
  });

  it('reads a letterhead and a labelled recipient block with a country line', () => {
    const text = [
      'Müller & Söhne GmbH',
      'Hauptstraße 5a',
      'A-1010 Wien',
      'Rechnung',
      'Rechnungsempfänger:',
      'Größe Handels OG',
      'Ringstraße 7',
      '80331 München',
      'Deutschland',
      'UID: ATU12345678   Ihre USt-IdNr.: DE123456789',
    ].join('\n');
    expect(findParties(text.split('\n'), findVatIds(text))).toEqual({
      biller: { name: 'Müller & Söhne GmbH', street: 'Hauptstraße 5a', postcode: '1010', city: 'Wien', country: 'AT', vat_id: 'ATU12345678' },
      recipient: { name: 'Größe Handels OG', street: 'Ringstraße 7', postcode: '80331', city: 'München', country: 'DE', vat_id: 'DE123456789' },
    });
  });

  it('reads an English "Bill to" block', () => {
    const lines = ['Acme Ltd', '12 Harbour Road', '10115 Berlin', 'Invoice', 'Bill to:', 'Jane Doe', 'Lindenweg 3', '20095 Hamburg'];
    expect(findParties(lines, []).recipient).toEqual({ name: 'Jane Doe', street: 'Lindenweg 3', postcode: '20095', city: 'Hamburg' });
    expect(findParties(lines, []).biller).toMatchObject({ name: 'Acme Ltd', street: '12 Harbour Road', city: 'Berlin' });
  });
});

describe('parties in a rendered e-invoice', () => {
  it('reads labelled seller and buyer blocks with "Name:" and "Anschrift:" lines and a country prefix', () => {
    const text = [
      'Verkäufer',
      'Nummer: 12345676',
      'Name: Rohstoff AG Salzgitter',
      'Anschrift: Marktstr. 153',
      'DE 38226 Salzgitter',
      'USt.-Id.-Nr.: DE123456788',
      'Käufer/Leistungsempfänger',
      'Nummer: 75969813',
      'Name: Metallbau Leipzig GmbH & Co. KG',
      'Anschrift: Pappelallee 15',
      'Hof 3',
      'DE 12345 Leipzig',
      'Kundennummer: 4711',
    ].join('\n');
    expect(findParties(text.split('\n'), findVatIds(text))).toEqual({
      biller: { name: 'Rohstoff AG Salzgitter', street: 'Marktstr. 153', postcode: '38226', city: 'Salzgitter', country: 'DE', vat_id: 'DE123456788' },
      recipient: { name: 'Metallbau Leipzig GmbH & Co. KG', street: 'Pappelallee 15', postcode: '12345', city: 'Leipzig', country: 'DE' },
    });
  });
});

describe('label and value in separate columns', () => {
  it('keeps "Name:" with the value printed in the next column', () => {
    const lines = ['Verkäufer', 'Name:   Lieferant GmbH', 'Anschrift:   Lieferantenstraße 20', 'DE 80333 München'];
    expect(findParties(lines, []).biller).toEqual({
      name: 'Lieferant GmbH',
      street: 'Lieferantenstraße 20',
      postcode: '80333',
      city: 'München',
      country: 'DE',
    });
  });
});

describe('letterhead, return-address line and address window', () => {
  it('takes the name from the return-address line, not the letterhead street line above it', () => {
    const lines = [
      'Tel. +43 512 20 30 40',
      'Bergblick Druckerei GmbH',
      'Hauptstraße 12 · 6020 Innsbruck · Österreich   UID-Nr. ATU12345675',
      'Bergblick Druckerei GmbH · Hauptstraße 12 · 6020 Innsbruck',
      'Alpenblick Handels GmbH   Rechnungsnummer:   R-2025-17',
      'Europastraße 3   Rechnungsdatum:   12.11.2025',
      '5015 Salzburg   Fällig am:   26.11.2025',
      'ÖSTERREICH',
    ];
    expect(findParties(lines, [])).toEqual({
      biller: { name: 'Bergblick Druckerei GmbH', street: 'Hauptstraße 12', postcode: '6020', city: 'Innsbruck' },
      recipient: { name: 'Alpenblick Handels GmbH', street: 'Europastraße 3', postcode: '5015', city: 'Salzburg', country: 'AT' },
    });
  });

  it('reads an OCR return-address line with dashes and debris, and cuts the window lines before the invoice details', () => {
    const lines = [
      'Würth Handelsges.m.b.H. | ER',
      '; Würth Straße 1 - 3071 Böheimkirchen - Österreich i UID-Nr. ATU31996114',
      ': Würth Handelsges.m.b.H. - Würth Straße 1 - 3071 Böheimkirchen E',
      'Hotel Goldener Hirsch Betriebs GmbH Rechnungsnummer; 7200471463',
      'Hottinger Au 28 Rechnungsdatum: 22.10.2025',
      '6020 Innsbruck ; Leistungsdatum: 22.10.2025',
    ];
    const parties = findParties(lines, []);
    expect(parties.biller?.name).toBe('Würth Handelsges.m.b.H.');
    expect(parties.recipient).toMatchObject({ name: 'Hotel Goldener Hirsch Betriebs GmbH', street: 'Hottinger Au 28', postcode: '6020', city: 'Innsbruck' });
  });

  it('reads an OCR middle dot as " . " in the return-address line', () => {
    const lines = ['Aral Aktiengesellschaft . Wittener Straße 45 - 44789 Bochum :', 'Müller Elektrotechnik GmbH', 'Leopoldstraße 48', '80636 München'];
    expect(findParties(lines, [])).toMatchObject({
      biller: { name: 'Aral Aktiengesellschaft', city: 'Bochum' },
      recipient: { name: 'Müller Elektrotechnik GmbH' },
    });
  });

  it('never takes a one-line address as the recipient name', () => {
    const lines = ['Brau Union Österreich AG', 'Brau Union Österreich AG · Poschacherstraße 35 · 4020 Linz', '6020 Innsbruck'];
    expect(findParties(lines, []).recipient).toBeUndefined();
  });

  it('prefers the company the footer names beside IBAN and register entry over a slogan in the letterhead', () => {
    const lines = [
      'Ihr Partner für Druck und Papier',
      'Bergblick Druckerei GmbH',
      'Rechnung 2025-17',
      'Gesamtbetrag   120,00 €',
      'Vielen Dank!',
      'Bergblick Druckerei GmbH   IBAN: AT61 1904 3002 3457 3201',
      'Hauptstraße 12   FN 123456a',
      '6020 Innsbruck   Landesgericht Innsbruck',
    ];
    expect(findParties(lines, []).biller?.name).toBe('Bergblick Druckerei GmbH');
  });

  it('takes the letterhead name as the footer spells it when OCR added debris from the logo', () => {
    const lines = [
      'Alpenblick Gastronomie GmbH Eerie elie',
      'Rechnung AR-2026-0015',
      'Summe   100,00 €',
      'Zahlbar ohne Abzug.',
      'Danke.',
      '~~ Alpenblick Gastronomie GmbH Bankverbindung UID-Nr.; ATU26654162 :',
      'Höttinger Au 28 Tiroler Sparkasse Firmenbuch: FN 356083h',
    ];
    expect(findParties(lines, []).biller?.name).toBe('Alpenblick Gastronomie GmbH');
  });

  it('counts "Hotel" and "Telekom" names as names, not as phone lines', () => {
    const lines = ['Rechnungsempfänger:', 'Hotel Telekom Service GmbH', 'Ringstraße 7', '1010 Wien'];
    expect(findParties(lines, []).recipient?.name).toBe('Hotel Telekom Service GmbH');
  });
});
