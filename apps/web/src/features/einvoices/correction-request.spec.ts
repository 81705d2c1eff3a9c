import type { EInvoiceFinding } from '@portal/contracts';
import i18next from 'i18next';
import { correctionRequest, mailtoOf, type RequestLanguage, type Translate } from './correction-request';
import de from './einvoices.de.json';
import en from './einvoices.en.json';

/** The request's texts come from the e-invoice resources, in the language asked for, whatever the screen shows. */
async function translator(lng: RequestLanguage): Promise<Translate> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lng === 'de' ? 'en' : 'de',
    resources: { en: { translation: { einvoices: en } }, de: { translation: { einvoices: de } } },
    interpolation: { escapeValue: false },
  });
  const t = i18n.getFixedT(lng);
  return (key, options) => t(key, options);
}

const findings: EInvoiceFinding[] = [
  {
    rule: 'BR-DE-19',
    severity: 'warning',
    location: '/ubl:Invoice/cac:PaymentMeans[1]',
    message: { en: 'The IBAN check digits are wrong.', de: 'Die Prüfziffer der IBAN ist falsch.' },
  },
  {
    rule: 'BR-CO-15',
    severity: 'fatal',
    location: '/ubl:Invoice',
    message: {
      en: 'Total with VAT ≠ net total + VAT: 1,300.00 ≠ 1,100.00 + 197.00',
      de: 'Gesamtbetrag mit Steuer ≠ Netto + Steuer: 1.300,00 ≠ 1.100,00 + 197,00',
    },
  },
  { rule: 'PROFILE-14-USTG', severity: 'information', location: '/ubl:Invoice', message: { en: 'note', de: 'Hinweis' } },
];
const subject = { invoiceNumber: 'RE-2026-0042', invoiceDate: '2026-03-12', biller: 'Lieferant GmbH', recipient: 'Alpenblick Gastronomie GmbH' };

describe('the correction request to the supplier', () => {
  it('lists every violation in German, errors first, with rule, message and location', async () => {
    const request = correctionRequest(subject, findings, 'rules 1', 'de', await translator('de'));
    expect(request.subject).toBe('Bitte um Korrektur der E-Rechnung RE-2026-0042');
    expect(request.body).toContain('die E-Rechnung RE-2026-0042 vom 12.03.2026 entspricht nicht');
    expect(request.body.indexOf('BR-CO-15')).toBeLessThan(request.body.indexOf('BR-DE-19'));
    expect(request.body).toContain('1. [BR-CO-15, Fehler] Gesamtbetrag mit Steuer ≠ Netto + Steuer: 1.300,00 ≠ 1.100,00 + 197,00\n   Stelle: /ubl:Invoice');
    expect(request.body).toContain('2. [BR-DE-19, Warnung] Die Prüfziffer der IBAN ist falsch.');
    expect(request.body).not.toContain('PROFILE-14-USTG');
    expect(request.body).toContain('Geprüft mit: rules 1');
  });

  it('writes the same request in English', async () => {
    const request = correctionRequest(subject, findings, 'rules 1', 'en', await translator('en'));
    expect(request.subject).toBe('Request to correct e-invoice RE-2026-0042');
    expect(request.body).toContain('e-invoice RE-2026-0042 of 03/12/2026 does not meet');
    expect(request.body).toContain('1. [BR-CO-15, Error] Total with VAT ≠ net total + VAT: 1,300.00 ≠ 1,100.00 + 197.00');
  });

  it('leaves the date out of a request for an undated invoice', async () => {
    const request = correctionRequest({ ...subject, invoiceDate: null }, findings, 'rules 1', 'de', await translator('de'));
    expect(request.body).toContain('die E-Rechnung RE-2026-0042 entspricht nicht');
  });

  it('puts subject and body into a mailto link', async () => {
    const link = mailtoOf(correctionRequest({ ...subject, invoiceNumber: null }, findings, 'r', 'en', await translator('en')));
    expect(link.startsWith('mailto:?subject=Request%20to%20correct%20e-invoice%20without%20number&body=')).toBe(true);
    expect(decodeURIComponent(link.split('&body=')[1]!)).toContain('BR-CO-15');
  });
});
