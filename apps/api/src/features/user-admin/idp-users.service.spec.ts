import { DOCUMENTS } from '@portal/read-models';
import type { Doc } from '@portal/read-store';
import type { User } from '@portal/contracts';
import { toWireError } from '../../gateway/error-mapping';
import { embeddedUserDirectory } from '../../../test/embedded-identity-users';
import { idpUsersService } from './idp-users.service';

const admin: User = {
  keycloakId: 'admin-id',
  username: 'admin',
  permissions_array: ['adm', 'kca'],
  firstName: 'A',
  lastName: 'Admin',
  email: 'a@example.at',
  locale: 'en',
  klienten_array: [],
  all_clients: true,
  favClient: null,
  enabled: true,
};
const context = { user: admin, accessToken: 'x' };

async function setup() {
  const directory = await embeddedUserDirectory();
  const service = idpUsersService({ users: directory.users, reads: directory.reads });
  const { id } = await directory.users.create(
    {
      username: 'uploader',
      firstName: 'U',
      lastName: 'Ploader',
      email: 'u@example.at',
      telNr: '',
      locale: 'de',
      permissions: ['doc'],
      klienten: [1001],
      all_clients: false,
      excluded: [],
      mobileApp: false,
      secondFactorRequired: false,
      password: null,
    },
    { userId: admin.keycloakId, username: admin.username },
  );
  const upload = (extraction: string) =>
    directory.reads.transaction((tx) => tx.put<Doc>(DOCUMENTS, { id: 501, client_no: 1001, uploaded_by: id, extraction, deleted: false }));
  return { ...directory, service, id, upload };
}

describe('idp-users remove', () => {
  it('refuses to delete a user whose upload is still being imported (spec text), and changes nothing', async () => {
    const t = await setup();
    await t.upload('pending');
    const refused = await t.service.methods.remove!.run(context, { id: t.id, data: null, query: {} }).then(
      () => null,
      (e: unknown) => toWireError(e, () => undefined),
    );
    expect(refused).toMatchObject({ name: 'Conflict', code: 409, message: 'cannot delete user during import' });
    expect(await t.users.get(t.id)).toMatchObject({ username: 'uploader', enabled: true });
    expect(t.ended).toEqual([]);
    await t.close();
  });

  it('deletes the user once the import is done', async () => {
    const t = await setup();
    await t.upload('done');
    await t.service.methods.remove!.run(context, { id: t.id, data: null, query: {} });
    expect(await t.users.get(t.id)).toBeNull();
    await t.close();
  });
});
