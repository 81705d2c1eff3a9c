import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import type { DocumentRecord, EditorDocumentRecord, Paginated } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { xhrInboxUploader } from '../../api/editor-files';
import { useStores } from '../../app/stores-context';
import type { EditorStore } from './EditorStore';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/tiff,.pdf,.png,.jpg,.jpeg,.tif,.tiff';

/**
 * "Add pages": the pages of another waiting item of the client or of an unconfirmed document, copied in
 * after the focused page; or a file uploaded to the inbox and merged in at once.
 */
export function AddPagesMenu({ store }: { store: EditorStore }) {
  const root = useStores();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<EditorDocumentRecord[]>([]);
  const [documents, setDocuments] = useState<DocumentRecord[]>([]);
  const record = store.record!;

  const load = async () => {
    const [waiting, docs] = await Promise.all([
      root.client
        .service<EditorDocumentRecord>(SERVICES.editorDocument)
        .find({ client_no: record.client_no, is_processed_documents_accumulator: null, $sort: { received_at: -1 }, $limit: 50 }) as Promise<
        Paginated<EditorDocumentRecord>
      >,
      root.client
        .service<DocumentRecord>(SERVICES.documents)
        .find({
          client_no: record.client_no,
          confirmed: false,
          deleted: false,
          category: { $in: ['ER_U', 'AR_U', 'KA', 'Other'] },
          $sort: { uploaded_at: -1 },
          $limit: 30,
        })
        .catch(() => ({ data: [] as DocumentRecord[] })) as Promise<Paginated<DocumentRecord>>,
    ]);
    setItems(waiting.data.filter((i) => i.id !== record.id));
    setDocuments(docs.data.filter((d) => d.id !== record.target_document_id && !/xml/.test(d.media_type)));
  };

  const at = store.pages.length ? store.focused + 1 : 0;

  return (
    <>
      <Popover
        placement="bottom-start"
        onOpening={() => void load()}
        content={
          <Menu data-testid="add-pages-menu">
            <MenuItem icon="upload" text={t('editor.editor.addUpload')} onClick={() => input.current?.click()} data-testid="add-upload" />
            <MenuDivider title={t('editor.editor.addFrom')} />
            {items.map((i) => (
              <MenuItem
                key={`e${i.id}`}
                icon="inbox"
                text={i.title}
                label={t('editor.inbox.pages', { count: i.page_count })}
                onClick={() => void store.addPages('editor', i.id, at)}
                data-testid="add-from-item"
              />
            ))}
            {documents.length ? <MenuDivider title={t('editor.editor.addDocument')} /> : null}
            {documents.map((d) => (
              <MenuItem
                key={`d${d.id}`}
                icon="document"
                text={d.title}
                onClick={() => void store.addPages('document', d.id, at)}
                data-testid="add-from-document"
              />
            ))}
            {items.length === 0 && documents.length === 0 ? <MenuItem disabled text={t('editor.editor.addNothing')} /> : null}
          </Menu>
        }
      >
        <Button icon="add" disabled={!store.editable || store.busy !== null} data-testid="editor-add-pages">
          {t('editor.editor.addPages')}
        </Button>
      </Popover>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('editor.editor.addUpload')}
        data-testid="add-upload-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void store.addUpload(file, xhrInboxUploader);
        }}
      />
    </>
  );
}
