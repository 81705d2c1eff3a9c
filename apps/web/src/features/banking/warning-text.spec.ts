import type { ImportWarning } from '@portal/contracts';
import i18next from 'i18next';
import de from './banking.de.json';
import en from './banking.en.json';
import { warningText } from './warning-text';

async function translator(lng: 'en' | 'de') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: { banking: en } }, de: { translation: { banking: de } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('the text of an import warning', () => {
  const oneLine: ImportWarning = { kind: 'skipped-lines', statement: '1', current: '4', count: 1 };
  const threeLines: ImportWarning = { kind: 'stray-lines', statement: '1', current: '7–8, 10', count: 3 };

  it('names a single skipped line in the singular, in English and German', async () => {
    expect(warningText(await translator('en'), oneLine, 'en')).toBe('Line 4 is no entry and was skipped.');
    expect(warningText(await translator('de'), oneLine, 'de')).toBe('Die Zeile 4 ist kein Umsatz und wurde übersprungen.');
  });

  it('names several lines in the plural', async () => {
    expect(warningText(await translator('en'), threeLines, 'en')).toMatch(/^Lines 7–8, 10 come after the end of a statement/);
    expect(warningText(await translator('de'), threeLines, 'de')).toMatch(/^Die Zeilen 7–8, 10 folgen auf das Ende/);
  });

  it('reads a warning recorded without a count in the plural', async () => {
    const { count: _dropped, ...recordedBefore } = { ...oneLine, current: '4, 9' };
    expect(warningText(await translator('en'), recordedBefore, 'en')).toBe('Lines 4, 9 are no entries and were skipped.');
  });

  it('names a booked entry without any date and the day it was put on', async () => {
    const w: ImportWarning = { kind: 'undated-entries', statement: '1', current: 'Stmt 1, Ntry 1 (line 30)', count: 1 };
    expect(warningText(await translator('en'), w, 'en')).toBe(
      "Stmt 1, Ntry 1 (line 30): a booked entry without a booking or value date, put on the statement's last day.",
    );
    expect(warningText(await translator('de'), w, 'de')).toBe(
      'Stmt 1, Ntry 1 (line 30): ein gebuchter Umsatz ohne Buchungs- und Valutadatum, auf den letzten Tag des Auszugs gelegt.',
    );
  });

  it('names one skipped ZIP member in the singular', async () => {
    const w: ImportWarning = { kind: 'skipped-files', statement: '1', current: 'auszug.pdf', count: 1 };
    expect(warningText(await translator('de'), w, 'de')).toBe('Die Datei auszug.pdf des ZIP-Archivs ist kein Kontoauszug und wurde übersprungen.');
  });
});
