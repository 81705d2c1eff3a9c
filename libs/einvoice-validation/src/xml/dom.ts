import { XMLParser } from 'fast-xml-parser';

/** Namespaces of UBL 2.1 and UN/CEFACT CII D16B, each under the prefix the rules use for it. */
export const NAMESPACES: Readonly<Record<string, string>> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'ubl',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'cn',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
  'http://www.w3.org/2001/XMLSchema-instance': 'xsi',
};

/**
 * An element of the parsed document. `name` is the namespace-qualified name with the canonical prefix of its
 * namespace (e.g. `cbc:ID`), whatever prefix the document used; elements in other namespaces are named
 * `{uri}local`. `text` is the element's own character data; `value()` is the XPath string value.
 */
export class El {
  readonly kids: El[] = [];
  text = '';
  constructor(
    readonly name: string,
    readonly attrs: Readonly<Record<string, string>>,
    readonly parent: El | undefined,
    /** 1-based position among the parent's children of the same name, for locations. */
    readonly position: number,
  ) {}

  get local(): string {
    return this.name.slice(this.name.indexOf(':') + 1).replace(/^\{[^}]*\}/, '');
  }

  /** Children with this name. */
  all(name: string): El[] {
    return this.kids.filter((k) => k.name === name);
  }

  /** Elements reached by a child path like `cac:TaxTotal/cac:TaxSubtotal`. */
  at(path: string): El[] {
    let current: El[] = [this];
    for (const step of path.split('/')) {
      if (step === '..') current = current.flatMap((c) => (c.parent ? [c.parent] : []));
      else current = current.flatMap((c) => c.all(step));
    }
    return current;
  }

  first(path: string): El | undefined {
    return this.at(path)[0];
  }

  has(path: string): boolean {
    return this.at(path).length > 0;
  }

  /** All descendants (document order) with this name. */
  descendants(name: string): El[] {
    const out: El[] = [];
    const walk = (el: El) => {
      for (const k of el.kids) {
        if (k.name === name) out.push(k);
        walk(k);
      }
    };
    walk(this);
    return out;
  }

  ancestors(): El[] {
    const out: El[] = [];
    for (let p = this.parent; p; p = p.parent) out.push(p);
    return out;
  }

  hasAncestor(name: string): boolean {
    return this.ancestors().some((a) => a.name === name);
  }

  attr(name: string): string | undefined {
    return this.attrs[name];
  }

  /** XPath string value: all descendant text in document order. */
  value(): string {
    if (this.kids.length === 0) return this.text;
    return this.text + this.kids.map((k) => k.value()).join('');
  }

  /** A location path such as `/Invoice/cac:TaxTotal[1]/cbc:TaxAmount[1]`. */
  xpath(): string {
    const steps: string[] = [];
    for (let el: El | undefined = this; el; el = el.parent) {
      steps.unshift(el.parent ? `${el.name}[${el.position}]` : el.name.replace(/^(ubl|cn|rsm):/, '$1:'));
    }
    return `/${steps.join('/')}`;
  }
}

export class XmlRefused extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function qualify(qname: string, scope: Map<string, string>, isAttribute: boolean): string {
  const colon = qname.indexOf(':');
  const prefix = colon === -1 ? '' : qname.slice(0, colon);
  const local = colon === -1 ? qname : qname.slice(colon + 1);
  if (isAttribute && prefix === '') return local;
  const uri = scope.get(prefix);
  if (uri === undefined) return qname;
  const canonical = NAMESPACES[uri];
  return canonical ? `${canonical}:${local}` : `{${uri}}${local}`;
}

/**
 * Parses an XML text into elements with resolved namespaces. Refuses documents with a DOCTYPE (and so any
 * entity declaration): no e-invoice needs one, and they are the door to entity-expansion attacks.
 */
export function parseXml(xml: string): El {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new XmlRefused('The XML declares a DOCTYPE or entities, which e-invoices never do.');
  const validation = XMLValidatorCheck(xml);
  if (validation !== true) throw new XmlRefused(`The file is not well-formed XML: ${validation}`);
  const nodes = parser.parse(xml) as OrderedNode[];
  let root: El | undefined;
  const build = (node: OrderedNode, parent: El | undefined, scope: Map<string, string>, counts: Map<string, number>): El | undefined => {
    const tag = Object.keys(node).find((k) => k !== ':@');
    if (!tag || tag === '#text' || tag === '#comment' || tag.startsWith('?')) return undefined;
    const rawAttrs = node[':@'] ?? {};
    let local = scope;
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) {
        if (local === scope) local = new Map(scope);
        local.set(k === 'xmlns' ? '' : k.slice(6), v);
      }
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
      attrs[qualify(k, local, true)] = String(v);
    }
    const name = qualify(tag, local, false);
    const position = (counts.get(name) ?? 0) + 1;
    counts.set(name, position);
    const el = new El(name, attrs, parent, position);
    const childCounts = new Map<string, number>();
    for (const child of (node[tag] as OrderedNode[]) ?? []) {
      if ('#text' in child) el.text += String(child['#text']);
      else {
        const k = build(child, el, local, childCounts);
        if (k) el.kids.push(k);
      }
    }
    return el;
  };
  const rootCounts = new Map<string, number>();
  for (const node of nodes) {
    const el = build(node, undefined, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]), rootCounts);
    if (el) {
      if (root) throw new XmlRefused('The XML has more than one root element.');
      root = el;
    }
  }
  if (!root) throw new XmlRefused('The file holds no XML element.');
  return root;
}

// fast-xml-parser's validator reports unclosed or mismatched tags, which the parser itself tolerates.
import { XMLValidator } from 'fast-xml-parser';
function XMLValidatorCheck(xml: string): true | string {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: false });
  return result === true ? true : `${result.err.msg} (line ${result.err.line})`;
}
