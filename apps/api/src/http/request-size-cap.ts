import type { Request, Response } from 'express';

/** The request says (Content-Length) that its body is larger than `maxBytes`: refuse before reading. */
export function declaresMoreThan(req: Request, maxBytes: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * Counts the body while it is read and calls `answer` (413) as soon as it passes `maxBytes` (a
 * chunked body that declares no length). The connection is closed after the answer, so the rest of
 * the body is never read. Call it in the same tick as the body's reader is attached.
 */
export function refuseOversized(req: Request, res: Response, maxBytes: number, answer: () => void): void {
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes && !res.headersSent) {
      req.unpipe();
      closeAfter(req, res);
      answer();
    }
  });
}

/** How much of a refused body is still read (and thrown away) after the answer, and for how long. */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2000;

/**
 * Answer, then read and discard what the client still sends (at most 1 MiB, at most 2 s) before the
 * connection is dropped ("lingering close"). Dropping it at once resets a connection whose unread
 * bytes are still in our buffer, and a client that writes its whole body before it reads (fetch,
 * curl) then sees EPIPE or "other side closed" instead of the answer. A body that ends within the
 * limits keeps the connection alive; anything more is never read.
 */
export function closeAfter(req: Request, res: Response): void {
  res.once('finish', () => {
    if (req.complete) return;
    let seen = 0;
    const drop = () => {
      clearTimeout(timer);
      req.destroy();
    };
    const timer = setTimeout(drop, LINGER_MS);
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > LINGER_BYTES) drop();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}
