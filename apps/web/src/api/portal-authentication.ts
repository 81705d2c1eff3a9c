import { AuthenticationClient } from '@feathersjs/authentication-client';
import type { Params } from '@feathersjs/feathers';
import { toFeathersError } from './errors';

type AuthenticationRequest = Parameters<AuthenticationClient['authenticate']>[0];
type Listener = (...args: unknown[]) => void;
interface SocketEvents {
  on(event: string, listener: Listener): unknown;
}

/**
 * The official authentication client (storage key `feathers-jwt`, `create authentication` with the JWT
 * strategy, re-authentication after a dropped connection, the token dropped on 401..407,
 * "No accessToken found in storage"), extended where the portal needs more:
 * - a refreshed token for a connection that is signed in does not hold calls back: the server keeps the
 *   old sign-in until the new one answers, so calls go on with it meanwhile;
 * - the re-authentication after a reconnect is announced (`reauthenticated`, `reauthentication-error` on
 *   the app), so stores reload what they missed, and its failure is not an unhandled rejection;
 * - the token comes from storage only: keycloak-js owns the location hash (its callback), which the stock
 *   client would read for `access_token=` / `error=` and rewrite.
 */
export class PortalAuthentication extends AuthenticationClient {
  /** True from a drop of a signed-in connection until its re-authentication settles. */
  reconnecting = false;

  override handleSocket(socket: SocketEvents): void {
    socket.on('disconnect', () => {
      if (!this.authenticated) return;
      this.reconnecting = true;
      // Sent at once: socket.io buffers it and sends it first when the connection is back; calls wait for it.
      this.reAuthenticate(true).then(
        (result) => {
          this.reconnecting = false;
          this.app.emit('reauthenticated', result);
        },
        (error: unknown) => {
          this.reconnecting = false;
          this.app.emit('reauthentication-error', toFeathersError(error));
        },
      );
    });
  }

  override getAccessToken(): Promise<string | null> {
    return Promise.resolve(this.storage.getItem(this.options.storageKey)).then((token: unknown) => (typeof token === 'string' && token ? token : null));
  }

  override authenticate(authentication?: AuthenticationRequest, params?: Params) {
    if (!authentication || !this.authenticated || this.reconnecting) return super.authenticate(authentication, params);
    const current: unknown = this.app.get('authentication');
    const refresh = super.authenticate(authentication, params);
    this.app.set('authentication', current);
    refresh.then(
      () => {
        if (this.app.get('authentication') === current) this.app.set('authentication', refresh);
      },
      () => undefined,
    );
    return refresh;
  }
}
