import { beforeInfoLabel, clean, isCompanyName, isNameLike, isOneLineAddress } from './party-lines';

describe('address line classifiers', () => {
  it.each([
    'GmbH',
    'AG',
    'KG',
    'OG',
    'e.U.',
    'UG (haftungsbeschränkt)',
    'GmbH & Co. KG',
    'Ltd',
    'Inc.',
    'Aktiengesellschaft',
    'Handelsges.m.b.H.',
    'Ges.m.b.H.',
  ])('a name with the legal form %s is a company name', (form) => expect(isCompanyName(`Bergblick Druckerei ${form}`)).toBe(true));

  it.each([
    'Europastraße 3',
    'Höttinger Au 28',
    '6020 Innsbruck',
    'A-1010 Wien',
    'ÖSTERREICH',
    'Tel. +43 512 83 17 46',
    'Rechnungsnummer: 12',
    'Herrn',
    'z. Hd. Frau Maier',
    'Bergblick GmbH · Hauptstraße 12 · 6020 Innsbruck',
    'Gesamt 1.234,56 €',
  ])('"%s" is no name', (line) => expect(isNameLike(line)).toBe(false));

  it('knows a one-line address by its street and place parts', () => {
    expect(isOneLineAddress('Hofer KG · Hofer Straße 1 · 4642 Sattledt')).toBe(true);
    expect(isOneLineAddress('Hofer KG')).toBe(false);
  });

  it('strips OCR debris around a line', () => {
    expect(clean(': Würth Handelsges.m.b.H.')).toBe('Würth Handelsges.m.b.H.');
    expect(clean('~~ Alpenblick Gastronomie GmbH |')).toBe('Alpenblick Gastronomie GmbH');
  });

  it('cuts a window line where the invoice details beside it begin, also with OCR misreadings', () => {
    expect(beforeInfoLabel('Alpenblick Gastronomie GmbH Rechnungsnummier: 1804602325')).toBe('Alpenblick Gastronomie GmbH');
    expect(beforeInfoLabel('6020 Innsbruck Fallig am: 27.02.2026')).toBe('6020 Innsbruck');
    expect(beforeInfoLabel('Acme Ltd Invoice date: 14 January 2026')).toBe('Acme Ltd');
    expect(beforeInfoLabel('Rechnungsnummer: 12')).toBe('Rechnungsnummer: 12');
  });
});
