/**
 * White space as XML, XSD and XPath define it: space, tab, carriage return and line feed (XML 1.0 production S).
 * normalize-space, the xs:decimal/xs:date whitespace facet and XPath's `\s` take only these four. JavaScript's
 * trim(), Number() and `\s` also take the no-break space and the other Unicode spaces, so a value that is only a
 * no-break space (pasted from a word processor) would count as empty here and not in the official rules.
 */
const SPACE_RUN = /[ \t\r\n]+/g;
const EDGES = /^[ \t\r\n]+|[ \t\r\n]+$/g;
/** The lexical space of xs:double after whitespace collapse (XSD 1.1 adds +INF). */
const DOUBLE = /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/;

/** The string without XML white space at either end. */
export function xmlTrim(text: string): string {
  return text.replace(EDGES, '');
}

/** XPath normalize-space. */
export function normalizeSpace(text: string): string {
  return xmlTrim(text.replace(SPACE_RUN, ' '));
}

/** XPath number() of a string (xs:double cast; NaN when it is none). */
export function xmlNumber(text: string): number {
  const v = xmlTrim(text);
  if (!DOUBLE.test(v)) return NaN;
  return v.endsWith('INF') ? (v.startsWith('-') ? -Infinity : Infinity) : Number(v);
}

/** An element's string value without XML white space at either end; undefined when there is no element. */
export function xmlTrimmed(el: { value(): string } | undefined): string | undefined {
  return el === undefined ? undefined : xmlTrim(el.value());
}
