import { isUtf8 } from 'node:buffer';

/**
 * Statement files arrive as UTF-8 (camt, most CSV), UTF-16 (some Austrian online-banking CSV exports) or
 * ISO 8859-1 / Windows-1252 (MT940 and CSV of German and Austrian banks): the byte order mark decides, else
 * UTF-8 when the bytes are valid UTF-8, else Windows-1252, so umlauts survive.
 */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, start } = encodingOf(bytes);
  return new TextDecoder(encoding).decode(bytes.subarray(start));
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How decodeText decodes the bytes: the encoding, and the byte its text starts at (after a byte order mark). */
export function encodingOf(bytes: Uint8Array): { encoding: TextEncoding; start: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', start: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', start: 2 };
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return { encoding: utf16, start: 0 };
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // Checked in place (no string of the whole file): what a fatal UTF-8 decoder would refuse.
  return { encoding: isUtf8(bytes.subarray(start)) ? 'utf-8' : 'windows-1252', start };
}

/** UTF-16 without a byte order mark: text whose every other byte of the first ones is zero. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (odd > n * 0.4 && even === 0) return 'utf-16le';
  if (even > n * 0.4 && odd === 0) return 'utf-16be';
  return null;
}

/** 1-based line of a position in a text, for messages: counts the line breaks (LF, CRLF or a lone CR) before it. */
export function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

/** Line numbers of positions met in increasing order, counted once over the text (for messages of large files). */
export class LineCounter {
  private position = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  lineOf(position: number): number {
    if (position < this.position) return lineAt(this.text, position);
    for (let i = this.position; i < position && i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || (c === 13 && this.text.charCodeAt(i + 1) !== 10)) this.line++;
    }
    this.position = position;
    return this.line;
  }
}
