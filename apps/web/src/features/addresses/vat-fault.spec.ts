import { createInstance, type TFunction } from 'i18next';
import en from './addresses.en.json';
import de from './addresses.de.json';
import { vatFaultText } from './vat-fault';

async function translator(language: 'en' | 'de'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: { addresses: en } }, de: { translation: { addresses: de } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('vatFaultText', () => {
  it('says VIES is unreachable instead of the network library code', async () => {
    const de = await translator('de');
    const en = await translator('en');
    const check = { result: 'check_failed' as const, source: 'vies' as const, fault: 'fetch failed: ENOTFOUND' };
    expect(vatFaultText(check, de)).toBe('VIES nicht erreichbar – bitte später erneut prüfen.');
    expect(vatFaultText(check, en)).toBe('VIES unreachable – please check again later.');
  });

  it('names a busy VIES, a format, a checksum, another country and an uncovered country in words', async () => {
    const de = await translator('de');
    const vies = (fault: string) => ({ result: 'check_failed' as const, source: 'vies' as const, fault });
    expect(vatFaultText(vies('MS_MAX_CONCURRENT_REQ'), de)).toBe('VIES ist ausgelastet – bitte später erneut prüfen.');
    expect(vatFaultText({ result: 'format_error', source: 'format', fault: 'checksum' }, de)).toBe('Die Prüfziffer stimmt nicht.');
    expect(vatFaultText({ result: 'format_error', source: 'format', fault: 'format' }, de)).toBe('Die UID-Nummer hat nicht das Format ihres Landes.');
    expect(vatFaultText({ result: 'invalid_for_country', source: 'format', fault: 'VAT ID of DE' }, de)).toBe(
      'Die UID-Nummer ist aus einem anderen Land (DE).',
    );
    expect(vatFaultText({ result: 'check_failed', source: 'format', fault: 'VIES does not cover CH' }, de)).toBe('VIES prüft keine UID-Nummern aus CH.');
  });

  it('shows no reason when there is none, and never a raw unexpected message', async () => {
    const de = await translator('de');
    expect(vatFaultText({ result: 'valid', source: 'vies', fault: null }, de)).toBeNull();
    expect(vatFaultText({ result: 'unknown_error', source: 'vies', fault: 'Unexpected token < in JSON' }, de)).toBe(
      'VIES hat unerwartet geantwortet – bitte später erneut prüfen.',
    );
  });
});
