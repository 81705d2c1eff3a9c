import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequest } from '@portal/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { UploadedFile } from '../features/documents/upload.service';
import { toWireError } from '../gateway/error-mapping';
import { closeAfter, declaresMoreThan, refuseOversized } from './request-size-cap';
import { uploadErrorMessage } from './upload-errors';

/** What one upload route accepts. */
export interface UploadLimits {
  /** The multipart field: `files` (several) or `file` (one). */
  field: string;
  maxFiles: number;
  /** Largest single file: a larger one is a BadRequest naming the limit. */
  maxFileBytes: number;
  /** Largest request (all files): refused with 413 by its declared length before it is read, else once it passes the cap. */
  maxRequestBytes: number;
  /** One file as the whole body (not multipart) with one of these types, e.g. a scanner's push; its name from `rawName`. */
  raw?: { types: readonly string[]; name(req: Request): string };
}

export interface UploadRoute<T> extends UploadLimits {
  /** Who asks and whether they may (authentication, permission, client): before a byte of the body is read. */
  authorize(req: Request, res: Response): Promise<T>;
  /** Handles the files (on disk in the temporary area, deleted afterwards) and answers. */
  accept(context: T, files: UploadedFile[], req: Request, res: Response): Promise<void>;
  /** Once the answer is out (or the connection gone), whatever happened after `authorize`. */
  release?(context: T): void;
}

/** Room for the multipart framing around one file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** The limits of a route taking one file (field `file`): the request may be the file plus its framing. */
export const oneFileLimits = (maxFileBytes: number) => ({ field: 'file', maxFiles: 1, maxFileBytes, maxRequestBytes: maxFileBytes + MULTIPART_OVERHEAD });

/** The limits of a route taking several files (field `files`, at most 50) within the upload sizes. */
export const manyFileLimits = (sizes: { maxBytes: number; maxRequestBytes: number }) => ({
  field: 'files',
  maxFiles: 50,
  maxFileBytes: sizes.maxBytes,
  maxRequestBytes: sizes.maxRequestBytes,
});

/** An incoming folder untouched this long belongs to an api process that is gone. */
const STALE_INCOMING_MS = 60 * 60_000;

/** The answer to an upload of several files: 201 all stored, 207 some, 400 none (each file's outcome in the body). */
export const uploadStatus = (outcomes: ReadonlyArray<{ ok: boolean }>): number => (outcomes.every((o) => o.ok) ? 201 : outcomes.some((o) => o.ok) ? 207 : 400);

const PAYLOAD_TOO_LARGE = (maxBytes: number) => ({
  name: 'PayloadTooLarge',
  message: `The upload is larger than ${Math.round(maxBytes / 1048576)} MB.`,
  code: 413,
  className: 'payload-too-large',
});

/** Counts a raw body's bytes and stops it past the file limit. */
function limited(maxBytes: number): Transform & { seen: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.seen += chunk.length;
      callback(counter.seen > maxBytes ? Object.assign(new Error('file too large'), { code: 'LIMIT_FILE_SIZE' }) : null, chunk);
    },
  }) as Transform & { seen: number };
  counter.seen = 0;
  return counter;
}

/**
 * The one way the portal receives files over HTTP (documents, document editor, scanners, bank statements,
 * OCR): authenticate and authorize before the body, refuse an oversized request with 413, stream each file
 * to the temporary area in the data dir (never whole into memory), and delete it once the route is done.
 * A refused request is answered first and the rest of its body read and dropped only briefly (closeAfter).
 */
export class DiskUploads {
  /** The temporary files of each request, so a request cut off mid-file leaves nothing behind. */
  private readonly incoming = new WeakMap<Request, string[]>();
  /** The files being written per request: closed when the request is cleaned up (a part cut off never ends). */
  private readonly writing = new WeakMap<Request, WriteStream[]>();
  /** Requests whose files were removed: a file of theirs that opens later is removed too. */
  private readonly finished = new WeakSet<Request>();
  private readonly storage: multer.StorageEngine;

  private readonly incomingDir: string;

  /**
   * `incomingRoot` may be shared by several api processes (replicas on one volume): each uses its own
   * folder below it, `instance`, emptied at the start; folders of other instances are removed once they
   * have been left alone for an hour (a pod that is gone).
   */
  constructor(
    incomingRoot: string,
    instance: string,
    private readonly log: (error: unknown) => void = () => undefined,
  ) {
    this.incomingDir = join(incomingRoot, instance.replace(/[^A-Za-z0-9._-]/g, '_') || 'portal');
    mkdirSync(incomingRoot, { recursive: true, mode: 0o700 });
    for (const entry of readdirSync(incomingRoot, { withFileTypes: true })) {
      const path = join(incomingRoot, entry.name);
      // Left-overs of requests cut off by a restart (own), or of an instance that is gone (others).
      if (path === this.incomingDir || Date.now() - statSync(path).mtimeMs > STALE_INCOMING_MS) rmSync(path, { recursive: true, force: true });
    }
    mkdirSync(this.incomingDir, { recursive: true, mode: 0o700 });
    this.storage = {
      _handleFile: (req, file, callback) => {
        const path = this.temporaryPath(req as Request);
        const out = createWriteStream(path, { mode: 0o600 });
        this.writing.set(req as Request, [...(this.writing.get(req as Request) ?? []), out]);
        // A file that only appears once its request was cleaned up (a refused part, a cut connection) goes at once.
        out.once('open', () => this.finished.has(req as Request) && void rm(path, { force: true }));
        pipeline(file.stream, out).then(
          () => callback(null, { path, size: out.bytesWritten }),
          (error: unknown) => callback(error as Error),
        );
      },
      _removeFile: (_req, file, callback) => void rm(file.path, { force: true }).then(() => callback(null), callback),
    };
  }

  /** An express handler for `route`. */
  handler<T>(route: UploadRoute<T>): (req: Request, res: Response) => void {
    const parse = multer({
      storage: this.storage,
      limits: { fileSize: route.maxFileBytes, files: route.maxFiles, fields: 10, parts: route.maxFiles + 10 },
    }).array(route.field, route.maxFiles);
    return (req, res) => {
      if (declaresMoreThan(req, route.maxRequestBytes)) {
        closeAfter(req, res);
        res.status(413).json(PAYLOAD_TOO_LARGE(route.maxRequestBytes));
        return;
      }
      route.authorize(req, res).then(
        (context) => {
          if (res.closed) return route.release?.(context);
          res.once('close', () => route.release?.(context));
          if (res.headersSent) return;
          this.receive(req, res, route, parse, context);
        },
        (error: unknown) => {
          closeAfter(req, res);
          this.send(res, error);
        },
      );
    };
  }

  private receive<T>(req: Request, res: Response, route: UploadRoute<T>, parse: ReturnType<ReturnType<typeof multer>['array']>, context: T): void {
    const cleanUp = () => {
      this.finished.add(req);
      for (const out of this.writing.get(req) ?? []) out.destroy();
      return Promise.all((this.incoming.get(req) ?? []).map((path) => rm(path, { force: true })));
    };
    res.once('close', () => void cleanUp());
    refuseOversized(req, res, route.maxRequestBytes, () => res.status(413).json(PAYLOAD_TOO_LARGE(route.maxRequestBytes)));
    const received = (error: unknown, files: UploadedFile[]) => {
      if (res.headersSent) return void cleanUp();
      if (error) {
        void cleanUp();
        closeAfter(req, res);
        this.send(res, BadRequest(uploadErrorMessage((error as { code?: string }).code, route.maxFileBytes, route.maxFiles, route.field)));
        return;
      }
      route
        .accept(context, files, req, res)
        .catch((e: unknown) => (res.headersSent ? undefined : this.send(res, e)))
        .finally(() => void cleanUp());
    };
    if (route.raw && !/^multipart\//i.test(req.headers['content-type'] ?? '')) {
      this.receiveRaw(req, route, route.raw).then(
        (files) => received(null, files),
        (error: unknown) => received(error, []),
      );
      return;
    }
    parse(req, res, (error: unknown) => {
      const stored = (req.files as Express.Multer.File[] | undefined) ?? [];
      received(
        error,
        stored.map((f) => ({ originalName: Buffer.from(f.originalname, 'latin1').toString('utf8'), path: f.path })),
      );
    });
  }

  /** One file as the whole body; another type sends nothing (the route answers "No file was sent."). */
  private async receiveRaw(req: Request, limits: UploadLimits, raw: NonNullable<UploadLimits['raw']>): Promise<UploadedFile[]> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!raw.types.includes(type)) return [];
    const path = this.temporaryPath(req);
    const counter = limited(limits.maxFileBytes);
    const written = pipeline(counter, createWriteStream(path, { mode: 0o600 }));
    // Not pipeline(req, …): a refused body must not destroy the request before it is answered.
    req.pipe(counter);
    try {
      await written;
    } catch (error) {
      req.unpipe(counter);
      throw error;
    }
    return counter.seen === 0 ? [] : [{ originalName: raw.name(req), path }];
  }

  private temporaryPath(req: Request): string {
    const path = join(this.incomingDir, randomUUID());
    this.incoming.set(req, [...(this.incoming.get(req) ?? []), path]);
    return path;
  }

  private send(res: Response, error: unknown): void {
    const wire = toWireError(error, this.log);
    res.status(wire.code).json(wire);
  }
}
