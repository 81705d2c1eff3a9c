import type { TFunction } from 'i18next';
import type { SettingsStore } from './SettingsStore';

/** The server's issues of a field in the user's language (key and params from the server, text from the locale files). */
export function issueTexts(store: SettingsStore, field: string, t: TFunction): string[] {
  return store
    .issuesOf(field)
    .map((i) =>
      t(`settings.messages.${i.key}`, { ...(i.params ?? {}), ...(i.params?.country ? { country: t(`settings.countries.${String(i.params.country)}`) } : {}) }),
    );
}
