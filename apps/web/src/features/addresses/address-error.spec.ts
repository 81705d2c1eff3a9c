import i18next, { type TFunction } from 'i18next';
import { feathersError } from '../../api/errors';
import de from '../../i18n/locales/de.json';
import en from '../../i18n/locales/en.json';
import addressesDe from './addresses.de.json';
import addressesEn from './addresses.en.json';
import { addressErrorText } from './address-error';

async function translator(lng: 'en' | 'de'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: { ...en, addresses: addressesEn } }, de: { translation: { ...de, addresses: addressesDe } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('addressErrorText', () => {
  it('translates an account number that is not six digits instead of showing the server’s English', async () => {
    const error = feathersError('BadRequest', 'Invalid address: accounts.0.supplier_account: Six digits required');
    expect(addressErrorText(error, 'save', await translator('de'), 'de')).toBe('Speichern fehlgeschlagen: Sechs Ziffern erforderlich');
    expect(addressErrorText(error, 'save', await translator('en'), 'en')).toBe('Save failed: Six digits required');
  });

  it('translates a phone number the rules refuse', async () => {
    const error = feathersError('Unprocessable', 'Invalid phone number.', { key: 'phoneInvalid', field: 'phone' });
    expect(addressErrorText(error, 'save', await translator('de'), 'de')).toBe('Ungültige Telefonnummer');
  });

  it('gives a German user the class sentence for a message it does not know, never the English text', async () => {
    const error = feathersError('BadRequest', 'Invalid address: name: Too long');
    const text = addressErrorText(error, 'save', await translator('de'), 'de');
    expect(text.startsWith('Speichern fehlgeschlagen: ')).toBe(true);
    expect(text).not.toContain('Too long');
  });

  it('puts an RPA refusal in the spec’s words with its reason', async () => {
    const error = feathersError('Conflict', 'x', { key: 'rpaFailed', reason: { key: 'rpaVatTaken', vatId: 'ATU63890515', name: 'Zillertaler GmbH' } });
    expect(addressErrorText(error, 'save', await translator('en'), 'en')).toBe(
      'Failed to create address in RPA database: VAT ID ATU63890515 is already in the RPA database (Zillertaler GmbH).',
    );
  });
});
