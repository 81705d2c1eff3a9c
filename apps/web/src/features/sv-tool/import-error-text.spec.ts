import type { SvImportError } from '@portal/contracts';
import i18next from 'i18next';
import de from './sv-tool.de.json';
import en from './sv-tool.en.json';
import { importErrorText } from './import-error-text';

async function translator(lng: 'en' | 'de') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: { 'sv-tool': en } }, de: { translation: { 'sv-tool': de } } },
    interpolation: { escapeValue: false },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
}

describe('importErrorText', () => {
  const line: SvImportError = {
    line: 4,
    message: 'Line 4: …',
    problems: [
      { key: 'bookingDate', params: { value: '32.01.2025' } },
      { key: 'noAmount', params: {} },
    ],
  };

  it('tells a German user in German which line was not imported and why', async () => {
    expect(importErrorText(line, await translator('de'))).toBe('Zeile 4: Buchungsdatum „32.01.2025“ ist kein Datum (TT.MM.JJJJ); weder Soll noch Haben');
  });

  it('tells an English user in English', async () => {
    expect(importErrorText(line, await translator('en'))).toBe('Line 4: booking date "32.01.2025" is not a date (dd.mm.yyyy); neither debit nor credit');
  });

  it('names a booking of another account with its line, and a missing column without one', async () => {
    const t = await translator('de');
    expect(importErrorText({ line: 7, message: '', problems: [{ key: 'foreignAccount', params: { kontonr: '999', account: '4001002' } }] }, t)).toBe(
      'Zeile 7: eine Buchung des Kontos 999 gehört nicht zum Konto 4001002',
    );
    expect(importErrorText({ line: 1, message: '', problems: [{ key: 'missingColumns', params: { columns: 'soll' } }] }, t)).toBe(
      'Im Kopf fehlen die Spalten: soll',
    );
  });
});
