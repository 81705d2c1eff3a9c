import { specFor } from '../../test/given-when-then';
import { fonUserDecider } from './fon-user.decide';

describe('FON user', () => {
  const spec = specFor(fonUserDecider);
  const values = { firmId: 'f1', name: 'FON Quote 2025', quotaYear: 2025, type: 'webservice' as const, tid: 123456789, benid: 'WSUSER01' };
  const pin = { alg: 'AES-256-GCM' as const, kid: 'k', iv: 'a', tag: 'b', data: 'c' };

  it('needs TID, Benutzer-ID and PIN for a web-service user, and a number as quota year and TID', () => {
    spec([]).when({ type: 'RegisterFonUser', userId: 'u1', values, pin: null }).thenThrows('Required field');
    spec([])
      .when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, tid: 12.5 }, pin })
      .thenThrows('must be a number');
    spec([])
      .when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, quotaYear: Number.NaN }, pin })
      .thenThrows('must be a number');
    spec([])
      .when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, type: 'file', tid: null, benid: null }, pin: null })
      .then([{ type: 'FonUserRegistered', data: { userId: 'u1', ...values, type: 'file', tid: null, benid: null, pin: null } }]);
  });

  it('keeps the PIN when an edit brings none', () =>
    spec([{ type: 'FonUserRegistered', data: { userId: 'u1', ...values, pin } }])
      .when({ type: 'ChangeFonUser', changes: { name: 'FON 2025 Linz' } })
      .then([{ type: 'FonUserChanged', data: { changes: { name: 'FON 2025 Linz' } } }]));
});
