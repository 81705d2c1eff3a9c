import { DOCUMENT_FLAGS, ORIGIN, type FieldSample, type LabelBox, type LabelField, type PageWords, type SupplierModelRecord } from '@portal/contracts';
import {
  emptyModel,
  evolveDocument,
  initialDocumentState,
  locateValue,
  modelMatches,
  sampleAt,
  supplierKeyOf,
  withDocumentSamples,
  withIdentity,
  withoutDocument,
  LABEL_BOOKING_FIELD,
  type DocumentEvent,
  type DocumentState,
  type SupplierIdentity,
  domainEventOf,
} from '@portal/domain';
import { collectionSpecs, SUPPLIER_MODELS, collection, put, remove } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';

const LEARNING_DOCUMENTS = collection<LearningDocument>('learning_documents');

/** What the projection keeps per document: the decider's state, the label boxes, the words file, its model. */
interface LearningDocument {
  id: number;
  state: DocumentState;
  boxes: Record<string, LabelBox>;
  words_sha256: string | null;
  vat_id: string | null;
  model_id: string | null;
}

/** Events after which a document teaches something else. */
const TEACHING = new Set([
  'DocumentFieldLabeled',
  'DocumentLabelUndone',
  'DocumentConfirmed',
  'DocumentFieldsEdited',
  'DocumentPurged',
  'DocumentTextExtracted',
  'DocumentFieldsExtracted',
]);

type Existing = Exclude<DocumentState, { status: 'none' }>;

function identityOf(doc: LearningDocument, state: Existing): SupplierIdentity {
  return { vatId: state.vatIds.biller ?? doc.vat_id, iban: state.fields.iban, name: state.fields.biller };
}

/** The examples a document gives: each field's latest label, and for a confirmed document the confirmed values found on the page. */
function samplesOf(doc: LearningDocument, state: Existing, pages: PageWords[]): Partial<Record<LabelField, FieldSample>> {
  const samples: Partial<Record<LabelField, FieldSample>> = {};
  for (const label of state.labels) {
    const box = doc.boxes[label.id];
    if (box) samples[label.field] = sampleAt(pages, box, doc.id, ORIGIN.Human_Labeling);
  }
  if ((state.flags & DOCUMENT_FLAGS.Confirmed) === 0) return samples;
  const values: Partial<Record<LabelField, string | number>> = {};
  for (const [field, name] of Object.entries(LABEL_BOOKING_FIELD) as Array<[LabelField, keyof Existing['fields']]>) {
    const value = state.fields[name];
    if (value !== null && value !== undefined && (typeof value === 'string' || typeof value === 'number')) values[field] = value;
  }
  if (state.vatIds.biller) values.biller_vat_id = state.vatIds.biller;
  if (state.vatIds.recipient) values.recipient_vat_id = state.vatIds.recipient;
  for (const [field, value] of Object.entries(values) as Array<[LabelField, string | number]>) {
    if (samples[field]) continue;
    const box = locateValue(pages, field, value);
    if (box) samples[field] = sampleAt(pages, box, doc.id, ORIGIN.Human_Confirmation);
  }
  return samples;
}

async function pagesOf(view: ProjectionView, sha256: string | null): Promise<PageWords[]> {
  if (!sha256) return [];
  const json = await view.readText(sha256);
  try {
    return json ? (JSON.parse(json) as PageWords[]) : [];
  } catch {
    return [];
  }
}

/**
 * supplier-models: per client company and supplier (recognised by VAT ID, IBAN or name), where each field
 * stood on the supplier's labeled and confirmed invoices and which words stood before it. The worker reads
 * it for the next invoice of that supplier (origin Machine_Learning 10).
 */
export const supplierModelsProjection: Projection = {
  name: 'supplier-models',
  version: 1,
  collections: [...collectionSpecs(SUPPLIER_MODELS), { name: LEARNING_DOCUMENTS, indexes: [] }],
  handles: [
    'DocumentUploaded',
    'DocumentTextExtracted',
    'DocumentFieldsExtracted',
    'DocumentFlagged',
    'DocumentClassified',
    'DocumentRenamed',
    'DocumentConfirmed',
    'DocumentBooked',
    'DocumentFieldsEdited',
    'DocumentErpStatusRecorded',
    'DocumentMovedToTrash',
    'DocumentRestored',
    'DocumentPurged',
    'DocumentFieldLabeled',
    'DocumentLabelUndone',
    'DocumentPayrollMarked',
    'DocumentSearchablePdfCreated',
  ],
  async project(recorded, view) {
    const event = domainEventOf<DocumentEvent>(recorded);
    const id = Number(recorded.streamId.replace(/^document-/, ''));
    const at = recorded.metadata.time;
    const before = await view.get(LEARNING_DOCUMENTS, id);
    const doc: LearningDocument = before
      ? { ...before, state: evolveDocument(before.state, event) }
      : { id, state: evolveDocument(initialDocumentState, event), boxes: {}, words_sha256: null, vat_id: null, model_id: null };
    if (event.type === 'DocumentFieldLabeled') doc.boxes = { ...doc.boxes, [event.data.labelId]: event.data.box };
    if (event.type === 'DocumentLabelUndone') doc.boxes = Object.fromEntries(Object.entries(doc.boxes).filter(([k]) => k !== event.data.labelId));
    if (event.type === 'DocumentTextExtracted') doc.words_sha256 = event.data.wordsSha256 ?? null;
    if (event.type === 'DocumentFieldsExtracted') doc.vat_id = event.data.fields.biller?.vat_id ?? null;
    const changes: ChangeIntent[] = [];
    const state = doc.state;
    if (state.status === 'none') return [];
    if (!TEACHING.has(event.type)) return [put(LEARNING_DOCUMENTS, { ...doc })];

    // Take the document's examples out of the model it taught before.
    const clientNo = state.clientNo;
    const models = new Map<string, SupplierModelRecord>();
    if (doc.model_id) {
      const old = await view.get(SUPPLIER_MODELS, doc.model_id);
      if (old) models.set(old.id, withoutDocument(old, id, at));
    }
    const teaches = state.status !== 'purged' && (state.labels.length > 0 || (state.flags & DOCUMENT_FLAGS.Confirmed) !== 0);
    doc.model_id = null;
    if (teaches) {
      const identity = identityOf(doc, state);
      const key = supplierKeyOf(identity);
      const samples = key ? samplesOf(doc, state, await pagesOf(view, doc.words_sha256)) : {};
      if (key && Object.keys(samples).length > 0) {
        const known =
          [...models.values()].find((m) => modelMatches(m, identity)) ??
          (await view.findWhere(SUPPLIER_MODELS, { client_no: clientNo })).find((m) => modelMatches(m, identity));
        const base = known ? (models.get(known.id) ?? known) : emptyModel(clientNo, key, at);
        const model = withDocumentSamples(withIdentity(base, identity), id, samples, at);
        models.set(model.id, model);
        doc.model_id = model.id;
      }
    }
    for (const model of models.values()) {
      changes.push(model.documents.length === 0 ? remove(SUPPLIER_MODELS, model.id) : put(SUPPLIER_MODELS, { ...model }));
    }
    changes.push(state.status === 'purged' ? remove(LEARNING_DOCUMENTS, id) : put(LEARNING_DOCUMENTS, { ...doc }));
    return changes;
  },
};
