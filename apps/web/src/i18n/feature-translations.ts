import i18next from 'i18next';

/**
 * Adds a feature's en and de texts under its own key (`t('<namespace>.…')`). A lazily loaded screen
 * calls it at module level, so its texts travel in its chunk and not in the initial bundle. The
 * key-parity test (`locales.spec.ts`) checks every `<namespace>.en.json` against its `.de.json`.
 */
export function addFeatureTranslations(namespace: string, bundles: { en: object; de: object }): void {
  i18next.addResourceBundle('en', 'translation', { [namespace]: bundles.en }, true, true);
  i18next.addResourceBundle('de', 'translation', { [namespace]: bundles.de }, true, true);
}
