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

/** Answer, then drop the connection instead of reading what the client still sends. */
export function closeAfter(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => req.destroy());
}
