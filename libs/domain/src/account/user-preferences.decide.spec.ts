import { specFor } from '../../test/given-when-then';
import { userPreferencesDecider } from './user-preferences.decide';
import type { UserPreferencesEvent } from './user-preferences.events';

const given = specFor(userPreferencesDecider, { now: '2026-01-01T00:00:00.000Z', userId: 'kc-1' });
const chosen = (locale: 'en' | 'de'): UserPreferencesEvent => ({ type: 'LocalePreferenceChosen', data: { subject: 'kc-1', locale } });

describe('the language preference of a user known only from the token', () => {
  it('given no choice, when German is chosen, then the preference is recorded', () => {
    given([])
      .when({ type: 'ChooseLocale', subject: 'kc-1', locale: 'de' })
      .then([chosen('de')]);
  });

  it('given German, when German is chosen again, then nothing changes (idempotent)', () => {
    given([chosen('de')])
      .when({ type: 'ChooseLocale', subject: 'kc-1', locale: 'de' })
      .then([]);
  });

  it('given German, when English is chosen, then English is recorded', () => {
    given([chosen('de')])
      .when({ type: 'ChooseLocale', subject: 'kc-1', locale: 'en' })
      .then([chosen('en')]);
  });

  it('refuses a language the portal does not speak and an empty subject', () => {
    given([])
      .when({ type: 'ChooseLocale', subject: 'kc-1', locale: 'fr' as 'en' })
      .thenThrows('Unknown locale.');
    given([])
      .when({ type: 'ChooseLocale', subject: ' ', locale: 'en' })
      .thenThrows(/subject/);
  });
});
