import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { assignKeys } from '../entry-keys';
import { notStatementText } from '../not-text';
import { kindOf, type StatementFileOptions } from '../read-statement-file';
import { StatementParseError, type StatementFile } from '../statement';
import { decodeText, encodingOf, LineCounter } from '../text-decoding';
import { pieceEnd, PIECE_BYTES, type TextPieces } from '../text-pieces';
import { readCamt } from './read-camt';

/** The bytes read to tell what a file is (kindOf and notStatementText look at these only). */
const HEAD_BYTES = 4096;

/** The file is not UTF-8 after all: it is read whole, as Windows-1252. */
class NotUtf8 extends Error {}

/**
 * A camt file of UTF-8 read from disk a piece at a time through one buffer: no buffer of the whole file and no
 * string of it (20 MB of fresh memory each for a 20 MB file, and their time to fill). Null for anything else,
 * which the caller reads whole as parseStatementFile does: a file of one piece or less, not camt, UTF-16, not
 * UTF-8 (found as it is read), and any file this reading refuses, so that a refusal's message is always the one
 * of the whole reading (the same reading; a file that is not UTF-8 beyond the refused place reads otherwise).
 */
export function readCamtFile(path: string, options: StatementFileOptions = {}, pieceBytes = PIECE_BYTES): StatementFile | null {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size <= Math.max(pieceBytes, HEAD_BYTES)) return null;
    const head = Buffer.alloc(HEAD_BYTES);
    readSync(fd, head, 0, HEAD_BYTES, 0);
    if (kindOf(head) !== 'camt' || notStatementText(head) !== null) return null;
    const { encoding, start } = encodingOf(head);
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return null;
    try {
      const camt = readCamt(utf8FilePieces(fd, start, size, pieceBytes, path), { details: options.details !== false });
      const file: StatementFile = { ...camt, skippedLines: [], table: null };
      if (options.keys !== false) assignKeys(file.statements);
      return file;
    } catch (e) {
      if (e instanceof NotUtf8 || e instanceof StatementParseError) return null;
      throw e;
    }
  } finally {
    closeSync(fd);
  }
}

/** The file's text from byte `start` as UTF-8, a piece at a time, each ending after a tag (see pieceEnd). */
function utf8FilePieces(fd: number, start: number, size: number, pieceBytes: number, path: string): TextPieces {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let buffer = Buffer.allocUnsafe(pieceBytes);
  /** Bytes at the buffer's start read but not decoded yet (after the last ">" of the piece before). */
  let carried = 0;
  let at = start;
  let lines: LineCounter | null = null;
  return {
    next(atLeast) {
      for (;;) {
        const wanted = Math.max(pieceBytes, atLeast);
        if (buffer.length < wanted) {
          const larger = Buffer.allocUnsafe(wanted);
          buffer.copy(larger, 0, 0, carried);
          buffer = larger;
        }
        const read = at < size ? readSync(fd, buffer, carried, Math.min(buffer.length - carried, size - at), at) : 0;
        if (read === 0) size = at;
        at += read;
        const filled = carried + read;
        if (filled === 0) return null;
        const last = at >= size;
        const end = last ? filled : pieceEnd(buffer, 0, filled, 'utf-8');
        let piece: string;
        try {
          piece = decoder.decode(buffer.subarray(0, end), { stream: !last });
        } catch {
          throw new NotUtf8();
        }
        buffer.copyWithin(0, end, filled);
        carried = filled - end;
        if (piece !== '') return piece;
        if (last) return null;
      }
    },
    lineOf(position) {
      lines ??= new LineCounter(decodeText(readFileSync(path)));
      return lines.lineOf(position);
    },
  };
}
