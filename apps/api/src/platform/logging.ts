import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import pino, { type Logger as Pino } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { currentLogContext, runWithLogContext } from './log-context';

/** An incoming `X-Request-Id` is kept when it looks like an id; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The portal's logger: JSON lines (pino) with the request id and correlation id of the HTTP request or
 * gateway call in every line; pretty lines on a terminal (`PORTAL_LOG_PRETTY=1` forces, `0` turns off).
 */
export function createPinoLogger(env: NodeJS.ProcessEnv = process.env): Pino {
  const pretty = env.PORTAL_LOG_PRETTY === undefined ? process.stdout.isTTY === true : env.PORTAL_LOG_PRETTY === '1';
  return pino({
    level: env.PORTAL_LOG_LEVEL ?? 'info',
    base: { service: 'tax-portal', pid: process.pid },
    mixin: () => ({ ...currentLogContext() }),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,service' } } } : {}),
  });
}

/** pino-http: each request logged once when it ends, with its id, which `X-Request-Id` answers. */
export function httpLogger(logger: Pino): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req: IncomingMessage) => /^\/(assets\/|health$|metrics$)/.test(req.url ?? '') },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** Nest's logger (every `new Logger(context)` of the backend) writing through pino: nestjs-pino. */
export function nestLogger(logger: Pino): NestPinoLogger {
  const params = { pinoHttp: { logger } };
  return new NestPinoLogger(new PinoLogger(params), params);
}

/** Express middleware: the rest of the request runs with its id as log context. */
export function requestLogContext(req: IncomingMessage & { id?: unknown }, _res: ServerResponse, next: () => void): void {
  const requestId = typeof req.id === 'string' ? req.id : randomUUID();
  runWithLogContext({ requestId, correlationId: requestId }, next);
}
