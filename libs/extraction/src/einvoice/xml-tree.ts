import { XMLParser } from 'fast-xml-parser';

/** A parsed XML element: child elements by local name (namespace prefix removed), attributes as `@_name`. */
export interface XmlElement {
  [key: string]: XmlNode[] | string | undefined;
}
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
});

/** Parses XML into a tree; refuses entity declarations (billion laughs), which no e-invoice needs. */
export function parseXml(xml: string): XmlElement {
  if (/<!ENTITY/i.test(xml)) throw new Error('The XML file declares entities, which e-invoices never do.');
  return parser.parse(xml) as XmlElement;
}

function isElement(node: XmlNode | undefined): node is XmlElement {
  return typeof node === 'object' && node !== null;
}

/** Child nodes of `node` named `name`. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!isElement(node)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [];
}

/** All nodes reached by following `path`; each step may list alternatives separated by `|`. */
export function all(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  let current: XmlNode[] = node === undefined ? [] : [node];
  for (const step of path) {
    const names = step.split('|');
    current = current.flatMap((n) => names.flatMap((name) => children(n, name)));
  }
  return current;
}

export function first(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  return all(node, ...path)[0];
}

/** Text content of a node, whitespace collapsed; undefined when empty. */
export function text(node: XmlNode | undefined): string | undefined {
  const raw = typeof node === 'string' ? node : isElement(node) ? node['#text'] : undefined;
  const value = Array.isArray(raw) ? raw.find((r): r is string => typeof r === 'string') : raw;
  if (typeof value !== 'string') return undefined;
  const collapsed = value.replace(/\s+/g, ' ').trim();
  return collapsed.length > 0 ? collapsed : undefined;
}

export function textAt(node: XmlNode | undefined, ...path: string[]): string | undefined {
  for (const n of all(node, ...path)) {
    const value = text(n);
    if (value !== undefined) return value;
  }
  return undefined;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  if (!isElement(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

export function num(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/\s/g, ''));
  return Number.isFinite(n) ? n : undefined;
}
