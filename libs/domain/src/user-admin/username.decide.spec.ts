import { specFor } from '../../test/given-when-then';
import { usernameDecider } from './username.decide';
import { claimantOf } from './username.state';

const claims = specFor(usernameDecider);

describe('username claims', () => {
  it('claims a free name', () =>
    claims([])
      .when({ type: 'ClaimUsername', userId: 'u1' })
      .then([{ type: 'UsernameClaimed', data: { userId: 'u1' } }]));
  it('refuses a name another user holds', () =>
    claims([{ type: 'UsernameClaimed', data: { userId: 'u1' } }])
      .when({ type: 'ClaimUsername', userId: 'u2' })
      .thenThrows('This username is already taken.'));
  it('is idempotent for the same user', () =>
    claims([{ type: 'UsernameClaimed', data: { userId: 'u1' } }])
      .when({ type: 'ClaimUsername', userId: 'u1' })
      .then([]));
  it('releases the name of a deleted user, so a new user can take it', () => {
    const claimed = { type: 'UsernameClaimed' as const, data: { userId: 'u1' } };
    const released = { type: 'UsernameReleased' as const, data: { userId: 'u1' } };
    claims([claimed]).when({ type: 'ReleaseUsername', userId: 'u1' }).then([released]);
    claims([claimed, released])
      .when({ type: 'ClaimUsername', userId: 'u2' })
      .then([{ type: 'UsernameClaimed', data: { userId: 'u2' } }]);
    claims([claimed]).when({ type: 'ReleaseUsername', userId: 'u9' }).then([]);
  });

  it('names the holder after the events of a claim stream', () => {
    expect(claimantOf([])).toBeNull();
    expect(claimantOf([{ type: 'UsernameClaimed', data: { userId: 'u1' } }])).toBe('u1');
    expect(
      claimantOf([
        { type: 'UsernameClaimed', data: { userId: 'u1' } },
        { type: 'UsernameReleased', data: { userId: 'u1' } },
      ]),
    ).toBeNull();
  });
});
