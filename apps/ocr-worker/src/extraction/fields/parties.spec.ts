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
    expect(findParties(lines, []).biller).toEqual({ name: 'Lieferant GmbH', street: 'Lieferantenstraße 20', postcode: '80333', city: 'München', country: 'DE' });
  });
});
