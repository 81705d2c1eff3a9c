import { Button } from '@blueprintjs/core';
import { SERVICES, type DocumentRecord, type EditorDocumentRecord } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../app/stores-context';

/** Whether the document's pages can still change in the document editor: `ded`, a PDF or image, not yet confirmed. */
export function mayEditPages(record: Pick<DocumentRecord, 'confirmed' | 'booked' | 'deleted' | 'media_type'>, hasDed: boolean): boolean {
  return hasDed && !record.confirmed && !record.booked && !record.deleted && !/xml/.test(record.media_type);
}

/** "Edit pages": opens (or reopens) the document's working copy in the document editor. */
export function EditPagesButton({ record }: { record: DocumentRecord }) {
  const { client, ui } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    client
      .service<EditorDocumentRecord>(SERVICES.editorDocument)
      .create({ documentId: record.id })
      .then((copy) => navigate(`/document-editor/${record.client_no}/${copy.id}`))
      .catch((e: unknown) => {
        setBusy(false);
        ui.error(e);
      });
  };
  return (
    <Button
      className="portal-document-download"
      icon="multi-select"
      size="small"
      text={t('lineage.editPages')}
      loading={busy}
      onClick={open}
      data-testid="document-edit-pages"
    />
  );
}
