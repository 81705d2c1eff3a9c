import { NonIdealState } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './editor.de.json';
import en from './editor.en.json';
import { EditorView } from './EditorView';
import { InboxView } from './InboxView';
import './editor.css';

addFeatureTranslations('editor', { en, de });

/** /document-editor/{client} (the inbox) and /document-editor/{client}/{documentId} (one item in the editor). */
const EditorScreen = observer(function EditorScreen() {
  const { company } = useStores();
  const { t } = useTranslation();
  const { client, documentId } = useParams();
  const clientNo = company.loaded ? company.resolveClient(client) : null;
  if (company.loaded && clientNo === null) return <NonIdealState icon="office" title={t('editor.inbox.noClient')} />;
  if (clientNo === null) return null;
  const id = Number(documentId);
  if (documentId !== undefined && Number.isSafeInteger(id) && id > 0) return <EditorView key={id} id={id} clientNo={clientNo} />;
  return <InboxView clientNo={clientNo} />;
});

export default EditorScreen;
