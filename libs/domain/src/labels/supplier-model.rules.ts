import {
  LABEL_FIELDS,
  readLabelValue,
  sameLabelValue,
  type FieldSample,
  type LabelBox,
  type LabelField,
  type LabelValue,
  type OriginCode,
  type PageWord,
  type PageWords,
  type SupplierModelRecord,
} from '@portal/contracts';
import { distance } from 'fastest-levenshtein';
import { boxOf, linesOf, normaliseAnchor, round, textOf, type Line } from './page-lines.rules';

/** Examples kept per field (newest); older ones stop counting. */
export const MAX_SAMPLES = 5;
const MAX_ANCHOR_WORDS = 4;
const ANCHOR_GAP = 40;

/** How a supplier is recognised on a document: VAT ID first, then IBAN, then name. */
export interface SupplierIdentity {
  vatId: string | null;
  iban: string | null;
  name: string | null;
}

const normName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9äöüß]+/g, ' ')
    .trim();

/** The model key of a supplier: its VAT ID, else its IBAN, else its name; null when nothing identifies it. */
export function supplierKeyOf(identity: SupplierIdentity): string | null {
  if (identity.vatId) return `vat:${identity.vatId.replace(/\s/g, '').toUpperCase()}`;
  if (identity.iban) return `iban:${identity.iban.replace(/\s/g, '').toUpperCase()}`;
  if (identity.name && normName(identity.name)) return `name:${normName(identity.name)}`;
  return null;
}

/** Whether a model belongs to the supplier of a document (any identity matches). */
export function modelMatches(model: Pick<SupplierModelRecord, 'vat_ids' | 'ibans' | 'names'>, identity: SupplierIdentity): boolean {
  if (identity.vatId && model.vat_ids.includes(identity.vatId.replace(/\s/g, '').toUpperCase())) return true;
  if (identity.iban && model.ibans.includes(identity.iban.replace(/\s/g, '').toUpperCase())) return true;
  return !!identity.name && model.names.includes(normName(identity.name));
}

/** The words before a value: left of it on its line, else the line just above it over the value. */
function anchorOf(lines: Line[], box: LabelBox, page: number): { anchor: string; anchor_box: LabelBox } | null {
  const cy = box.y + box.height / 2;
  const index = lines.findIndex((l) => cy >= l.top - 1 && cy <= l.bottom + 1);
  const line = index >= 0 ? lines[index] : undefined;
  if (line) {
    const before = line.words.filter((w) => w.x + w.width <= box.x + 1);
    const run: PageWord[] = [];
    for (let i = before.length - 1; i >= 0 && run.length < MAX_ANCHOR_WORDS; i--) {
      const next = run[0] ?? { x: box.x };
      if (next.x - (before[i]!.x + before[i]!.width) > ANCHOR_GAP && run.length > 0) break;
      if (run.length === 0 && box.x - (before[i]!.x + before[i]!.width) > 200) break;
      run.unshift(before[i]!);
    }
    if (run.length > 0) return { anchor: normaliseAnchor(textOf(run)), anchor_box: boxOf(run, page) };
  }
  const above = [...lines].reverse().find((l) => l.bottom <= box.y + 1 && box.y - l.bottom < box.height * 1.8 + 4);
  const over = above?.words.filter((w) => w.x < box.x + box.width + 4 && w.x + w.width > box.x - 4) ?? [];
  if (over.length > 0) return { anchor: normaliseAnchor(textOf(over)), anchor_box: boxOf(over, page) };
  return null;
}

/** One example of a field: its box and the words before it, as the next invoice of the supplier is read. */
export function sampleAt(pages: readonly PageWords[], box: LabelBox, documentId: number, origin: OriginCode): FieldSample {
  const page = pages.find((p) => p.page === box.page);
  const anchor = page ? anchorOf(linesOf(page), box, box.page) : null;
  return { document_id: documentId, origin, box: { ...box }, anchor: anchor?.anchor ?? null, anchor_box: anchor?.anchor_box ?? null };
}

/**
 * Where a known value stands on the pages (for values a person confirmed without labeling): the shortest
 * run of words on one line that reads as the value. Amounts take the lowest occurrence (totals stand
 * below the items), everything else the first.
 */
export function locateValue(pages: readonly PageWords[], field: LabelField, value: LabelValue): LabelBox | null {
  const found: LabelBox[] = [];
  for (const page of pages) {
    for (const line of linesOf(page)) {
      for (let length = 1; length <= 6; length++) {
        for (let start = 0; start + length <= line.words.length; start++) {
          const run = line.words.slice(start, start + length);
          if (sameLabelValue(readLabelValue(field, textOf(run)), value) && !alsoWithout(field, run, value)) found.push(boxOf(run, page.page));
        }
      }
      if (found.length > 0 && !isAmount(field)) return found[0]!;
    }
  }
  if (found.length === 0) return null;
  return found.reduce((best, box) => (box.page > best.page || (box.page === best.page && box.y > best.y + 1) ? box : best));
}

const isAmount = (field: LabelField) => field === 'net_amount' || field === 'tax_amount' || field === 'gross_amount';

/** A run whose first or last word can go without changing the value is not the shortest. */
function alsoWithout(field: LabelField, run: PageWord[], value: LabelValue): boolean {
  if (run.length < 2) return false;
  return [run.slice(1), run.slice(0, -1)].some((part) => sameLabelValue(readLabelValue(field, textOf(part)), value));
}

/** OCR misreads a character here and there (ß as B, · as -): an anchor of 8 or more characters may differ in one of every eight. */
const misreadsAllowed = (anchor: string) => (anchor.length >= 8 ? Math.floor(anchor.length / 8) : 0);

/** The anchor's place on a new page: the run of words reading as it (or nearly, on a scan), the closest reading nearest to where it stood. */
function findAnchor(lines: Line[], sample: FieldSample): LabelBox | null {
  if (!sample.anchor || !sample.anchor_box) return null;
  const count = sample.anchor.split(' ').length;
  const allowed = misreadsAllowed(sample.anchor);
  let best: { box: LabelBox; score: number } | null = null;
  for (const line of lines) {
    for (let start = 0; start + count <= line.words.length; start++) {
      const run = line.words.slice(start, start + count);
      const text = normaliseAnchor(textOf(run));
      const misreads = text === sample.anchor ? 0 : allowed > 0 ? distance(text, sample.anchor) : Infinity;
      if (misreads > allowed) continue;
      const box = boxOf(run, sample.box.page);
      // A closer reading wins over a nearer place; among equal readings the nearer place.
      const score = misreads * 100_000 + Math.abs(box.x - sample.anchor_box.x) + Math.abs(box.y - sample.anchor_box.y);
      if (!best || score < best.score) best = { box, score };
    }
  }
  return best?.box ?? null;
}

const TEXT_FIELDS = new Set<LabelField>(['invoice_number', 'biller', 'recipient', 'payment_reference', 'biller_vat_id', 'recipient_vat_id']);

/** What one example reads on a new invoice: the words where the value stood relative to its anchor. */
export function readWithSample(pages: readonly PageWords[], field: LabelField, sample: FieldSample): LabelValue | null {
  const page = pages.find((p) => p.page === sample.box.page);
  if (!page) return null;
  const lines = linesOf(page);
  const anchor = findAnchor(lines, sample);
  if (sample.anchor && !anchor) return null;
  const dx = anchor && sample.anchor_box ? anchor.x - sample.anchor_box.x : 0;
  const dy = anchor && sample.anchor_box ? anchor.y - sample.anchor_box.y : 0;
  const box = { ...sample.box, x: sample.box.x + dx, y: sample.box.y + dy };
  const cy = box.y + box.height / 2;
  const line = lines.find((l) => cy >= l.top - 2 && cy <= l.bottom + 2);
  if (!line) return null;
  const pad = TEXT_FIELDS.has(field) ? 6 : Math.max(12, box.width * 0.5);
  const sameLine = anchor && Math.abs(anchor.y + anchor.height / 2 - cy) < box.height;
  const words = line.words.filter(
    (w) => w.x < box.x + box.width + pad && w.x + w.width > box.x - pad && (!sameLine || !anchor || w.x >= anchor.x + anchor.width - 1),
  );
  return words.length > 0 ? readLabelValue(field, textOf(words)) : null;
}

export interface Prediction {
  value: LabelValue;
  /** 0–1: the share of examples that read the same value, and how many there are. */
  confidence: number;
  examples: number;
}

/** The fields a supplier's model reads on a new invoice. */
export function predictFields(model: Pick<SupplierModelRecord, 'fields'>, pages: readonly PageWords[]): Partial<Record<LabelField, Prediction>> {
  const predictions: Partial<Record<LabelField, Prediction>> = {};
  for (const field of LABEL_FIELDS) {
    const samples = (model.fields[field] ?? []).slice(-MAX_SAMPLES);
    if (samples.length === 0) continue;
    const votes: Array<{ value: LabelValue; count: number }> = [];
    for (const sample of samples) {
      const value = readWithSample(pages, field, sample);
      if (value === null) continue;
      const vote = votes.find((v) => sameLabelValue(v.value, value));
      if (vote) vote.count++;
      else votes.push({ value, count: 1 });
    }
    const best = votes.sort((a, b) => b.count - a.count)[0];
    if (!best) continue;
    const confidence = round((best.count / samples.length) * Math.min(0.99, 0.75 + 0.08 * best.count));
    predictions[field] = { value: best.value, confidence, examples: samples.length };
  }
  return predictions;
}

/** A model with one document's examples replacing what that document taught before. */
export function withDocumentSamples(
  model: SupplierModelRecord,
  documentId: number,
  samples: Partial<Record<LabelField, FieldSample>>,
  at: string,
): SupplierModelRecord {
  const without = withoutDocument(model, documentId, at);
  const fields = { ...without.fields };
  for (const [field, sample] of Object.entries(samples) as Array<[LabelField, FieldSample]>)
    fields[field] = [...(fields[field] ?? []), sample].slice(-MAX_SAMPLES);
  return { ...without, fields, documents: Object.keys(samples).length > 0 ? [...without.documents, documentId] : without.documents, updated_at: at };
}

export function withoutDocument(model: SupplierModelRecord, documentId: number, at: string): SupplierModelRecord {
  const fields: SupplierModelRecord['fields'] = {};
  for (const [field, samples] of Object.entries(model.fields) as Array<[LabelField, FieldSample[]]>) {
    const kept = samples.filter((s) => s.document_id !== documentId);
    if (kept.length > 0) fields[field] = kept;
  }
  return { ...model, fields, documents: model.documents.filter((d) => d !== documentId), updated_at: at };
}

/** A new, empty model of a supplier of a client company. */
export function emptyModel(clientNo: number, key: string, at: string): SupplierModelRecord {
  return {
    id: `${clientNo}:${key}`,
    client_no: clientNo,
    key,
    vat_ids: [],
    ibans: [],
    names: [],
    supplier_name: null,
    documents: [],
    fields: {},
    updated_at: at,
  };
}

/** Adds the identities a document showed, so the next invoice is recognised by any of them. */
export function withIdentity(model: SupplierModelRecord, identity: SupplierIdentity): SupplierModelRecord {
  const add = (list: string[], value: string | null) => (value && !list.includes(value) ? [...list, value] : list);
  return {
    ...model,
    vat_ids: add(model.vat_ids, identity.vatId?.replace(/\s/g, '').toUpperCase() ?? null),
    ibans: add(model.ibans, identity.iban?.replace(/\s/g, '').toUpperCase() ?? null),
    names: add(model.names, identity.name ? normName(identity.name) : null),
    supplier_name: model.supplier_name ?? identity.name,
  };
}
