import { SaxesParser, type SaxesTagNS } from 'saxes';

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
  ) {}

  /** 1-based position among the parent's children of the same name, for locations. */
  get position(): number {
    if (!this.parent) return 1;
    let n = 0;
    for (const k of this.parent.kids) {
      if (k.name === this.name) n++;
      if (k === this) break;
    }
    return n;
  }

  /** Local name without namespace. */
  get local(): string {
    if (this.localName === undefined)
      this.localName = this.name.startsWith('{') ? this.name.slice(this.name.indexOf('}') + 1) : this.name.slice(this.name.indexOf(':') + 1);
    return this.localName;
  }
  private localName?: string;

  /** Children with this name. */
  all(name: string): El[] {
    const out: El[] = [];
    for (const k of this.kids) if (k.name === name) out.push(k);
    return out;
  }

  /** Elements reached by a child path like `cac:TaxTotal/cac:TaxSubtotal` (`..` steps up). */
  at(path: string): El[] {
    const steps = stepsOf(path);
    let current: El[] = [this];
    for (const step of steps) {
      const next: El[] = [];
      for (const c of current) {
        if (step === '..') {
          if (c.parent) next.push(c.parent);
        } else {
          for (const k of c.kids) if (k.name === step) next.push(k);
        }
      }
      current = next;
    }
    return current;
  }

  first(path: string): El | undefined {
    return firstAt(this, stepsOf(path), 0);
  }

  has(path: string): boolean {
    return firstAt(this, stepsOf(path), 0) !== undefined;
  }

  private index?: Map<string, El[]>;
  private everything?: El[];

  /** This element and all below it in document order (cached: the tree is not changed after parsing). */
  subtree(): El[] {
    if (!this.everything) {
      const out: El[] = [];
      const walk = (el: El) => {
        out.push(el);
        for (const k of el.kids) walk(k);
      };
      walk(this);
      this.everything = out;
    }
    return this.everything;
  }

  /** All descendants (document order) with this name. */
  descendants(name: string): El[] {
    if (!this.parent) {
      if (!this.index) {
        this.index = new Map();
        for (const el of this.subtree()) {
          if (el === this) continue;
          const list = this.index.get(el.name);
          if (list) list.push(el);
          else this.index.set(el.name, [el]);
        }
      }
      return this.index.get(name) ?? [];
    }
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
    // The walk up the tree starts at this element.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    for (let el: El | undefined = this; el; el = el.parent) {
      steps.unshift(el.parent ? `${el.name}[${el.position}]` : el.name.replace(/^(ubl|cn|rsm):/, '$1:'));
    }
    return `/${steps.join('/')}`;
  }
}

const stepCache = new Map<string, string[]>();
function stepsOf(path: string): string[] {
  let steps = stepCache.get(path);
  if (!steps) {
    steps = path.split('/');
    stepCache.set(path, steps);
  }
  return steps;
}

function firstAt(el: El, steps: string[], i: number): El | undefined {
  if (i === steps.length) return el;
  const step = steps[i]!;
  if (step === '..') return el.parent ? firstAt(el.parent, steps, i + 1) : undefined;
  for (const k of el.kids) {
    if (k.name !== step) continue;
    const found = firstAt(k, steps, i + 1);
    if (found) return found;
  }
  return undefined;
}

export class XmlRefused extends Error {}

const names = new Map<string, Map<string, string>>();
function canonical(uri: string, local: string): string {
  if (!uri) return local;
  let byLocal = names.get(uri);
  if (!byLocal) names.set(uri, (byLocal = new Map()));
  let name = byLocal.get(local);
  if (name === undefined) {
    const prefix = NAMESPACES[uri];
    name = prefix ? `${prefix}:${local}` : `{${uri}}${local}`;
    if (byLocal.size < 10_000) byLocal.set(local, name);
  }
  return name;
}

/**
 * Parses an XML text (strictly, with namespaces resolved) into elements. Refuses documents with a DOCTYPE
 * (and so any entity declaration): no e-invoice needs one, and they are the door to entity-expansion attacks.
 */
export function parseXml(xml: string): El {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let root: El | undefined;
  const stack: El[] = [];
  parser.on('doctype', () => {
    throw new XmlRefused('The XML declares a DOCTYPE, which e-invoices never do.');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attrs: Record<string, string> = {};
    for (const key in tag.attributes) {
      const a = tag.attributes[key]!;
      if (a.prefix === 'xmlns' || (a.prefix === '' && a.local === 'xmlns')) continue;
      attrs[a.uri ? canonical(a.uri, a.local) : a.local] = a.value;
    }
    const name = canonical(tag.uri, tag.local);
    const parent = stack[stack.length - 1];
    const el = new El(name, attrs, parent);
    if (parent) parent.kids.push(el);
    else if (root) throw new XmlRefused('The XML has more than one root element.');
    else root = el;
    stack.push(el);
  });
  const onText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('error', (e: Error) => {
    throw new XmlRefused(`The file is not well-formed XML: ${e.message}`);
  });
  parser.write(xml).close();
  if (!root) throw new XmlRefused('The file holds no XML element.');
  return root;
}
