import { Classes } from '@blueprintjs/core';
import type { i18n as I18n } from 'i18next';
import { reaction } from 'mobx';
import type { UiStore } from '../stores/UiStore';

/**
 * Keeps Blueprint's dark class, the page language and i18next in step with the UI store, from before
 * the first paint (a React effect would run only after it, painting one frame in the old language).
 */
export function syncUi(ui: UiStore, i18n: I18n, doc: Document = document): () => void {
  const dark = reaction(
    () => ui.darkMode,
    (on) => {
      doc.body.classList.toggle(Classes.DARK, on);
      doc.documentElement.style.colorScheme = on ? 'dark' : 'light';
    },
    { fireImmediately: true },
  );
  const language = reaction(
    () => ui.locale,
    (locale) => {
      void i18n.changeLanguage(locale);
      doc.documentElement.lang = locale;
    },
    { fireImmediately: true },
  );
  return () => {
    dark();
    language();
  };
}
