import { BadRequest, mayAccessClient, NotFound, type DocumentRecord, type EditorDocumentRecord, type User } from '@portal/contracts';
import { editorDocumentDecider, editorDocumentStreamId, EDITOR_MESSAGES, type EditorDocumentState } from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import { COMPANIES, DOCUMENTS, EDITOR_DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { mayReadDocument } from '../audit/document-access';
import { mayReadPayrollMarked, payrollScope } from '../documents/document-read-rule';

export const editorNotFound = () => NotFound(EDITOR_MESSAGES.notFound);

/** Who sees an item of the editor besides its client: a working copy of a payroll document only with dpv (the documents' rule). */
export const EDITOR_READ_RULE = { scope: payrollScope, mayRead: mayReadPayrollMarked };

export const wholeId = (raw: unknown, what = 'id'): number => {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw BadRequest(`Invalid ${what} '${String(raw)}'.`);
  return n;
};

/** Reads what the editor works on, always as one user: another client's item or document is NotFound. */
export class EditorAccess {
  constructor(
    readonly reads: ReadStore,
    private readonly events: EventStore,
  ) {}

  async item(user: User, id: number): Promise<EditorDocumentRecord> {
    const record = await this.reads.get(EDITOR_DOCUMENTS, id);
    if (!record || !mayAccessClient(user, record.client_no) || !EDITOR_READ_RULE.mayRead(user, record)) throw editorNotFound();
    return record;
  }

  async document(user: User, id: number): Promise<DocumentRecord> {
    const record = await this.reads.get(DOCUMENTS, id);
    if (!record || record.deleted || !mayReadDocument(user, record as never)) throw editorNotFound();
    return record;
  }

  async company(user: User, clientNo: number): Promise<void> {
    if (!Number.isSafeInteger(clientNo) || !mayAccessClient(user, clientNo) || !(await this.reads.get(COMPANIES, clientNo)))
      throw NotFound(`No record found for id '${clientNo}'`);
  }

  /** The item's state from its own stream (the read model may lag a moment behind). */
  async state(id: number): Promise<EditorDocumentState> {
    const stream = await this.events.readStream(editorDocumentStreamId(id));
    return stream.reduce((s, e) => editorDocumentDecider.evolve(s, e as never), editorDocumentDecider.initialState);
  }
}
