import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FILING_CATEGORY_CODES, type FilingCategoryCode } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import type { EditorStore } from './EditorStore';

/** Name, client and document group of the item (spec: renameDocument, move). */
export const FilingFields = observer(function FilingFields({ store }: { store: EditorStore }) {
  const { company } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = store.record!;
  const [title, setTitle] = useState(record.title);
  useEffect(() => setTitle(record.title), [record.title]);
  const locked = !store.editable || store.busy !== null;
  const saveTitle = () => {
    if (title.trim() !== record.title) void store.rename(title);
  };
  const moveClient = async (clientNo: number) => {
    if (await store.move({ client_no: clientNo })) navigate(`/document-editor/${clientNo}/${record.id}`, { replace: true });
  };
  return (
    <div className="portal-editor-fields">
      <FormGroup label={t('editor.editor.name')} labelFor="editor-title" className="portal-editor-title">
        <InputGroup
          id="editor-title"
          value={title}
          disabled={locked}
          onValueChange={setTitle}
          onBlur={saveTitle}
          onKeyDown={(e) => e.key === 'Enter' && saveTitle()}
          rightElement={
            title.trim() !== record.title && !locked ? (
              <Button variant="minimal" icon="tick" aria-label={t('editor.editor.save')} onClick={saveTitle} />
            ) : undefined
          }
          data-testid="editor-title"
        />
      </FormGroup>
      <FormGroup label={t('editor.editor.client')} labelFor="editor-client">
        <HTMLSelect
          id="editor-client"
          value={record.client_no}
          disabled={locked || record.kind === 'revision'}
          onChange={(e) => void moveClient(Number(e.currentTarget.value))}
          options={company.sorted.map((c) => ({ value: c.company_no, label: `${c.company_no} ${c.company_name}` }))}
          data-testid="editor-client"
        />
      </FormGroup>
      <FormGroup label={t('editor.editor.group')} labelFor="editor-group">
        <HTMLSelect
          id="editor-group"
          value={record.category ?? ''}
          disabled={locked || record.kind === 'revision'}
          onChange={(e) => void store.move({ category: e.currentTarget.value as FilingCategoryCode })}
          options={[
            ...(record.category ? [] : [{ value: '', label: t('editor.editor.chooseGroup'), disabled: true }]),
            ...FILING_CATEGORY_CODES.map((c) => ({ value: c, label: t(`documents.tabs.${c}`) })),
          ]}
          data-testid="editor-group"
        />
      </FormGroup>
    </div>
  );
});
