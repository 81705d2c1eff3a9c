import { specFor } from '../../test/given-when-then';
import { rpaDatabaseDecider } from './rpa-database.decide';
import type { RpaEvent } from './rpa-database.events';

const spec = specFor(rpaDatabaseDecider);
const alpenstrom: RpaEvent = { type: 'RpaAddressRegistered', data: { addressId: 1, name: 'Alpenstrom Energie AG', vatId: 'ATU13585627' } };

describe('RPA address database', () => {
  it('registers an address with its name and VAT ID', () =>
    spec([]).when({ type: 'RegisterRpaAddress', addressId: 1, name: ' Alpenstrom Energie AG ', vatId: 'ATU13585627' }).then([alpenstrom]));

  it('refuses an empty name: an empty name blocks creating an RPA address', () =>
    spec([]).when({ type: 'RegisterRpaAddress', addressId: 1, name: '  ', vatId: null }).thenThrows('The name must not be empty.'));

  it('refuses a VAT ID already in the RPA database, naming the holder', () =>
    spec([alpenstrom])
      .when({ type: 'RegisterRpaAddress', addressId: 2, name: 'Alpenstrom Kopie', vatId: 'ATU13585627' })
      .thenThrows('VAT ID ATU13585627 is already in the RPA database (Alpenstrom Energie AG).'));

  it('allows addresses without a VAT ID side by side', () =>
    spec([{ type: 'RpaAddressRegistered', data: { addressId: 1, name: 'A', vatId: null } }])
      .when({ type: 'RegisterRpaAddress', addressId: 2, name: 'B', vatId: null })
      .then([{ type: 'RpaAddressRegistered', data: { addressId: 2, name: 'B', vatId: null } }]));

  it('frees a VAT ID when its address is withdrawn or changes its VAT ID', () => {
    const withdrawn: RpaEvent = { type: 'RpaAddressWithdrawn', data: { addressId: 1, reason: 'merged' } };
    spec([alpenstrom, withdrawn])
      .when({ type: 'RegisterRpaAddress', addressId: 2, name: 'Neu', vatId: 'ATU13585627' })
      .then([{ type: 'RpaAddressRegistered', data: { addressId: 2, name: 'Neu', vatId: 'ATU13585627' } }]);
    const changed: RpaEvent = { type: 'RpaAddressUpdated', data: { addressId: 1, name: 'Alpenstrom Energie AG', vatId: 'ATU99999999' } };
    spec([alpenstrom, changed])
      .when({ type: 'RegisterRpaAddress', addressId: 2, name: 'Neu', vatId: 'ATU13585627' })
      .then([{ type: 'RpaAddressRegistered', data: { addressId: 2, name: 'Neu', vatId: 'ATU13585627' } }]);
  });

  it('applies the rules to an update of a registered address and ignores addresses not in it', () => {
    spec([alpenstrom, { type: 'RpaAddressRegistered', data: { addressId: 2, name: 'B', vatId: 'DE136695976' } }])
      .when({ type: 'UpdateRpaAddress', addressId: 2, name: 'B', vatId: 'ATU13585627' })
      .thenThrows(/already in the RPA database/);
    spec([alpenstrom]).when({ type: 'UpdateRpaAddress', addressId: 1, name: '', vatId: 'ATU13585627' }).thenThrows('The name must not be empty.');
    spec([alpenstrom]).when({ type: 'UpdateRpaAddress', addressId: 9, name: '', vatId: null }).then([]);
  });

  it('records nothing when a registration repeats and withdraws only registered addresses', () => {
    spec([alpenstrom]).when({ type: 'RegisterRpaAddress', addressId: 1, name: 'Alpenstrom Energie AG', vatId: 'ATU13585627' }).then([]);
    spec([]).when({ type: 'WithdrawRpaAddress', addressId: 1, reason: 'x' }).then([]);
  });
});
