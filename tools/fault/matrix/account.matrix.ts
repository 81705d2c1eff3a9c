import { none, type MatrixFeature } from './matrix-types';

/**
 * account: every signed-in user, own account only ('me'). `patch` (language, details, e-mail, password, second factors, keys) changes what other
 * rows rely on, so it is tested in account.int.spec.ts; here reading and signing out other devices.
 */
export const accountMatrix: MatrixFeature = {
  name: 'account',
  rows: [
    { service: 'account', method: 'get', gate: null, scope: 'self', call: () => ['me', {}] },
    { service: 'account', method: 'remove', gate: null, scope: 'self', note: 'other devices', call: () => ['others', {}] },
    ...none('account', 'find', 'create', 'update'),
  ],
};
