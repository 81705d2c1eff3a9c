import { createInstance, type TFunction } from 'i18next';
import de from './documents.de.json';
import en from './documents.en.json';
import { queuePlaceText } from './queue-place';

async function translator(language: 'en' | 'de'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: { documents: en } }, de: { translation: { documents: de } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('queuePlaceText', () => {
  it('tells a waiting document its place in the line and the wait in whole minutes, in German and English', async () => {
    const waiting = { stage: 'uploaded' as const, queue_position: 3, estimate_seconds: 150 };
    expect(queuePlaceText(waiting, await translator('de'))).toBe('Wartet auf Texterkennung: Platz 3, etwa 3 Minuten');
    expect(queuePlaceText(waiting, await translator('en'))).toBe('Waiting for text recognition: place 3, about 3 minutes');
  });

  it('says one minute, in the singular, for a wait of a minute or less, even when the worker has no estimate yet', async () => {
    const de = await translator('de');
    const en = await translator('en');
    expect(queuePlaceText({ stage: 'uploaded', queue_position: 1, estimate_seconds: 20 }, de)).toBe('Wartet auf Texterkennung: Platz 1, etwa 1 Minute');
    expect(queuePlaceText({ stage: 'uploaded', queue_position: 1 }, en)).toBe('Waiting for text recognition: place 1, about 1 minute');
  });

  it('says it short for a table cell, the sentence staying for the tooltip', async () => {
    const waiting = { stage: 'uploaded' as const, queue_position: 2, estimate_seconds: 61 };
    expect(queuePlaceText(waiting, await translator('de'), 'short')).toBe('Platz 2 · ~2 Min.');
    expect(queuePlaceText(waiting, await translator('en'), 'short')).toBe('Place 2 · ~2 min');
  });

  it('gives no place to a document being read, read already, or not told its place', async () => {
    const t = await translator('de');
    expect(queuePlaceText({ stage: 'ocr', queue_position: 2, estimate_seconds: 60 }, t)).toBeNull();
    expect(queuePlaceText({ stage: 'done' }, t)).toBeNull();
    expect(queuePlaceText({ stage: 'uploaded' }, t)).toBeNull();
    expect(queuePlaceText(undefined, t)).toBeNull();
  });
});
