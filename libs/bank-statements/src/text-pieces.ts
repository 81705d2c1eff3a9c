import { decodeText, encodingOf, LineCounter, type TextEncoding } from './text-decoding';

/** A text read a piece at a time, and the line of a position in it (for messages). */
export interface TextPieces {
  /** The next piece, never empty; null after the last. `atLeast`: characters wanted (a construct longer than a piece). */
  next(atLeast: number): string | null;
  /** The 1-based line of a character position, counted over all pieces. */
  lineOf(position: number): number;
}

/** Bytes decoded per piece: a piece (at most 128 KB of string) is garbage as soon as it is read; few calls per file. */
export const PIECE_BYTES = 64 * 1024;

/** A text already in memory, as one piece. */
export function textInOnePiece(text: string): TextPieces {
  let given = false;
  const lines = new LineCounter(text);
  return {
    next: () => (given || text === '' ? null : ((given = true), text)),
    lineOf: (position) => lines.lineOf(position),
  };
}

/**
 * The text of a file decoded exactly as decodeText decodes it, a piece at a time: never one string of the whole
 * file (40 MB of fresh memory for 20 MB of UTF-8, and its time to fill). The whole text is decoded only to
 * name a line in a message.
 */
export function decodedPieces(bytes: Uint8Array, pieceBytes = PIECE_BYTES): TextPieces {
  const { encoding, start } = encodingOf(bytes);
  const decoder = new TextDecoder(encoding);
  let at = start;
  let lines: LineCounter | null = null;
  return {
    next(atLeast) {
      while (at < bytes.length) {
        const to = Math.min(bytes.length, at + Math.max(pieceBytes, atLeast));
        const end = to === bytes.length ? to : pieceEnd(bytes, at, to, encoding);
        // The last piece ends the stream: bytes of a character cut off at the end become U+FFFD, as in decodeText.
        const piece = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
        at = end;
        if (piece !== '') return piece;
      }
      return null;
    },
    lineOf(position) {
      lines ??= new LineCounter(decodeText(bytes));
      return lines.lineOf(position);
    },
  };
}

/**
 * Where a piece of the bytes from..to ends: after its last ">" when it has one (UTF-8 and single-byte text: a ">"
 * byte is always the character), so the next piece starts after a tag and the XML reader seldom has a construct
 * cut in two (which it joins with the next piece, a copy).
 */
export function pieceEnd(bytes: Uint8Array, from: number, to: number, encoding: TextEncoding): number {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return to;
  const gt = bytes.subarray(from, to).lastIndexOf(0x3e);
  return gt === -1 ? to : from + gt + 1;
}
