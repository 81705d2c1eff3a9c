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

const localName = (qualified: string) => {
  const colon = qualified.indexOf(':');
  return colon === -1 ? qualified : qualified.slice(colon + 1);
};

interface ElementName {
  qualified: string;
  local: string;
}

/** Names kept per length and first character; a bucket this full takes no more (a file of ever new names). */
const NAMES_PER_BUCKET = 8;

/**
 * The element names of a file, each kept once: a start tag's name is looked up in place (statements use a few
 * dozen names for millions of elements), not cut out of the text and stripped of its prefix each time.
 */
class ElementNames {
  private readonly buckets = new Map<number, ElementName[]>();

  at(xml: string, from: number, to: number): ElementName {
    const key = (to - from) * 0x10000 + xml.charCodeAt(from);
    const bucket = this.buckets.get(key);
    if (bucket) for (let k = 0; k < bucket.length; k++) if (xml.startsWith(bucket[k]!.qualified, from)) return bucket[k]!;
    const qualified = xml.slice(from, to);
    const name = { qualified, local: localName(qualified) };
    if (!bucket) this.buckets.set(key, [name]);
    else if (bucket.length < NAMES_PER_BUCKET) bucket.push(name);
    return name;
  }
}

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
  const stack: ElementName[] = [];
  const names = new ElementNames();
  let rootSeen = false;
  /** Where the text at hand starts in the whole text (for positions and messages). */
  let base = 0;
  const fail = (at: number, message: string): never => {
    throw new StatementParseError(`Malformed XML at line ${pieces.lineOf(base + at)}: ${message}`);
  };
  const decode = (raw: string, at: number): string => {
    if (raw.indexOf('&') === -1) return detached(raw);
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

  /**
   * Reads the text at hand from `i`: -1 when it is read through and `last` (no piece follows), else where the
   * construct begins that runs into its end, to be read again with the next piece. The text is a parameter, not
   * a variable the closures share, so the loops over its characters keep it at hand.
   */
  const readFrom = (xml: string, i: number, last: boolean): number => {
    for (;;) {
      if (i >= xml.length) return last ? -1 : i;
      const lt = xml.indexOf('<', i);
      // Text is reported whole, up to the next "<" (an entity is never cut between pieces).
      if (lt === -1 && !last) return i;
      const end = lt === -1 ? xml.length : lt;
      // Whitespace between elements carries nothing in a statement; only other text is cut out of the file.
      if (end > i && !onlySpace(xml, i, end)) {
        if (stack.length > 0) handler.text(decode(xml.slice(i, end), i));
        else fail(i, rootSeen ? 'text after the root element.' : 'text before the root element.');
      }
      if (lt === -1) return -1;
      i = lt;
      // Enough of the construct to tell what it is ("<![CDATA[", "<!DOCTYPE": 9 characters).
      if (xml.length - lt < 9 && !last) return lt;
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x3f /* ? */) {
        const close = xml.indexOf('?>', lt + 2);
        if (close === -1) {
          if (!last) return lt;
          fail(lt, 'a processing instruction is not closed.');
        }
        i = close + 2;
        continue;
      }
      if (next === 0x21 /* ! */) {
        if (xml.startsWith('<!--', lt)) {
          const close = xml.indexOf('-->', lt + 4);
          if (close === -1) {
            if (!last) return lt;
            fail(lt, 'a comment is not closed.');
          }
          i = close + 3;
          continue;
        }
        if (xml.startsWith('<![CDATA[', lt)) {
          const close = xml.indexOf(']]>', lt + 9);
          if (close === -1) {
            if (!last) return lt;
            fail(lt, 'a CDATA section is not closed.');
          }
          if (stack.length === 0) fail(lt, 'CDATA outside the root element.');
          handler.text(detached(xml.slice(lt + 9, close)));
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
          if (!last) return lt;
          fail(lt, 'an end tag is not closed.');
        }
        const open = stack.pop();
        // Compared in place: an end tag is the start tag's name, perhaps followed by spaces.
        if (open === undefined || !xml.startsWith(open.qualified, lt + 2) || !onlySpace(xml, lt + 2 + open.qualified.length, close)) {
          const name = xml.slice(lt + 2, close).trim();
          if (open === undefined) fail(lt, `the end tag </${name}> has no start tag.`);
          fail(lt, `the end tag </${name}> does not close <${open!.qualified}>.`);
        }
        handler.close(open!.local);
        i = close + 1;
        continue;
      }
      // A start tag: its name, then attributes up to ">" or "/>" (a ">" inside a quoted value does not end it).
      // Wherever it runs into the end of the text at hand, it is read again with the next piece.
      let j = lt + 1;
      while (j < xml.length && !isNameEnd(xml.charCodeAt(j))) j++;
      if (j >= xml.length && !last) return lt;
      if (j === lt + 1 || !isNameStart(xml.charCodeAt(lt + 1))) fail(lt, 'a "<" that starts no element (write &lt; in text).');
      const element = names.at(xml, lt + 1, j);
      const name = element.qualified;
      if (stack.length === 0 && rootSeen) fail(lt, `a second root element <${name}>.`);
      let attributes: Record<string, string> | null = null;
      let selfClosing = false;
      for (;;) {
        while (j < xml.length && isSpace(xml.charCodeAt(j))) j++;
        if (j + 1 >= xml.length && !last) return lt;
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
        if (j + 1 >= xml.length && !last) return lt;
        if (attribute === '' || xml.charCodeAt(j) !== 0x3d /* = */) fail(j, `the attribute "${attribute}" of <${name}> has no value.`);
        j++;
        while (j < xml.length && isSpace(xml.charCodeAt(j))) j++;
        if (j >= xml.length && !last) return lt;
        const quote = xml[j];
        if (quote !== '"' && quote !== "'") fail(j, `the value of the attribute "${attribute}" of <${name}> is not quoted.`);
        const valueEnd = xml.indexOf(quote!, j + 1);
        if (valueEnd === -1 && !last) return lt;
        if (valueEnd === -1) fail(j, `the value of the attribute "${attribute}" of <${name}> is not closed.`);
        const value = xml.slice(j + 1, valueEnd);
        if (value.indexOf('<') !== -1) fail(j, `"<" in the value of the attribute "${attribute}".`);
        (attributes ??= {})[attribute] = decode(value, j);
        j = valueEnd + 1;
      }
      rootSeen = true;
      handler.open(element.local, attributes, base + lt);
      if (selfClosing) handler.close(element.local);
      else stack.push(element);
      i = j;
    }
  };

  let xml = pieces.next(0) ?? '';
  let last = false;
  let from = readFrom(xml, xml.charCodeAt(0) === 0xfeff ? 1 : 0, last);
  while (from !== -1) {
    // The text before `from` is read; the rest and the next piece are the text at hand. After the last piece the
    // rest is read again knowing nothing follows (a construct still open is then an error).
    const piece = pieces.next(xml.length - from);
    if (piece === null) last = true;
    else {
      xml = xml.slice(from) + piece;
      base += from;
      from = 0;
    }
    from = readFrom(xml, from, last);
  }
  if (stack.length > 0)
    throw new StatementParseError(
      `Malformed XML at line ${pieces.lineOf(base + xml.length)}: the file ends before ${stack.map((e) => e.local).join('/')} is closed (truncated?).`,
    );
  if (!rootSeen) throw new StatementParseError('Malformed XML at line 1: the file has no root element.');
}

/**
 * The same text, not a view into the text at hand: V8 cuts a string of 13 characters or more out of a larger one
 * as a view that keeps the larger alive, and a value kept in an entry would keep its whole piece of the file
 * (64 KiB or more each; the young generation copies them). A prefix joined and cut off again is a copy of the value only.
 */
const detached = (value: string): string => (value.length < 13 ? value : (' ' + value).slice(1));

function onlySpace(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(text.charCodeAt(k))) return false;
  return true;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isNameEnd = (c: number) => isSpace(c) || c === 0x3e /* > */ || c === 0x2f; /* / */
/** A letter, "_", ":" or any character from U+00C0 on (also the first half of a surrogate pair). */
const isNameStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0xc0;
