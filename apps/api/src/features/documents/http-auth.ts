import { NotAuthenticated, type User } from '@portal/contracts';
import type { Request } from 'express';
import type { Authenticator } from '../../auth/authenticator';

/** REST calls carry the same token as the socket: `Authorization: Bearer <token>` (spec §7). */
export async function userOfRequest(authenticator: Authenticator, req: Request): Promise<User> {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw NotAuthenticated('No accessToken found in storage');
  const { result } = await authenticator.authenticate({ strategy: 'jwt', accessToken: match[1] });
  return result.user;
}
