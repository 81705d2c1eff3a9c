import { validate } from '../validate';
import { bulkSchema } from './idp-users.schemas';

describe('the bulk edit request', () => {
  it('is refused naming each code and client it both adds and removes', () => {
    const request = { userIds: ['u1'], addPermissions: ['rep'], removePermissions: ['rep'], addClients: [1002], removeClients: [1002], preview: true };
    expect(() => validate(bulkSchema, request, 'bulk edit')).toThrow(
      'Invalid bulk edit: A permission or client cannot be added and removed at once: rep, 1002.',
    );
  });

  it('is taken when what it adds and removes differ', () => {
    const request = { userIds: ['u1'], addPermissions: ['rep'], removePermissions: ['doc'], preview: true };
    expect(validate(bulkSchema, request, 'bulk edit')).toMatchObject({
      addPermissions: ['rep'],
      removePermissions: ['doc'],
      addClients: [],
      removeClients: [],
    });
  });
});
