import { Forbidden, hasPermission, toFeathersError } from '@portal/contracts';
import { Router, type Request, type Response } from 'express';
import type { Authenticator } from '../auth/authenticator';
import { userOfRequest } from '../features/documents/http-auth';
import type { PortalRuntimeInfo } from './runtime-info';

/**
 * GET /api/health/details (bearer token, adm): version, adapters, read-model position and live
 * connections. `/health` itself only tells that the portal serves, so strangers learn nothing.
 */
export function healthDetailsRouter(authenticator: Authenticator, info: PortalRuntimeInfo): Router {
  const router = Router();
  router.get('/api/health/details', (req: Request, res: Response) => {
    userOfRequest(authenticator, req)
      .then((user) => {
        if (!hasPermission(user, 'adm')) throw Forbidden('The health details need the permission adm.');
        res
          .set('cache-control', 'no-store')
          .json({ status: 'ok', version: info.version, adapters: info.adapters, position: info.position(), connections: info.connections() });
      })
      .catch((error: unknown) => {
        const wire = toFeathersError(error);
        res.status(wire.code).json(wire);
      });
  });
  return router;
}
