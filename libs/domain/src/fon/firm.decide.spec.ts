import { specFor } from '../../test/given-when-then';
import type { SealedSecret } from '../shared/sealed-secret';
import { firmDecider } from './firm.decide';
import type { FirmEvent } from './firm.events';

const spec = specFor(firmDecider);
const sealed: SealedSecret = { alg: 'AES-256-GCM', kid: 'k1', iv: 'aXY=', tag: 'dGFn', data: 'Y2lwaGVy' };
const registered: FirmEvent = {
  type: 'FirmRegistered',
  data: { firmId: 'f1', name: 'Huber & Partner', ntcsId: 4711, webekuUser: 'huber', webekuPassword: sealed },
};

describe('firm (Kanzlei)', () => {
  it('registers a firm with its sealed WebEKU password', () =>
    spec([])
      .when({ type: 'RegisterFirm', firmId: 'f1', values: { name: ' Huber &  Partner ', ntcsId: 4711, webekuUser: 'huber' }, webekuPassword: sealed })
      .then([registered]));

  it('requires a name and a number as NTCS ID', () => {
    spec([])
      .when({ type: 'RegisterFirm', firmId: 'f1', values: { name: ' ', ntcsId: 1, webekuUser: null }, webekuPassword: null })
      .thenThrows('Required field');
    spec([])
      .when({ type: 'RegisterFirm', firmId: 'f1', values: { name: 'X', ntcsId: 1.5, webekuUser: null }, webekuPassword: null })
      .thenThrows('must be a number');
  });

  it('refuses a password that is not sealed', () =>
    spec([])
      .when({ type: 'RegisterFirm', firmId: 'f1', values: { name: 'X', ntcsId: 1, webekuUser: null }, webekuPassword: 'geheim' as unknown as SealedSecret })
      .thenThrows('The WebEKU password must be sealed.'));

  it('keeps the password when an edit brings none, and records only what changes', () => {
    spec([registered])
      .when({ type: 'ChangeFirm', changes: { name: 'Huber & Partner', ntcsId: 4712 } })
      .then([{ type: 'FirmChanged', data: { changes: { ntcsId: 4712 } } }]);
    spec([registered])
      .when({ type: 'ChangeFirm', changes: { name: 'Huber & Partner' } })
      .then([]);
    spec([registered])
      .when({ type: 'ChangeFirm', changes: {}, webekuPassword: sealed })
      .then([{ type: 'FirmChanged', data: { changes: {}, webekuPassword: sealed } }]);
  });
});
