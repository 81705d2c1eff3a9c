import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/contracts';
import { LOCALE_KEY } from '../stores/UiStore';
import de from './locales/de.json';
import en from './locales/en.json';
import documentsDe from '../features/documents/documents.de.json';
import documentsEn from '../features/documents/documents.en.json';
import accountingDe from '../features/accounting/accounting.de.json';
import accountingEn from '../features/accounting/accounting.en.json';
import exportsDe from '../features/exports/exports.de.json';
import exportsEn from '../features/exports/exports.en.json';

/**
 * The shared texts and the texts of the features the first screens need (documents, accounting, exports), each
 * from its feature's folder; the other features add theirs when their screen loads (addFeatureTranslations).
 * The accounting texts keep their key `invoices`, as the /invoices screen's texts always had.
 */
export const resources = {
  en: { translation: { ...en, documents: documentsEn, invoices: accountingEn, exports: exportsEn } },
  de: { translation: { ...de, documents: documentsDe, invoices: accountingDe, exports: exportsDe } },
} as const;

/** The language this browser last showed the signed-in user in (UiStore keeps it), else en. */
export function rememberedLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_KEY);
    return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * en and de, default and fallback en (spec §1). The first paint uses the language remembered from the
 * user's last visit (no flash of the other language); the user's own locale is applied after login.
 */
export function initI18n(): typeof i18next {
  const lng = rememberedLocale();
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
