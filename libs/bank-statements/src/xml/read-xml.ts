import { StatementParseError } from '../statement';
import { textInOnePiece, type TextPieces } from '../text-pieces';

/** What the reader reports, element by element; names without their namespace prefix. */
export interface XmlHandler {
  /** `position`: where the start tag begins in the text (for messages naming the line). */
  open(name: string, attributes: Record<string, string> | null, position: number): void;
  text(value: string): void;
  close(name: string): void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;

const localName = (qualified: string) => {
  const colon = qualified.indexOf(':');
  return colon === -1 ? qualified : qualified.slice(colon + 1);
};

/**
 * A small, strict, non-validating XML reader for statement files (tens of MB): one pass over the text with
 * indexOf, reporting elements and text to the handler, so nothing but what the handler keeps stays in memory.
 * The text comes a piece at a time (a file's bytes decoded as they are read, never one string of the whole
 * file); a construct cut by the end of a piece is read again once the next piece is there. Positions count
 * from the start of the whole text.
 * It checks well-formedness (matching end tags, one root, quoted attributes, known entities) and refuses a
 * document type declaration: statements have none, and entity declarations are how XML bombs are built.
 * Errors name the line.
 */
export function readXml(input: string | TextPieces, handler: XmlHandler): void {
  const pieces = typeof input === 'string' ? textInOnePiece(input) : input;
  const stack: string[] = [];
  let rootSeen = false;
  /** The text at hand: the rest of the pieces read so far; `base` is where it starts in the whole text. */
  let xml = pieces.next(0) ?? '';
  let base = 0;
  let last = false;
  /** Drops the text before `from` and appends the next piece; false after the last piece (the text at hand unchanged). */
  const more = (from: number): boolean => {
    if (last) return false;
    const piece = pieces.next(xml.length - from);
    if (piece === null) {
      last = true;
      return false;
    }
    xml = xml.slice(from) + piece;
    base += from;
    return true;
  };
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (at: number, message: string): never => {
    throw new StatementParseError(`Malformed XML at line ${pieces.lineOf(base + at)}: ${message}`);
  };
  const decode = (raw: string, at: number): string => {
    if (raw.indexOf('&') === -1) return raw;
    return raw.replace(/&([^;&\s]{0,12});?/g, (match, name: string) => {
      if (!match.endsWith(';')) fail(at, `"&" must start an entity such as &amp;.`);
      if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(parseInt(name.slice(2), 16), at);
      if (name.startsWith('#')) return codePoint(Number(name.slice(1)), at);
      const known = ENTITIES[name];
      if (known === undefined) fail(at, `the entity &${name}; is not defined.`);
      return known!;
    });
  };
  const codePoint = (n: number, at: number): string => {
    if (!Number.isInteger(n) || n <= 0 || n > 0x10ffff) fail(at, 'a character reference names no character.');
    return String.fromCodePoint(n);
  };

  // `continue scan` with i = 0 reads the construct at the start of the text at hand again, after `more`.
  scan: for (;;) {
    if (i >= xml.length) {
      if (!more(i)) break;
      i = 0;
    }
    const lt = xml.indexOf('<', i);
    // Text is reported whole, up to the next "<" (an entity is never cut between pieces).
    if (lt === -1 && more(i)) {
      i = 0;
      continue;
    }
    const end = lt === -1 ? xml.length : lt;
    // Whitespace between elements carries nothing in a statement; only other text is cut out of the file.
    if (end > i && !onlySpace(xml, i, end)) {
      if (stack.length > 0) handler.text(decode(xml.slice(i, end), i));
      else fail(i, rootSeen ? 'text after the root element.' : 'text before the root element.');
    }
    if (lt === -1) break;
    i = lt;
    // Enough of the construct to tell what it is ("<![CDATA[", "<!DOCTYPE": 9 characters).
    if (xml.length - lt < 9 && more(lt)) {
      i = 0;
      continue;
    }
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const close = xml.indexOf('?>', lt + 2);
      if (close === -1) {
        if (more(lt)) {
          i = 0;
          continue;
        }
        fail(lt, 'a processing instruction is not closed.');
      }
      i = close + 2;
      continue;
    }
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const close = xml.indexOf('-->', lt + 4);
        if (close === -1) {
          if (more(lt)) {
            i = 0;
            continue;
          }
          fail(lt, 'a comment is not closed.');
        }
        i = close + 3;
        continue;
      }
      if (xml.startsWith('<![CDATA[', lt)) {
        const close = xml.indexOf(']]>', lt + 9);
        if (close === -1) {
          if (more(lt)) {
            i = 0;
            continue;
          }
          fail(lt, 'a CDATA section is not closed.');
        }
        if (stack.length === 0) fail(lt, 'CDATA outside the root element.');
        handler.text(xml.slice(lt + 9, close));
        i = close + 3;
        continue;
      }
      if (/^<!DOCTYPE/i.test(xml.slice(lt, lt + 9)))
        throw new StatementParseError(
          `Line ${pieces.lineOf(base + lt)}: the XML declares a document type (DOCTYPE); statement files have none, so it is not read.`,
        );
      fail(lt, 'unexpected "<!".');
    }
    if (next === 0x2f /* / */) {
      const close = xml.indexOf('>', lt + 2);
      if (close === -1) {
        if (more(lt)) {
          i = 0;
          continue;
        }
        fail(lt, 'an end tag is not closed.');
      }
      const open = stack.pop();
      // Compared in place: an end tag is the start tag's name, perhaps followed by spaces.
      if (open === undefined || !xml.startsWith(open, lt + 2) || !onlySpace(xml, lt + 2 + open.length, close)) {
        const name = xml.slice(lt + 2, close).trim();
        if (open === undefined) fail(lt, `the end tag </${name}> has no start tag.`);
        fail(lt, `the end tag </${name}> does not close <${open}>.`);
      }
      handler.close(localName(open!));
      i = close + 1;
      continue;
    }
    // A start tag: its name, then attributes up to ">" or "/>" (a ">" inside a quoted value does not end it).
    // Wherever it runs into the end of the text at hand, it is read again with the next piece.
    let j = lt + 1;
    while (j < xml.length && !isNameEnd(xml.charCodeAt(j))) j++;
    if (j >= xml.length && more(lt)) {
      i = 0;
      continue;
    }
    const name = xml.slice(lt + 1, j);
    if (name === '' || !NAME_START.test(name[0]!)) fail(lt, 'a "<" that starts no element (write &lt; in text).');
    if (stack.length === 0 && rootSeen) fail(lt, `a second root element <${name}>.`);
    let attributes: Record<string, string> | null = null;
    let selfClosing = false;
    for (;;) {
      while (j < xml.length && isSpace(xml.charCodeAt(j))) j++;
      if (j + 1 >= xml.length && more(lt)) {
        i = 0;
        continue scan;
      }
      if (j >= xml.length) fail(lt, `the start tag <${name}> is not closed (truncated?).`);
      const c = xml.charCodeAt(j);
      if (c === 0x3e /* > */) {
        j++;
        break;
      }
      if (c === 0x2f /* / */ && xml.charCodeAt(j + 1) === 0x3e) {
        selfClosing = true;
        j += 2;
        break;
      }
      const nameStart = j;
      while (j < xml.length && !isNameEnd(xml.charCodeAt(j)) && xml.charCodeAt(j) !== 0x3d) j++;
      const attribute = xml.slice(nameStart, j);
      while (j < xml.length && isSpace(xml.charCodeAt(j))) j++;
      if (j + 1 >= xml.length && more(lt)) {
        i = 0;
        continue scan;
      }
      if (attribute === '' || xml.charCodeAt(j) !== 0x3d /* = */) fail(j, `the attribute "${attribute}" of <${name}> has no value.`);
      j++;
      while (j < xml.length && isSpace(xml.charCodeAt(j))) j++;
      if (j >= xml.length && more(lt)) {
        i = 0;
        continue scan;
      }
      const quote = xml[j];
      if (quote !== '"' && quote !== "'") fail(j, `the value of the attribute "${attribute}" of <${name}> is not quoted.`);
      const valueEnd = xml.indexOf(quote!, j + 1);
      if (valueEnd === -1 && more(lt)) {
        i = 0;
        continue scan;
      }
      if (valueEnd === -1) fail(j, `the value of the attribute "${attribute}" of <${name}> is not closed.`);
      const value = xml.slice(j + 1, valueEnd);
      if (value.indexOf('<') !== -1) fail(j, `"<" in the value of the attribute "${attribute}".`);
      (attributes ??= {})[attribute] = decode(value, j);
      j = valueEnd + 1;
    }
    rootSeen = true;
    const local = localName(name);
    handler.open(local, attributes, base + lt);
    if (selfClosing) handler.close(local);
    else stack.push(name);
    i = j;
  }
  if (stack.length > 0)
    throw new StatementParseError(
      `Malformed XML at line ${pieces.lineOf(base + xml.length)}: the file ends before ${stack.map(localName).join('/')} is closed (truncated?).`,
    );
  if (!rootSeen) throw new StatementParseError('Malformed XML at line 1: the file has no root element.');
}

function onlySpace(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(text.charCodeAt(k))) return false;
  return true;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isNameEnd = (c: number) => isSpace(c) || c === 0x3e /* > */ || c === 0x2f; /* / */
