/**
 * Deterministic mutants of an e-invoice for differential tests: drop an element, empty it, change an amount,
 * swap a code, remove a VAT breakdown, change a category or rate, drop an attribute, duplicate an element.
 */
import { NAMESPACES, parseXml, type El } from '../src/xml/dom';
import { CII_FRAGMENTS, UBL_FRAGMENTS } from './fragments';

interface Node {
  name: string;
  attrs: Record<string, string>;
  text: string;
  kids: Node[];
  parent?: Node;
}

function toNode(el: El, parent?: Node): Node {
  const n: Node = { name: el.name, attrs: { ...el.attrs }, text: el.text, kids: [], parent };
  n.kids = el.kids.map((k) => toNode(k, n));
  return n;
}

const PREFIX_URI = Object.fromEntries(Object.entries(NAMESPACES).map(([uri, p]) => [p, uri]));

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function serialize(n: Node, root = true): string {
  let name = n.name;
  let decl = '';
  const m = /^\{([^}]*)\}(.*)$/.exec(name);
  if (m) {
    name = m[2]!;
    decl = ` xmlns="${esc(m[1]!)}"`;
  }
  if (root) {
    const used = new Set<string>();
    const collect = (x: Node) => {
      const p = x.name.split(':')[0]!;
      if (PREFIX_URI[p]) used.add(p);
      for (const a of Object.keys(x.attrs)) if (a.includes(':') && PREFIX_URI[a.split(':')[0]!]) used.add(a.split(':')[0]!);
      x.kids.forEach(collect);
    };
    collect(n);
    decl += [...used].map((p) => ` xmlns:${p}="${PREFIX_URI[p]}"`).join('');
  }
  const attrs = Object.entries(n.attrs)
    .filter(([k]) => !k.startsWith('{'))
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');
  const body = esc(n.text.trim() === '' && n.kids.length > 0 ? '' : n.text) + n.kids.map((k) => serialize(k, false)).join('');
  return `<${name}${decl}${attrs}>${body}</${name}>`;
}

/** A small deterministic pseudo-random generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function all(n: Node): Node[] {
  const out: Node[] = [n];
  for (let i = 0; i < out.length; i++) out.push(...out[i]!.kids);
  return out;
}

const local = (n: Node) => n.name.replace(/^[^:]*:/, '');
const isLeaf = (n: Node) => n.kids.length === 0;

const CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B', 'X'];
const CODES: Record<string, string[]> = {
  currencyID: ['EUR', 'USD', 'XYZ', 'eur'],
  unitCode: ['C62', 'H87', 'XPP', 'ZZZ9', 'HUR'],
  schemeID: ['0088', '9930', 'EM', 'SEPA', 'VA', 'FC', '0204', 'XX', '0060'],
  listID: ['STI', 'CVD', 'ZZZ', 'IB', 'QQ'],
  mimeCode: ['application/pdf', 'text/plain', 'image/png'],
  IdentificationCode: ['DE', 'FR', 'IT', 'XX', 'EL', 'AN'],
  CountryID: ['DE', 'FR', 'IT', 'XX', 'EL', 'AN'],
  DocumentCurrencyCode: ['EUR', 'USD', 'XYZ'],
  InvoiceCurrencyCode: ['EUR', 'USD', 'XYZ'],
  TaxCurrencyCode: ['EUR', 'USD', 'XYZ'],
  InvoiceTypeCode: ['380', '381', '384', '326', '999', '751'],
  CreditNoteTypeCode: ['381', '380', '999'],
  TypeCode: ['380', '381', '58', '30', '59', '916', '50', '999', 'VAT'],
  PaymentMeansCode: ['30', '58', '59', '48', '1', '999', 'ZZZ'],
  ChargeIndicator: ['true', 'false'],
  Indicator: ['true', 'false'],
  AllowanceChargeReasonCode: ['95', '100', 'ZZZ', 'AA', '999'],
  ReasonCode: ['95', '100', 'ZZZ', 'AA', '999'],
  TaxExemptionReasonCode: ['VATEX-EU-IC', 'VATEX-EU-AE', 'VATEX-XX'],
  ExemptionReasonCode: ['VATEX-EU-IC', 'VATEX-EU-AE', 'VATEX-XX'],
  DescriptionCode: ['3', '35', '432', '5'],
  DueDateTypeCode: ['5', '29', '72', '3'],
  CustomizationID: [
    'urn:cen.eu:en16931:2017',
    'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0',
  ],
};

type Operator = (rnd: () => number, root: Node) => string | undefined;

function pick<T>(rnd: () => number, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rnd() * items.length)];
}

function numberText(n: Node): number | undefined {
  const v = Number(n.text.trim());
  return n.text.trim() !== '' && Number.isFinite(v) ? v : undefined;
}

const operators: Record<string, Operator> = {
  dropElement(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => x.parent),
    );
    if (!n) return undefined;
    n.parent!.kids.splice(n.parent!.kids.indexOf(n), 1);
    return `drop ${n.name}`;
  },
  emptyElement(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => x.parent && isLeaf(x) && numberText(x) === undefined && !/Date|Indicator/.test(local(x))),
    );
    if (!n) return undefined;
    n.text = '';
    return `empty ${n.name}`;
  },
  changeAmount(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => /Amount$/.test(local(x)) && numberText(x) !== undefined),
    );
    if (!n) return undefined;
    const v = numberText(n)!;
    const choice = Math.floor(rnd() * 5);
    const next = choice === 0 ? v + 1 : choice === 1 ? v - 0.01 : choice === 2 ? v * 2 : choice === 3 ? -v : v + 0.004;
    n.text = choice === 4 ? next.toFixed(3) : next.toFixed(2);
    return `amount ${n.name} ${v} -> ${n.text}`;
  },
  changePercent(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => /Percent$/.test(local(x))),
    );
    if (!n) return undefined;
    n.text = pick(rnd, ['0', '7', '19', '19.00', '-1', '20'])!;
    return `percent ${n.name} -> ${n.text}`;
  },
  swapCategory(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => (x.name === 'cbc:ID' && /TaxCategory$/.test(local(x.parent!))) || x.name === 'ram:CategoryCode'),
    );
    if (!n) return undefined;
    n.text = pick(rnd, CATEGORIES)!;
    return `category ${n.name} -> ${n.text}`;
  },
  swapCode(rnd, root) {
    const candidates = all(root).filter((x) => CODES[local(x)] && isLeaf(x));
    const n = pick(rnd, candidates);
    if (!n) return undefined;
    n.text = pick(rnd, CODES[local(n)]!)!;
    return `code ${n.name} -> ${n.text}`;
  },
  swapAttribute(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => Object.keys(x.attrs).some((a) => CODES[a])),
    );
    if (!n) return undefined;
    const a = pick(
      rnd,
      Object.keys(n.attrs).filter((k) => CODES[k]),
    )!;
    const drop = rnd() < 0.3;
    if (drop) delete n.attrs[a];
    else n.attrs[a] = pick(rnd, CODES[a]!)!;
    return `attribute ${n.name}@${a} ${drop ? 'dropped' : `-> ${n.attrs[a]}`}`;
  },
  addAttribute(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => /(ID|Code)$/.test(local(x)) && isLeaf(x)),
    );
    if (!n) return undefined;
    const a = pick(rnd, ['schemeID', 'listID', 'schemeName'])!;
    n.attrs[a] = pick(rnd, CODES[a] ?? ['X'])!;
    return `add ${n.name}@${a}=${n.attrs[a]}`;
  },
  removeBreakdown(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter(
        (x) => x.name === 'cac:TaxSubtotal' || (x.name === 'ram:ApplicableTradeTax' && x.parent?.name === 'ram:ApplicableHeaderTradeSettlement'),
      ),
    );
    if (!n) return undefined;
    n.parent!.kids.splice(n.parent!.kids.indexOf(n), 1);
    return `remove breakdown ${n.name}`;
  },
  duplicateElement(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => x.parent && x.parent.parent),
    );
    if (!n) return undefined;
    const copy = JSON.parse(JSON.stringify(n, (k, v) => (k === 'parent' ? undefined : v))) as Node;
    const relink = (x: Node, p: Node) => {
      x.parent = p;
      x.kids.forEach((k) => relink(k, x));
    };
    relink(copy, n.parent!);
    n.parent!.kids.splice(n.parent!.kids.indexOf(n) + 1, 0, copy);
    return `duplicate ${n.name}`;
  },
  insertFragment(rnd, root) {
    const fragments = root.name === 'rsm:CrossIndustryInvoice' ? CII_FRAGMENTS : UBL_FRAGMENTS;
    const f = pick(rnd, fragments)!;
    const parentName =
      f.parent === 'ubl:Invoice' ? root.name : f.parent === 'cac:InvoiceLine' && root.name === 'cn:CreditNote' ? 'cac:CreditNoteLine' : f.parent;
    const parent = pick(
      rnd,
      all(root).filter((x) => x.name === parentName),
    );
    if (!parent) return undefined;
    const text = f.xml((items) => pick(rnd, items)!);
    if (text === '') return undefined;
    const declared = Object.entries(NAMESPACES)
      .map(([uri, p]) => `xmlns:${p}="${uri}"`)
      .join(' ');
    const wrapper = toNode(parseXml(`<wrap ${declared}>${text}</wrap>`));
    for (const k of wrapper.kids) k.parent = parent;
    parent.kids.push(...wrapper.kids);
    return `insert into ${parent.name}: ${text.slice(0, 80)}`;
  },
  changeDate(rnd, root) {
    const n = pick(
      rnd,
      all(root).filter((x) => /(StartDate|EndDate|DateTimeString)$/.test(local(x)) && isLeaf(x)),
    );
    if (!n) return undefined;
    n.text = n.text.replace(/\d{4}/, (y) => String(Number(y) + (rnd() < 0.5 ? -1 : 1)));
    return `date ${n.name} -> ${n.text}`;
  },
};

export const OPERATORS = Object.keys(operators);

export interface Mutant {
  seed: number;
  description: string;
  xml: string;
}

/** One to three mutations of `xml`, fully determined by `seed`; undefined when nothing applied. */
export function mutate(xml: string, seed: number): Mutant | undefined {
  const rnd = random(seed);
  const root = toNode(parseXml(xml));
  const steps: string[] = [];
  const count = 1 + Math.floor(rnd() * 3 * rnd());
  for (let i = 0; i < count; i++) {
    const name = rnd() < 0.4 ? 'insertFragment' : pick(rnd, OPERATORS)!;
    const done = operators[name]!(rnd, root);
    if (done) steps.push(done);
  }
  if (steps.length === 0) return undefined;
  return { seed, description: steps.join('; '), xml: `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}` };
}
