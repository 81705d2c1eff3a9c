import { BadRequest, MethodNotAllowed, SERVICES, TooManyRequests } from '@portal/contracts';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../auth/authenticator';
import { userOfRequest } from '../features/documents/http-auth';
import { toWireError } from './error-mapping';
import { DEFAULT_MAX_CALLS_IN_FLIGHT } from './feathers-gateway';
import { restId, restQuery } from './rest-query';
import type { ServiceRegistry } from './service-registry';

export const REST_PREFIX = '/api/rest';

/** The standard method a REST request names (Feathers' REST mapping), and its positional arguments. */
function methodOf(req: Request, id: string | number | null, query: Record<string, unknown>): { method: string; args: unknown[] } {
  const body: unknown = req.body;
  switch (req.method) {
    case 'GET':
      return id === null ? { method: 'find', args: [query] } : { method: 'get', args: [id, query] };
    case 'POST':
      if (id !== null) throw MethodNotAllowed('POST names no id: create with POST /<service>.');
      return { method: 'create', args: [body, query] };
    case 'PUT':
      return { method: 'update', args: [id, body, query] };
    case 'PATCH':
      return { method: 'patch', args: [id, body, query] };
    case 'DELETE':
      return { method: 'remove', args: [id, query] };
    default:
      throw MethodNotAllowed(`${req.method} is not a method of the REST interface.`);
  }
}

/**
 * Every service over HTTP, the Feathers REST way, for scripts and automation (the official
 * `@feathersjs/rest-client` speaks it): GET /api/rest/<service>[/:id], POST, PUT, PATCH, DELETE; the
 * query in the query string (qs syntax, like the socket's), JSON bodies, `Authorization: Bearer <token>`,
 * errors as Feathers error JSON with their status. The same registry and checks as the socket gateway;
 * POST /api/rest/authentication answers like the socket's `authentication` service.
 */
export function restRouter(services: ServiceRegistry, authenticator: Authenticator, log: (error: unknown) => void): Router {
  const router = Router();
  const json = express.json({ limit: '1mb', strict: false });
  /** Calls of one user being answered at once, like the calls of one socket. */
  const inFlight = new Map<string, number>();

  const fail = (res: Response, error: unknown) => {
    const wire = toWireError(error, log);
    res.status(wire.code).json(wire);
  };

  router.post(`${REST_PREFIX}/${SERVICES.authentication}`, json, (req: Request, res: Response) => {
    authenticator.authenticate(req.body).then(
      ({ result }) => res.status(201).json(result),
      (error: unknown) => fail(res, error),
    );
  });
  router.delete(`${REST_PREFIX}/${SERVICES.authentication}{/:id}`, (req: Request, res: Response) => {
    userOfRequest(authenticator, req).then(
      () => res.json({ accessToken: /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1], authentication: { strategy: 'jwt' } }),
      (error: unknown) => fail(res, error),
    );
  });

  router.all(`${REST_PREFIX}/:service{/:id}`, json, (req: Request, res: Response) => {
    let counted: string | null = null;
    (async () => {
      const path = String(req.params.service);
      const id = typeof req.params.id === 'string' ? restId(req.params.id) : null;
      const { method, args } = methodOf(req, id, restQuery(req.originalUrl));
      // Unknown services and methods answer before the token is looked at, like on the socket.
      const service = services.get(path);
      const header = req.headers.authorization;
      const user = service?.methods[method as keyof typeof service.methods] && header ? await userOfRequest(authenticator, req) : null;
      if (user) {
        const calls = inFlight.get(user.keycloakId) ?? 0;
        if (calls >= DEFAULT_MAX_CALLS_IN_FLIGHT) throw TooManyRequests(`At most ${DEFAULT_MAX_CALLS_IN_FLIGHT} calls of one user are answered at a time.`);
        inFlight.set(user.keycloakId, calls + 1);
        counted = user.keycloakId;
      }
      const accessToken = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
      const result = await services.call(user ? { user, accessToken } : null, method, path, args);
      res.status(method === 'create' ? 201 : 200).json(result ?? null);
    })()
      .catch((error: unknown) => fail(res, error))
      .finally(() => {
        if (!counted) return;
        const left = (inFlight.get(counted) ?? 1) - 1;
        if (left > 0) inFlight.set(counted, left);
        else inFlight.delete(counted);
      });
  });

  // A body that is not JSON, or larger than a socket message may be.
  router.use(REST_PREFIX, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.parse.failed') return fail(res, BadRequest('The body is not valid JSON.'));
    if (type === 'entity.too.large') return fail(res, BadRequest('The body is larger than 1 MB.'));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') return fail(res, BadRequest('Send the body as UTF-8 JSON.'));
    return next(error);
  });

  return router;
}
