import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '@portal/contracts';
import de from './locales/de.json';
import en from './locales/en.json';
import documentsDe from './locales/documents.de.json';
import documentsEn from './locales/documents.en.json';
import invoicesDe from './locales/invoices.de.json';
import invoicesEn from './locales/invoices.en.json';
import exportsDe from './locales/exports.de.json';
import exportsEn from './locales/exports.en.json';

export const resources = { en: { translation: { ...en, documents: documentsEn, invoices: invoicesEn, exports: exportsEn } }, de: { translation: { ...de, documents: documentsDe, invoices: invoicesDe, exports: exportsDe } } } as const;

/** en and de, default and fallback en (spec 1); the user's locale is applied after login. */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
