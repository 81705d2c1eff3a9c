import { userPreferencesDecider, type ChooseLocale, type UserPreferencesEvent } from './user-preferences';

const context = { now: '2026-01-01T00:00:00.000Z', userId: 'kc-1' };
const given = (events: UserPreferencesEvent[]) => events.reduce(userPreferencesDecider.evolve, userPreferencesDecider.initialState);
const when = (events: UserPreferencesEvent[], command: ChooseLocale) => userPreferencesDecider.decide(command, given(events), context);
const chosen = (locale: 'en' | 'de'): UserPreferencesEvent => ({ type: 'LocalePreferenceChosen', data: { subject: 'kc-1', locale } });

describe('the language preference of a user known only from the token', () => {
  it('given no choice, when German is chosen, then the preference is recorded', () => {
    expect(when([], { type: 'ChooseLocale', subject: 'kc-1', locale: 'de' })).toEqual([chosen('de')]);
  });

  it('given German, when German is chosen again, then nothing changes (idempotent)', () => {
    expect(when([chosen('de')], { type: 'ChooseLocale', subject: 'kc-1', locale: 'de' })).toEqual([]);
  });

  it('given German, when English is chosen, then English is recorded', () => {
    expect(when([chosen('de')], { type: 'ChooseLocale', subject: 'kc-1', locale: 'en' })).toEqual([chosen('en')]);
  });

  it('refuses a language the portal does not speak and an empty subject', () => {
    expect(() => when([], { type: 'ChooseLocale', subject: 'kc-1', locale: 'fr' as 'en' })).toThrow('Unknown locale.');
    expect(() => when([], { type: 'ChooseLocale', subject: ' ', locale: 'en' })).toThrow(/subject/);
  });
});
