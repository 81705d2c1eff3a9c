import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { USER_PREFERENCES } from '@portal/read-models';
import { liveAndReplayed } from '../../test/live-and-replayed';
import { userPreferencesProjection } from './user-preferences.projection';

const SUBJECT = 'kc-7d1e';
const meta = (n: number) => ({ userId: SUBJECT, clientNo: null, time: `2026-05-01T09:00:0${n}.000Z`, commandId: `c${n}`, correlationId: `c${n}` });
const chosen = (locale: string, n: number) => ({ type: 'LocalePreferenceChosen', data: { subject: SUBJECT, locale }, metadata: meta(n) });

describe('the language preferences of token-only users', () => {
  it('keeps the last choice per subject, and a replay rebuilds the same read model as the live projector', async () => {
    const events = new SqliteEventStore(':memory:');
    const stream = `user-preferences-${SUBJECT}`;
    await events.append(stream, sealEvents(stream, null, [chosen('de', 1), chosen('en', 2), chosen('de', 3)]), 'no_stream');

    const { live, replayed } = await liveAndReplayed(events, [userPreferencesProjection]);

    expect(await live.get(USER_PREFERENCES, SUBJECT)).toEqual({ id: SUBJECT, locale: 'de' });
    expect(await replayed.get(USER_PREFERENCES, SUBJECT)).toEqual(await live.get(USER_PREFERENCES, SUBJECT));
  });
});
